// `npm run bench`: the simulator against the physical limit (a bare node:http server sending the same bytes),
// measured side by side in one run on this machine. Never part of `npm test`. Writes bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChild, type Child } from './child.js';
import { drive, probe, type LoadResult } from './load.js';
import { markdownReport, type BenchResults, type CatalogueResults, type LoadRow } from './report.js';
import { ALICE_READ, FIRST_ANSWER, loadScenarios, moderateSearch, type LoadScenario } from './scenarios.js';
import { queueableTitles } from './queue-titles.js';

const HERE = dirname(fileURLToPath(import.meta.url)); // dist/bench
const ROOT = join(HERE, '..', '..');
const MAIN = join(ROOT, 'dist', 'src', 'main.js');
const BARE = join(HERE, 'bare-server.js');
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 10);
const CATALOGUES = (process.env['BENCH_SCENARIOS'] ?? 'default,large').split(',');
const STARTS = 3;

async function main(): Promise<void> {
  const started = Date.now();
  const bare = await startChild(BARE, []);
  const results: BenchResults = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    loadAverage: loadavg()[0]!,
    seconds: SECONDS,
    connections: CONNECTIONS,
    catalogues: [],
  };
  try {
    for (const name of CATALOGUES) results.catalogues.push(await benchCatalogue(name, bare));
  } finally {
    await bare.stop();
  }
  results.totalSeconds = (Date.now() - started) / 1000;
  const outDir = join(ROOT, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'latest.json'), JSON.stringify(results, null, 2) + '\n');
  const md = markdownReport(results);
  writeFileSync(join(outDir, 'latest.md'), md);
  process.stdout.write('\n' + md);
}

async function benchCatalogue(scenario: string, bare: Child): Promise<CatalogueResults> {
  log(`== ${scenario}`);
  const startups: number[] = [];
  let sim: Child | undefined;
  for (let i = 0; i < STARTS; i++) {
    await sim?.stop();
    const t0 = performance.now();
    sim = await startChild(MAIN, ['--port', '0', '--scenario', scenario], t0);
    await probe(sim.url, FIRST_ANSWER, {});
    startups.push(performance.now() - t0);
    log(`start-up to first answer: ${startups.at(-1)!.toFixed(0)} ms (listening after ${sim.listeningMs.toFixed(0)} ms)`);
  }
  const out: CatalogueResults = { scenario, startupMs: startups, load: [] };
  try {
    const titles = await queueableTitles(sim!.url, 60);
    for (const s of loadScenarios(titles)) out.load.push(await sideBySide(s, sim!, bare));
    if (scenario === 'large') {
      const m = moderateSearch();
      await drive(sim!.url, m.steps, { connections: 4, seconds: 1, rate: 200 });
      const r = await drive(sim!.url, m.steps, { connections: 4, seconds: SECONDS, rate: 200 });
      log(`${m.name}: p50 ${r.p50} ms, p99 ${r.p99} ms (${r.rps.toFixed(0)} req/s, ${r.bad} bad)`);
      out.moderateSearch = r;
    }
    out.memory = sim!.rssMb();
    out.reset = await resetTimings(sim!.url);
    log(`reset ${out.reset.resetMs.toFixed(2)} ms; first read after reset ${out.reset.firstReadMs.toFixed(2)} ms vs warm ${out.reset.warmReadMs.toFixed(2)} ms; RSS ${out.memory?.rss.toFixed(0)} MB`);
  } finally {
    await sim!.stop();
  }
  return out;
}

/** The simulator, then the bare server with a body of the same size, each warmed up first. */
async function sideBySide(s: LoadScenario, sim: Child, bare: Child): Promise<LoadRow> {
  const sizes: number[] = [];
  let sample = '';
  for (let i = 0; i < 8; i++) {
    const cycle = {};
    s.begin?.(cycle);
    for (const step of s.steps) {
      const p = await probe(sim.url, step, cycle);
      sizes.push(p.bytes);
      sample ||= p.body;
    }
  }
  const bytes = Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length);
  await fetch(`${bare.url}/__bare/body`, { method: 'PUT', body: Buffer.from(sample.padEnd(bytes, ' ')).subarray(0, bytes) });
  const opts = { connections: CONNECTIONS, seconds: SECONDS };
  await drive(sim.url, s.steps, { ...opts, seconds: 1 }, s.begin);
  const simResult = await drive(sim.url, s.steps, opts, s.begin, sim.cpuMs);
  await drive(bare.url, s.steps, { ...opts, seconds: 1 }, s.begin);
  const bareResult = await drive(bare.url, s.steps, opts, s.begin, bare.cpuMs);
  const ratio = simResult.rps / bareResult.rps;
  log(`${s.name}: ${fmt(simResult)} | bare ${fmt(bareResult)} | ratio ${ratio.toFixed(2)} (target ${s.target})`);
  return { name: s.name, bytes, target: s.target, sim: simResult, bare: bareResult, ratio };
}

/** Admin reset round trip, and what the first signed read after it costs (it makes the new sandbox). */
async function resetTimings(url: string): Promise<{ resetMs: number; firstReadMs: number; warmReadMs: number }> {
  const reset: number[] = [];
  const first: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < 20; i++) {
    let t = performance.now();
    const res = await fetch(`${url}/__admin/reset`, { method: 'POST' });
    await res.text();
    if (!res.ok) throw new Error(`reset answered ${res.status}`);
    reset.push(performance.now() - t);
    t = performance.now();
    await probe(url, ALICE_READ, {});
    first.push(performance.now() - t);
    t = performance.now();
    await probe(url, ALICE_READ, {});
    warm.push(performance.now() - t);
  }
  return { resetMs: median(reset), firstReadMs: median(first), warmReadMs: median(warm) };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const fmt = (r: LoadResult) =>
  `${r.rps.toFixed(0)} req/s p50 ${r.p50} p99 ${r.p99} ms, ${r.cpuUs?.toFixed(0) ?? '?'} us CPU/req${r.bad ? ` (${r.bad} bad)` : ''}`;
const log = (line: string) => process.stdout.write(line + '\n');

main().catch((e: unknown) => {
  process.stderr.write(`bench: ${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
