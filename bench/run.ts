// `npm run bench`: the simulator against the physical limit (a bare node:http server sending the same bytes),
// measured side by side in one run on this machine. Never part of `npm test`. Writes bench/results/.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChild, type Child } from './child.js';
import { drive, probe, type LoadResult } from './load.js';
import { firstTime } from './first-time.js';
import {
  firstTimeTable,
  markdownReport,
  stallsTable,
  twoTeamsTable,
  type BenchResults,
  type CatalogueResults,
  type LoadRow,
  type OnDiskResults,
} from './report.js';
import { drivePaced } from './paced.js';
import { ALICE_READ, FIRST_ANSWER, loadScenarios, moderateSearch, type LoadScenario } from './scenarios.js';
import { queueableTitles } from './queue-titles.js';
import { soak } from './soak.js';
import { stalls } from './stalls.js';
import { startTime } from './start-time.js';
import { twoTeams } from './two-teams.js';

const HERE = dirname(fileURLToPath(import.meta.url)); // dist/bench
const ROOT = join(HERE, '..', '..');
const MAIN = join(ROOT, 'dist', 'src', 'main.js');
const BARE = join(HERE, 'bare-server.js');
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 6);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 10);
const CATALOGUES = (process.env['BENCH_SCENARIOS'] ?? 'default,large').split(',');
const STARTS = 3;
/** Each side-by-side measure alternates the servers this many times (BENCH_ROUNDS: more, for a noisy machine). */
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
/**
 * BENCH_ONLY=<regular expression>: only the load rows whose name it matches, on each catalogue, with nothing else (no
 * start-up series beyond the first, moderate load, memory, first-time, reset or stalls): a quick A/B.
 */
const ONLY = process.env['BENCH_ONLY'];
const only = ONLY === undefined ? undefined : new RegExp(ONLY);
/**
 * BENCH_VARIANTS=<name>=<main.js>,...: other builds of the simulator (one speed mechanism patched out, an
 * older commit), started beside this one on each catalogue and driven in the same alternating rounds, so an
 * A/B is measured in one window of the shared machine. Each gets its ratio to both bare servers, and its RSS
 * after the rows.
 */
const VARIANTS = (process.env['BENCH_VARIANTS'] ?? '')
  .split(',')
  .filter((v) => v !== '')
  .map((v) => {
    const [name, main] = v.split('=');
    return { name: name!, main: main! };
  });
/** Moderate load for the latency target: about a quarter of what the simulator serves of new (uncached) searches. */
const MODERATE_RATE = 100;

async function main(): Promise<void> {
  const started = Date.now();
  const bare = await startChild(BARE, []);
  const ceiling = await startChild(BARE, ['--at-once']);
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
    for (const name of CATALOGUES) results.catalogues.push(await benchCatalogue(name, { bare, ceiling }));
    // BENCH_ONLY='on disk' (with BENCH_SCENARIOS=default) runs these rows alone.
    if (only === undefined || only.test('on disk')) results.onDisk = await benchOnDisk({ bare, ceiling });
  } finally {
    await bare.stop();
    await ceiling.stop();
  }
  if (ONLY === undefined) {
    log('== stalls');
    results.stalls = await stalls(log);
    log('== two teams');
    results.twoTeams = await twoTeams(log);
  }
  results.totalSeconds = (Date.now() - started) / 1000;
  if (ONLY !== undefined) {
    // A partial run is no record: printed, never written over bench/results/latest.*.
    process.stdout.write('\n' + markdownReport(results));
    return;
  }
  const outDir = join(ROOT, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'latest.json'), JSON.stringify(results, null, 2) + '\n');
  const md = markdownReport(results);
  writeFileSync(join(outDir, 'latest.md'), md);
  process.stdout.write('\n' + md);
}

/** The two bare servers: answering in batches as the simulator does, and each request at once. */
interface Bares {
  bare: Child;
  ceiling: Child;
}

/** A variant build started on one catalogue. */
interface RunningVariant {
  name: string;
  child: Child;
}

