// Run as a worker thread by src/world/seed-template.ts: checks a big scenario's titles against its catalogue
// (the snapshot file, opened read-only here too) and builds its state template, off the simulator's event
// loop; posts back the template's bytes or the scenario's problem.
import { parseScenario } from '../scenarios/parse-scenario.js';
import { ScenarioError } from '../scenarios/scenario-error.js';
import type { Scenario } from '../scenarios/scenario-schema.js';
import { openCatalogSnapshot } from '../store/catalog-snapshot.js';
import { CatalogStore } from '../store/catalog-store.js';
import { answerJob } from '../scenarios/worker-answer.js';
import { seedTemplate } from './seed-template.js';

interface Job {
  /** The scenario, or the text of a big upload to parse again (the world keeps only its outline). */
  scenario?: Scenario;
  text?: string;
  file: string;
  catalogFile: string;
  loadedAt: number;
}

answerJob(({ scenario: given, text, file, catalogFile, loadedAt }: Job) => {
  const catalog = new CatalogStore(openCatalogSnapshot(catalogFile));
  try {
    return { template: seedTemplate(given ?? parseScenario(text!, file), file, catalog, loadedAt) };
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    return { problem: { file: e.file, path: e.path, problem: e.problem } };
  } finally {
    catalog.db.close();
  }
});
