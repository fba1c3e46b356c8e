// `node dist/bench/profile.js <scenario substring> [catalogue] [seconds]`: drives one load scenario against a
// simulator started with --cpu-prof and leaves the profile in .cache/profiles/ (open it in Chrome DevTools).
// With NO_PROFILE=1 it only measures: requests per second and the simulator's CPU time per request.
import { join } from 'node:path';
import { startChild } from './child.js';
import { drive } from './load.js';
import { queueableTitles } from './queue-titles.js';
import { loadScenarios } from './scenarios.js';

const [which = 'search', catalogue = 'default', seconds = '8'] = process.argv.slice(2);
const root = join(import.meta.dirname ?? '.', '..', '..');
const dir = join(root, '.cache', 'profiles');
const sim = await startChild(
  join(root, 'dist', 'src', 'main.js'),
  ['--port', '0', '--scenario', catalogue],
  performance.now(),
  process.env['NO_PROFILE'] ? [] : ['--cpu-prof', `--cpu-prof-dir=${dir}`],
);
const titles = which.includes('add') ? await queueableTitles(sim.url, 60) : [];
const scenario = loadScenarios(titles).find((s) => s.name.includes(which));
if (!scenario) throw new Error(`no load scenario matches ${which}`);
await drive(sim.url, scenario.steps, { connections: 10, seconds: 1 }, scenario.begin);
const r = await drive(sim.url, scenario.steps, { connections: 10, seconds: Number(seconds) }, scenario.begin, sim.cpuMs);
process.stdout.write(`${scenario.name}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.cpuUs?.toFixed(0)} us CPU/req, ${r.bad} bad\n`);
await sim.stop();