async function benchCatalogue(scenario: string, bares: Bares): Promise<CatalogueResults> {
  log(`== ${scenario}`);
  const startups: number[] = [];
  let sim: Child | undefined;
  for (let i = 0; i < (ONLY === undefined ? STARTS : 1); i++) {
    await sim?.stop();
    const t0 = performance.now();
    sim = await startChild(MAIN, ['--port', '0', '--scenario', scenario], t0);
    await probe(sim.url, FIRST_ANSWER, {});
    startups.push(performance.now() - t0);
    log(`start-up to first answer: ${startups.at(-1)!.toFixed(0)} ms (listening after ${sim.listeningMs.toFixed(0)} ms)`);
  }
  const out: CatalogueResults = { scenario, startupMs: startups, load: [] };
  const variants: RunningVariant[] = [];
  try {
    for (const v of VARIANTS) {
      const child = await startChild(v.main, ['--port', '0', '--scenario', scenario]);
      variants.push({ name: v.name, child });
      await probe(child.url, FIRST_ANSWER, {});
    }
    const titles = await queueableTitles(sim!.url, 60);
    for (const v of variants) await queueableTitles(v.child.url, 60);
    for (const s of loadScenarios(titles)) if (only === undefined || only.test(s.name)) out.load.push(await sideBySide(s, sim!, variants, bares));
    if (variants.length > 0) {
      out.variantMemory = [{ name: 'this one', rss: sim!.rssMb()?.rss ?? NaN }, ...variants.map((v) => ({ name: v.name, rss: v.child.rssMb()?.rss ?? NaN }))];
      log(`RSS after the rows: ${out.variantMemory.map((v) => `${v.name} ${v.rss.toFixed(0)} MB`).join('; ')}`);
    }
    if (ONLY !== undefined) return out;
    if (scenario === 'large') {
      const m = moderateSearch();
      await drivePaced(sim!.url, m.steps[0]!, { connections: 4, seconds: 1, rate: MODERATE_RATE });
      const r = await drivePaced(sim!.url, m.steps[0]!, { connections: 4, seconds: SECONDS, rate: MODERATE_RATE }, sim!.cpuMs);
      log(`${m.name}: p50 ${r.p50} ms, p99 ${r.p99} ms (${r.rps.toFixed(0)} req/s, ${r.cpuUs?.toFixed(0)} us CPU/req, ${r.bad} bad)`);
      out.moderateSearch = r;
      // The same rate through autocannon, whose rate limit sends each connection's share of a second in one burst.
      const b = await drive(sim!.url, m.steps, { connections: 4, seconds: SECONDS, rate: MODERATE_RATE }, undefined, sim!.cpuMs);
      log(`${m.name}, autocannon bursts: p50 ${b.p50} ms, p99 ${b.p99} ms (${b.rps.toFixed(0)} req/s, ${b.bad} bad)`);
      out.moderateSearchBursts = b;
    }
    // Read after the same loads as ever, so the figure compares with earlier runs; the first-time section's
    // answers (250 expanded titles: ~2.5 MB each) grow the heap further, reported beside it.
    out.memory = sim!.rssMb();
    if (scenario === 'large') {
      out.firstTime = await firstTime(sim!, { seconds: SECONDS, log });
      out.memoryAfterFirstTime = sim!.rssMb();
    }
    if (scenario === 'large') out.memoryTight = await memoryWithSmallYoungGeneration(scenario);
    out.reset = await resetTimings(sim!.url);
    log(
      `reset ${out.reset.resetMs.toFixed(2)} ms; first read after reset ${out.reset.firstReadMs.toFixed(2)} ms vs warm ${out.reset.warmReadMs.toFixed(2)} ms; RSS ${out.memory?.rss.toFixed(0)} MB`,
    );
  } finally {
    await sim!.stop();
    for (const v of variants) await v.child.stop();
  }
  return out;
}

/**
 * The simulator (and any variant builds), then the bare server answering in batches and the one answering at
 * once, each with a body of the same size and warmed up first, in alternating rounds.
 */
