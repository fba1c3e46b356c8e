import { packageModule } from '../package-root.js';
import { checkReferences } from '../scenarios/check-references.js';
import { ScenarioError } from '../scenarios/scenario-error.js';
import type { Scenario } from '../scenarios/scenario-schema.js';
import { workerAnswer } from '../scenarios/worker-answer.js';
import type { CatalogStore } from '../store/catalog-store.js';
import { seedState } from '../scenarios/seed-state.js';
import { createStateDb, snapshotOf } from '../store/state-db.js';

const WORKER = packageModule(import.meta.url, 'world', 'template-worker');

/**
 * Scenarios with this many rows (users, tokens, ratings, reviews, queue and list items, rentals, stock) or
 * more have their template built in a worker thread. Seeding costs time in proportion to the rows, on the
 * event loop (a large export held it for seconds); a worker costs more to start than the usual scenario, of a
 * few hundred rows, costs to seed, so that is seeded in place.
 */
export const SEED_OFF_LOOP_FROM = 2_000;

/**
 * Checks a validated scenario's titles against its catalogue and builds its state template (the serialized
 * state database every sandbox starts from). A title missing is the scenario's ScenarioError.
 */
export function seedTemplate(scenario: Scenario, file: string, catalog: CatalogStore, loadedAt: number): Buffer {
  checkReferences(scenario, file, (id) => catalog.title(id));
  const db = createStateDb();
  seedState(db, scenario, (id) => catalog.title(id)?.discIds ?? [], loadedAt);
  const template = snapshotOf(db);
  db.close();
  return template;
}

/**
 * The same, in a worker thread for a big scenario; `catalogFile` is its catalogue's snapshot. With
 * `fullText` (a big upload, whose `scenario` is only its outline) the worker parses the text again.
 */
export async function seedTemplateLater(
  scenario: Scenario,
  file: string,
  catalog: CatalogStore,
  catalogFile: string,
  loadedAt: number,
  fullText?: string,
): Promise<Buffer> {
  if (fullText === undefined && rowsOf(scenario) < SEED_OFF_LOOP_FROM) return seedTemplate(scenario, file, catalog, loadedAt);
  const job = fullText === undefined ? { scenario, file, catalogFile, loadedAt } : { text: fullText, file, catalogFile, loadedAt };
  const answer = await workerAnswer<TemplateAnswer>(WORKER, job, "building the scenario's state");
  if ('problem' in answer) throw new ScenarioError(answer.problem.file, answer.problem.path, answer.problem.problem);
  return Buffer.from(answer.template.buffer, answer.template.byteOffset, answer.template.byteLength);
}

type TemplateAnswer = { template: Uint8Array } | { problem: { file: string; path: string; problem: string } };

function rowsOf(s: Scenario): number {
  let rows = s.users.length + s.stock.length;
  for (const u of s.users) {
    rows += u.access_tokens.length + u.ratings.length + u.reviews.length + u.rentals.length;
    for (const q of u.queues) rows += 1 + q.items.length;
    for (const l of u.lists) rows += 1 + l.items.length;
  }
  return rows;
}
