// Run as a worker thread by src/world/seed-template.ts: checks a big scenario's titles against its catalogue
// (the snapshot file, opened read-only here too) and builds its state template, off the simulator's event
// loop; posts back the template's bytes or the scenario's problem.
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { parseScenario } from '../scenarios/parse-scenario.js';
import { ScenarioError } from '../scenarios/scenario-error.js';
import type { Scenario } from '../scenarios/scenario-schema.js';
import { openCatalogSnapshot } from '../store/catalog-snapshot.js';
import { CatalogStore } from '../store/catalog-store.js';
import { WORKER_NICENESS } from '../scenarios/scenario-parser.js';
import { seedTemplate } from './seed-template.js';

interface Job {
  /** The scenario, or the text of a big upload to parse again (the world keeps only its outline). */
  scenario?: Scenario;
  text?: string;
  file: string;
  catalogFile: string;
  loadedAt: number;
}

// Below the simulator's priority, as the catalogue builds are: Linux keeps a nice value per thread, so this
// lowers this worker alone (elsewhere it would lower the whole process, so it is left as it is).
if (process.platform === 'linux') setPriority(WORKER_NICENESS);

parentPort!.once('message', ({ scenario: given, text, file, catalogFile, loadedAt }: Job) => {
  const catalog = new CatalogStore(openCatalogSnapshot(catalogFile));
  try {
    const scenario = given ?? parseScenario(text!, file);
    parentPort!.postMessage({ template: seedTemplate(scenario, file, catalog, loadedAt) });
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    parentPort!.postMessage({ problem: { file: e.file, path: e.path, problem: e.problem } });
  } finally {
    catalog.db.close();
  }
});
