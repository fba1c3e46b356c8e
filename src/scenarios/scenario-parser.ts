import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { packageModule } from '../package-root.js';
import type { CatalogStore } from '../store/catalog-store.js';
import { checkReferences } from './check-references.js';
import { ScenarioError } from './scenario-error.js';
import { type Scenario, scenarioSchema } from './scenario-schema.js';
import { seedTemplate } from './seed-state.js';
import { yamlValue } from './yaml-value.js';

const WORKER = packageModule(import.meta.url, 'scenarios', 'scenario-worker');

/**
 * Texts from this size on are parsed in a worker thread. Parsing and checking a scenario costs time in
 * proportion to its size on the event loop (a large upload held it long enough to stall every other request); a worker
 * costs more to start than a small text costs to parse, so smaller texts, all hand-written files, are parsed
 * in place.
 */
export const OFF_LOOP_FROM = 256 * 1024;

/**
 * Parses and validates scenario text (YAML, which includes JSON). Throws a ScenarioError naming the file,
 * the path inside it (e.g. `users[0].ratings[3].rating`) and what is wrong.
 */
export function parseScenario(text: string, file: string): Scenario {
  return validScenario(yamlOf(text, file), file);
}

function yamlOf(text: string, file: string): unknown {
  try {
    return yamlValue(text);
  } catch (e) {
    throw new ScenarioError(file, '', `not valid YAML or JSON: ${(e as Error).message.split('\n')[0]}`);
  }
}

function validScenario(raw: unknown, file: string): Scenario {
  const result = scenarioSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ScenarioError(file, formatPath(issue.path), issue.message);
  }
  return result.data;
}

function formatPath(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>((acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)), '');
}

/**
 * A scenario text parsed and checked (all but its titles), or why it cannot be used and the name it gives;
 * with the text's SHA-256 (hex), which tells versions of a file apart. A text parsed in a worker comes back
 * as its `outline` (scenarioOutline): copying every row between threads cost the event loop as much as
 * parsing them.
 */
export type ParsedText = ({ scenario: Scenario; outline?: true } | { error: ScenarioError; name: string | undefined }) & { hash: string };

/**
 * Parses uploaded scenario texts: a big one in a worker thread, so the simulator keeps answering meanwhile.
 * One worker at a time (each holds its text's value, up to a few hundred MB for the largest body allowed).
 */
export class ScenarioParser {
  private queue: Promise<unknown> = Promise.resolve();

  async parse(text: string, file: string): Promise<ParsedText> {
    if (text.length < OFF_LOOP_FROM) return { ...checkedText(text, file), hash: textHash(text) };
    const turn = this.queue.then(() => workerAnswer<ParsedText>({ text, file }, 'parsing the scenario'));
    this.queue = turn.catch(() => undefined);
    return turn;
  }
}

/** Parses and checks a scenario text here (all but its titles); a problem is returned with the name the text gives. */
export function checkedText(text: string, file: string): { scenario: Scenario } | { error: ScenarioError; name: string | undefined } {
  let raw: unknown;
  try {
    raw = yamlOf(text, file);
    const scenario = validScenario(raw, file);
    checkReferences(scenario, file);
    return { scenario };
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    // How a bad file is listed: by the `name:` it gives, if it is YAML with a string there.
    const name = raw && typeof raw === 'object' ? (raw as { name?: unknown }).name : undefined;
    return { error: e, name: typeof name === 'string' && name !== '' ? name : undefined };
  }
}

/** The SHA-256 (hex) of a scenario text, which tells versions of a file apart. */
export function textHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A scenario without what only its state template needs (the users' rows, the stock): what the world keeps of a big one. */
export function scenarioOutline(s: Scenario): Scenario {
  return {
    ...s,
    users: s.users.map((u) => ({ ...u, access_tokens: [], ratings: [], reviews: [], queues: [], rentals: [], lists: [] })),
    stock: [],
  };
}

/**
 * Scenarios with this many rows (users, tokens, ratings, reviews, queue and list items, rentals, stock) or
 * more have their template built in a worker thread. Seeding costs time in proportion to the rows, on the
 * event loop (a large export held it for seconds); a worker costs more to start than the usual scenario, of a
 * few hundred rows, costs to seed, so that is seeded in place.
 */
export const SEED_OFF_LOOP_FROM = 2_000;

/** What the worker needs to build a big scenario's template: the scenario, or the text of a big upload to parse again. */
export type SeedJob = { file: string; snapshot: string; loadedAt: number } & ({ scenario: Scenario } | { text: string });

/**
 * seedTemplate, in a worker thread for a big scenario; `snapshot` is its catalogue's file. With
 * `fullText` (a big upload, whose `scenario` is only its outline) the worker parses the text again.
 */
export async function seedTemplateLater(scenario: Scenario, file: string, catalog: CatalogStore, snapshot: string, loadedAt: number, fullText?: string) {
  if (fullText === undefined && rowsOf(scenario) < SEED_OFF_LOOP_FROM) return seedTemplate(scenario, file, catalog, loadedAt);
  const job: SeedJob = fullText === undefined ? { scenario, file, snapshot, loadedAt } : { text: fullText, file, snapshot, loadedAt };
  const answer = await workerAnswer<{ template: Uint8Array } | { error: ScenarioError }>(job, "building the scenario's state");
  if ('error' in answer) throw answer.error;
  return Buffer.from(answer.template.buffer, answer.template.byteOffset, answer.template.byteLength);
}

function rowsOf(s: Scenario): number {
  let rows = s.users.length + s.stock.length;
  for (const u of s.users) {
    rows += u.access_tokens.length + u.ratings.length + u.reviews.length + u.rentals.length;
    for (const q of u.queues) rows += 1 + q.items.length;
    for (const l of u.lists) rows += 1 + l.items.length;
  }
  return rows;
}

/**
 * Runs one job in a scenario worker of its own (scenario-worker.ts): posts `job` and resolves with the one
 * message the worker answers, its `problem` (a ScenarioError's fields: a class does not cross threads) as
 * that ScenarioError again (`error`), then ends it. `what` names the job in the errors (`parsing the
 * scenario`): a worker that fails, or exits without an answer, rejects.
 */
function workerAnswer<T>(job: unknown, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER.file, { execArgv: WORKER.execArgv });
    worker.once('message', ({ problem, ...answer }: { problem?: Pick<ScenarioError, 'file' | 'path' | 'problem'> }) => {
      void worker.terminate();
      resolve((problem ? { ...answer, error: new ScenarioError(problem.file, problem.path, problem.problem) } : answer) as T);
    });
    worker.once('error', (e) => reject(new Error(`rentalsim: ${what} in a worker failed: ${e.message}`)));
    // After an answer (its terminate) this rejects a promise already settled: nothing happens.
    worker.once('exit', (code) => reject(new Error(`rentalsim: the worker ${what} exited (${code}) without an answer`)));
    worker.postMessage(job);
  });
}
