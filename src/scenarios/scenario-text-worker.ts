// Run as a worker thread by src/scenarios/scenario-parser.ts: parses and checks one big scenario text off the
// simulator's event loop, and posts back the scenario or its problem (the titles are checked later, against
// the catalogue).
import { createHash } from 'node:crypto';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { checkReferences } from './check-references.js';
import { declaredName, parseScenario } from './parse-scenario.js';
import { ScenarioError } from './scenario-error.js';
import { scenarioOutline, WORKER_NICENESS } from './scenario-parser.js';

// Below the simulator's priority, as the catalogue builds are: Linux keeps a nice value per thread, so this
// lowers this worker alone (elsewhere it would lower the whole process, so it is left as it is).
if (process.platform === 'linux') setPriority(WORKER_NICENESS);

parentPort!.once('message', ({ text, file }: { text: string; file: string }) => {
  const hash = createHash('sha256').update(text).digest('hex');
  try {
    const scenario = parseScenario(text, file);
    checkReferences(scenario, file);
    parentPort!.postMessage({ scenario: scenarioOutline(scenario), outline: true, hash });
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    parentPort!.postMessage({ problem: { file: e.file, path: e.path, problem: e.problem }, name: declaredName(text), hash });
  }
});
