// Run as a worker thread by src/scenarios/scenario-parser.ts: parses and checks one big scenario text off the
// simulator's event loop, and posts back the scenario or its problem (the titles are checked later, against
// the catalogue).
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { checkedText, scenarioOutline, textHash, WORKER_NICENESS } from './scenario-parser.js';

// Below the simulator's priority, as the catalogue builds are: Linux keeps a nice value per thread, so this
// lowers this worker alone (elsewhere it would lower the whole process, so it is left as it is).
if (process.platform === 'linux') setPriority(WORKER_NICENESS);

parentPort!.once('message', ({ text, file }: { text: string; file: string }) => {
  const checked = checkedText(text, file);
  const hash = textHash(text);
  if ('scenario' in checked) parentPort!.postMessage({ scenario: scenarioOutline(checked.scenario), outline: true, hash });
  else parentPort!.postMessage({ problem: { file: checked.error.file, path: checked.error.path, problem: checked.error.problem }, name: checked.name, hash });
});
