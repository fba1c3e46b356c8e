// Run as a worker thread by src/scenarios/scenario-parser.ts, off the simulator's event loop, for one job:
// - a big scenario text: parses and checks it, and posts back its outline or its problem (the titles are
//   checked later, against the catalogue);
// - a big scenario's state (a SeedJob): checks its titles against its catalogue (the snapshot file, opened
//   read-only here too) and builds its template, and posts back the template's bytes or the scenario's problem.
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { openCatalogSnapshot } from '../store/catalog-db.js';
import { CatalogStore } from '../store/catalog-store.js';
import { ScenarioError } from './scenario-error.js';
import { checkedText, parseScenario, type SeedJob, scenarioOutline, textHash } from './scenario-parser.js';
import { seedTemplate } from './seed-state.js';

const problemOf = (e: ScenarioError) => ({ file: e.file, path: e.path, problem: e.problem });
/** How much lower than the simulator's the priority of this worker is (nice). */
const NICENESS = 10;

// Below the simulator's priority, as the catalogue builds are: Linux keeps a nice value per thread, so this
// lowers the worker alone (elsewhere it would lower the whole process, so it is left as it is).
if (process.platform === 'linux') setPriority(NICENESS);
parentPort!.once('message', (job) => parentPort!.postMessage(answer(job)));

/** The answer to the one job this worker is sent. */
function answer(job: SeedJob | { text: string; file: string }): unknown {
  if (!('snapshot' in job)) {
    const checked = checkedText(job.text, job.file);
    const hash = textHash(job.text);
    if ('scenario' in checked) return { scenario: scenarioOutline(checked.scenario), outline: true, hash };
    return { problem: problemOf(checked.error), name: checked.name, hash };
  }
  const catalog = new CatalogStore(openCatalogSnapshot(job.snapshot));
  try {
    return { template: seedTemplate('scenario' in job ? job.scenario : parseScenario(job.text, job.file), job.file, catalog, job.loadedAt) };
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    return { problem: problemOf(e) };
  } finally {
    catalog.db.close();
  }
}
