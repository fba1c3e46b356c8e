// `node dist/bench/first-search.js [scenario]`: the latency target alone (issue 8), without the whole bench:
// first searches for new terms at the moderate rate on the large catalogue, and new searches at full load,
// with the simulator's CPU per request. Same load generator and scenarios as bench/run.ts. PROFILE=1 starts
// the simulator with --cpu-prof (the profile lands in .cache/profiles/); MODERATE_ONLY=1 skips the full load.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChild } from './child.js';
import { drive, probe } from './load.js';
import { drivePaced } from './paced.js';
import { FIRST_ANSWER, loadScenarios, moderateSearch } from './scenarios.js';

const HERE = dirname(fileURLToPath(import.meta.url)); // dist/bench
const MAIN = join(HERE, '..', 'src', 'main.js');
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 6);
const scenario = process.argv[2] ?? 'large';

const ROOT = join(HERE, '..', '..');
const flags = process.env['PROFILE'] ? ['--cpu-prof', `--cpu-prof-dir=${join(ROOT, '.cache', 'profiles')}`] : [];
const sim = await startChild(MAIN, ['--port', '0', '--scenario', scenario], performance.now(), flags);
try {
  await probe(sim.url, FIRST_ANSWER, {});
  if (!process.env['MODERATE_ONLY']) {
    const fresh = loadScenarios([]).find((s) => s.name.startsWith('search, each one new'))!;
    await drive(sim.url, fresh.steps, { connections: 10, seconds: 1 });
    const full = await drive(sim.url, fresh.steps, { connections: 10, seconds: SECONDS / 2 }, undefined, sim.cpuMs);
    out(`${fresh.name}: ${full.rps.toFixed(0)} req/s, p50 ${full.p50} p99 ${full.p99} ms, ${full.cpuUs?.toFixed(0)} us CPU/req`);
  }
  const m = moderateSearch();
  await drivePaced(sim.url, m.steps[0]!, { connections: 4, seconds: 1, rate: 100 });
  const r = await drivePaced(sim.url, m.steps[0]!, { connections: 4, seconds: SECONDS, rate: 100 }, sim.cpuMs);
  out(`${m.name}, sent evenly: p50 ${r.p50} ms, p99 ${r.p99} ms (${r.rps.toFixed(0)} req/s, ${r.cpuUs?.toFixed(0)} us CPU/req, ${r.bad} bad)`);
  const b = await drive(sim.url, m.steps, { connections: 4, seconds: SECONDS, rate: 100 }, undefined, sim.cpuMs);
  out(`${m.name}, autocannon bursts: p50 ${b.p50} ms, p99 ${b.p99} ms (${b.rps.toFixed(0)} req/s, ${b.cpuUs?.toFixed(0)} us CPU/req, ${b.bad} bad)`);
} finally {
  await sim.stop();
}

function out(line: string): void {
  process.stdout.write(line + '\n');
}