async function sideBySide(s: LoadScenario, sim: Child, variants: RunningVariant[], bares: Bares): Promise<LoadRow> {
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
  const body = Buffer.from(sample.padEnd(bytes, ' ')).subarray(0, bytes);
  for (const b of [bares.bare, bares.ceiling]) await fetch(`${b.url}/__bare/body`, { method: 'PUT', body });
  const servers = [sim, ...variants.map((v) => v.child), bares.bare, bares.ceiling];
  for (const server of servers) await drive(server.url, s.steps, { connections: CONNECTIONS, seconds: 1 }, s.begin);
  // Alternating short rounds, so that a change in the shared machine's load hits every server alike.
  const opts = { connections: CONNECTIONS, seconds: SECONDS / ROUNDS };
  const rounds: LoadResult[][] = servers.map(() => []);
  for (let r = 0; r < ROUNDS; r++) {
    for (const [i, server] of servers.entries()) rounds[i]!.push(await drive(server.url, s.steps, opts, s.begin, server.cpuMs));
  }
  const [simResult, ...others] = rounds.map(combined);
  const ceilingResult = others.pop()!;
  const bareResult = others.pop()!;
  const ratio = simResult!.rps / bareResult.rps;
  const ceilingRatio = simResult!.rps / ceilingResult.rps;
  log(
    `${s.name}: ${fmt(simResult!)} | bare ${fmt(bareResult)} | at once ${fmt(ceilingResult)} | ratio ${ratio.toFixed(2)}, to at once ${ceilingRatio.toFixed(2)} (target ${s.target ?? '-'})`,
  );
  const variantRows = variants.map((v, i) => {
    const result = others[i]!;
    const row = { name: v.name, result, ratio: result.rps / bareResult.rps, ceilingRatio: result.rps / ceilingResult.rps };
    log(`  ${v.name}: ${fmt(result)} | ratio ${row.ratio.toFixed(2)}, to at once ${row.ceilingRatio.toFixed(2)}`);
    return row;
  });
  return {
    name: s.name,
    bytes,
    target: s.target,
    sim: simResult!,
    bare: bareResult,
    ceiling: ceilingResult,
    ratio,
    ceilingRatio,
    ...(variantRows.length > 0 ? { variants: variantRows } : {}),
  };
}

/**
 * RSS after the same kinds of load with V8's young generation capped (`node --max-semi-space-size=2`): how
 * much of the default figure is heap V8 grew under load rather than data the simulator holds.
 */
async function memoryWithSmallYoungGeneration(scenario: string): Promise<{ flags: string; rss: number; peak: number; searchRps: number } | undefined> {
  const flags = ['--max-semi-space-size=2'];
  const sim = await startChild(MAIN, ['--port', '0', '--scenario', scenario], performance.now(), flags);
  try {
    const titles = await queueableTitles(sim.url, 60);
    let searchRps = 0;
    for (const s of loadScenarios(titles)) {
      const r = await drive(sim.url, s.steps, { connections: CONNECTIONS, seconds: 2 }, s.begin);
      if (s.name.startsWith('search (term')) searchRps = r.rps;
    }
    const m = sim.rssMb();
    log(`with ${flags.join(' ')}: RSS ${m?.rss.toFixed(0)} MB (peak ${m?.peak.toFixed(0)}), cached search ${searchRps.toFixed(0)} req/s`);
    return m && { flags: flags.join(' '), ...m, searchRps };
  } finally {
    await sim.stop();
  }
}

/** The load rows measured again with every sandbox in a file (--data-dir), and the write target on disk (issue 27). */
const ON_DISK_ROWS: Readonly<Record<string, number>> = { 'queue GET': 0.5, 'user ratings page': 0.5, 'queue add + delete': 0.15 };
/** Sandboxes made before the restart is timed (issue 27: restart with 200 sandboxes on disk to first answer). */
const RESTART_SANDBOXES = 200;

/**
 * Issue 27: the simulator with --data-dir on a fresh folder of the machine's temporary directory: signed
 * reads and writes beside the bare server, reset timings, and a restart with 200 sandboxes on disk to its
 * first answer.
 */
