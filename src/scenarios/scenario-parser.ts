import { createHash } from 'node:crypto';
import { packageModule } from '../package-root.js';
import { checkReferences } from './check-references.js';
import { declaredName, parseScenario } from './parse-scenario.js';
import { ScenarioError } from './scenario-error.js';
import type { Scenario } from './scenario-schema.js';
import { workerAnswer } from './worker-answer.js';

const WORKER = packageModule(import.meta.url, 'scenarios', 'scenario-text-worker');

/**
 * Texts from this size on are parsed in a worker thread. Parsing and checking a scenario costs time in
 * proportion to its size on the event loop (a large upload held it long enough to stall every other request); a worker
 * costs more to start than a small text costs to parse, so smaller texts, all hand-written files, are parsed
 * in place.
 */
export const OFF_LOOP_FROM = 256 * 1024;

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
    const turn = this.queue.then(() => workerAnswer<WorkerAnswer>(WORKER, { text, file }, 'parsing the scenario'));
    this.queue = turn.catch(() => undefined);
    const m = await turn;
    if ('scenario' in m) return { scenario: m.scenario, outline: true, hash: m.hash };
    return { error: new ScenarioError(m.problem.file, m.problem.path, m.problem.problem), name: m.name, hash: m.hash };
  }
}

/** Parses and checks a scenario text here (all but its titles); a problem is returned with the name the text gives. */
export function checkedText(text: string, file: string): { scenario: Scenario } | { error: ScenarioError; name: string | undefined } {
  try {
    const scenario = parseScenario(text, file);
    checkReferences(scenario, file);
    return { scenario };
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    return { error: e, name: declaredName(text) };
  }
}

/** The SHA-256 (hex) of a scenario text, which tells versions of a file apart. */
export function textHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

type WorkerAnswer = ({ scenario: Scenario; outline: true } | { problem: { file: string; path: string; problem: string }; name: string | undefined }) & {
  hash: string;
};

/** A scenario without what only its state template needs (the users' rows, the stock): what the world keeps of a big one. */
export function scenarioOutline(s: Scenario): Scenario {
  return {
    ...s,
    users: s.users.map((u) => ({ ...u, access_tokens: [], ratings: [], reviews: [], queues: [], rentals: [], lists: [] })),
    stock: [],
  };
}