async function benchOnDisk(bares: Bares): Promise<OnDiskResults> {
  log('== on disk (--data-dir)');
  const dir = mkdtempSync(join(tmpdir(), 'rentalsim-bench-data-'));
  const args = ['--port', '0', '--scenario', 'default', '--data-dir', dir, '--open-prefix', 'bench-', '--open-secret', 's', '--max-sandboxes', '300'];
  let sim = await startChild(MAIN, args);
  try {
    await probe(sim.url, FIRST_ANSWER, {});
    const titles = await queueableTitles(sim.url, 60);
    const load: LoadRow[] = [];
    for (const s of loadScenarios(titles)) {
      const target = ON_DISK_ROWS[s.name];
      if (target !== undefined) load.push(await sideBySide({ ...s, name: `${s.name}, on disk`, target }, sim, [], bares));
    }
    const reset = await resetTimings(sim.url);
    log(`on disk: reset ${reset.resetMs.toFixed(2)} ms; first read after reset ${reset.firstReadMs.toFixed(2)} ms vs warm ${reset.warmReadMs.toFixed(2)} ms`);
    // A sandbox per open-mode key, each made by a signed read (a file each), then a clean stop and a start.
    for (let i = 0; i < RESTART_SANDBOXES; i++) {
      await probe(sim.url, { ...FIRST_ANSWER, signer: { consumer: { key: `bench-${i}`, secret: 's' } } }, {});
    }
    await sim.stop();
    const t0 = performance.now();
    sim = await startChild(MAIN, args, t0);
    await probe(sim.url, FIRST_ANSWER, {});
    const restartMs = performance.now() - t0;
    const listed = (await (await fetch(`${sim.url}/__admin/sandboxes`)).json()) as { held: number };
    log(`on disk: restart with ${listed.held} sandboxes to first answer ${restartMs.toFixed(0)} ms (listening after ${sim.listeningMs.toFixed(0)} ms)`);
    return { load, reset, restartMs, restoredSandboxes: listed.held };
  } finally {
    await sim.stop();
    rmSync(dir, { recursive: true, force: true });
  }
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

/** Rounds of one server as one result: requests over the whole time, the median p50, the worst p99. */
function combined(rounds: LoadResult[]): LoadResult {
  const requests = rounds.reduce((n, r) => n + r.requests, 0);
  const cpu = rounds.every((r) => r.cpuUs !== undefined) ? rounds.reduce((n, r) => n + r.cpuUs! * r.requests, 0) / requests : undefined;
  return {
    rps: rounds.reduce((n, r) => n + r.rps, 0) / rounds.length,
    p50: median(rounds.map((r) => r.p50)),
    p99: Math.max(...rounds.map((r) => r.p99)),
    requests,
    bad: rounds.reduce((n, r) => n + r.bad, 0),
    ...(cpu === undefined ? {} : { cpuUs: cpu }),
  };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const fmt = (r: LoadResult) =>
  `${r.rps.toFixed(0)} req/s p50 ${r.p50} p99 ${r.p99} ms, ${r.cpuUs?.toFixed(0) ?? '?'} us CPU/req${r.bad ? ` (${r.bad} bad)` : ''}`;
const log = (line: string) => process.stdout.write(line + '\n');

/**
 * `npm run bench -- first-time`: the first-time section alone, on a fresh large simulator, in about a
 * minute. Before it, new-term searches at the moderate rate, as the full run sends before its first-time
 * section, so the simulator's search code is as warm (JIT-compiled) as it is there and the numbers compare.
 */
async function firstTimeAlone(): Promise<void> {
  const sim = await startChild(MAIN, ['--port', '0', '--scenario', 'large']);
  try {
    await probe(sim.url, FIRST_ANSWER, {});
    const m = moderateSearch();
    await drivePaced(sim.url, m.steps[0]!, { connections: 4, seconds: 1 + SECONDS, rate: MODERATE_RATE });
    const rows = await firstTime(sim, { seconds: SECONDS, log });
    process.stdout.write('\n' + firstTimeTable('large', rows).join('\n') + '\n');
  } finally {
    await sim.stop();
  }
}

/** `npm run bench -- stalls`: the event-loop delay rows alone (bench/stalls.ts), in about half a minute. */
async function stallsAlone(): Promise<void> {
  log(`load average ${loadavg()[0]!.toFixed(1)} at start (the machine is shared)`);
  const rows = await stalls(log);
  process.stdout.write('\n' + stallsTable(rows).join('\n') + '\n');
}

/** `npm run bench -- two-teams`: team B's latency with team A idle, then hostile (bench/two-teams.ts), alone. */
async function twoTeamsAlone(): Promise<void> {
  log(`load average ${loadavg()[0]!.toFixed(1)} at start (the machine is shared)`);
  const rows = await twoTeams(log);
  log(`load average ${loadavg()[0]!.toFixed(1)} at the end`);
  process.stdout.write('\n' + twoTeamsTable(rows).join('\n') + '\n');
}

// `npm run bench -- soak`: the memory soak (bench/soak.ts) instead of the speed run; `-- start`: the
// README's start command against node dist/src/main.js, to the first answer (bench/start-time.ts);
// `-- first-time`: the first-time section alone (bench/first-time.ts); `-- stalls`: bench/stalls.ts alone;
// `-- two-teams`: bench/two-teams.ts alone.
const commands = new Map<string | undefined, () => Promise<unknown>>([
  ['soak', soak],
  ['start', startTime],
  ['first-time', firstTimeAlone],
  ['stalls', stallsAlone],
  ['two-teams', twoTeamsAlone],
]);
(commands.get(process.argv[2]) ?? main)().catch((e: unknown) => {
  process.stderr.write(`bench: ${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
