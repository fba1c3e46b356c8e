import { FIRST_TIME_CONNECTIONS, FIRST_TIME_RATE, type FirstTimeRow } from './first-time.js';
import type { LoadResult } from './load.js';
import type { StallRow } from './stalls.js';
import type { TwoTeamsRow } from './two-teams.js';

export interface LoadRow {
  name: string;
  /** Mean answer size; the bare server sends this many bytes. */
  bytes: number;
  target?: number;
  sim: LoadResult;
  /** The bare server answering in batches, as the simulator does. */
  bare: LoadResult;
  /** The bare server answering each request at once: the plain ceiling. */
  ceiling: LoadResult;
  /** Simulator req/s over bare req/s, measured one right after the other. */
  ratio: number;
  /** Simulator req/s over the at-once bare server's. */
  ceilingRatio: number;
  /** Other builds measured in the same rounds (BENCH_VARIANTS), each with its ratios. */
  variants?: Array<{ name: string; result: LoadResult; ratio: number; ceilingRatio: number }>;
}

export interface CatalogueResults {
  scenario: string;
  /** Spawn to the first signed catalogue answer, each start (the first may build the catalogue snapshot). */
  startupMs: number[];
  load: LoadRow[];
  moderateSearch?: LoadResult;
  /** The same rate through autocannon's rate limit (a burst per connection at each second). */
  moderateSearchBursts?: LoadResult;
  reset?: { resetMs: number; firstReadMs: number; warmReadMs: number };
  memory?: { rss: number; peak: number } | undefined;
  /** RSS of this build and each variant build after the load rows alone (BENCH_VARIANTS). */
  variantMemory?: Array<{ name: string; rss: number }>;
  /** RSS after the first-time section too (large only; for information). */
  memoryAfterFirstTime?: { rss: number; peak: number } | undefined;
  /** The same loads with V8's young generation capped, for comparison. */
  memoryTight?: { flags: string; rss: number; peak: number; searchRps: number } | undefined;
  /** Issue 17: questions asked for the first time, at an even 20 requests/s (bench/first-time.ts). */
  firstTime?: FirstTimeRow[];
}

/** Issue 27: the simulator with every sandbox in a file of --data-dir. */
export interface OnDiskResults {
  load: LoadRow[];
  reset: { resetMs: number; firstReadMs: number; warmReadMs: number };
  /** Spawn to the first answer of a simulator starting on a folder of `restoredSandboxes` sandboxes. */
  restartMs: number;
  restoredSandboxes: number;
}

export interface BenchResults {
  date: string;
  node: string;
  cpus: number;
  loadAverage: number;
  seconds: number;
  connections: number;
  catalogues: CatalogueResults[];
  /** Issue 24: the event-loop delay, and another team's latency, while one team sends expensive requests. */
  stalls?: StallRow[];
  /** Issue 24: one team's signed reads while another team is idle, then hostile, on one shared instance. */
  twoTeams?: TwoTeamsRow[];
  /** Issue 27: reads, writes, reset and restart with --data-dir. */
  onDisk?: OnDiskResults;
  totalSeconds?: number;
}

const ms = (n: number) => (n < 10 ? n.toFixed(1) : n.toFixed(0));
const mark = (ok: boolean) => (ok ? 'met' : '**missed**');

/** Best start of the run (the first may have built the cached catalogue snapshot). */
export const warmStart = (c: CatalogueResults) => Math.min(...c.startupMs);

/** The short table committed as bench/results/latest.md (the README and docs/reference/performance.md link to it). */
export function markdownReport(r: BenchResults): string {
  const lines = [
    `Run ${r.date} on Node ${r.node}, ${r.cpus} CPUs (load average ${r.loadAverage.toFixed(1)} at start: the machine is shared), ` +
      `${r.connections} connections, ${r.seconds} s per server per scenario in alternating rounds; the bare server sends the same number ` +
      'of bytes, run two ways: answering in batches, as the simulator does (bare, the ratio the targets hold), and answering each request ' +
      'at once (the ceiling). p99 is the worst of the rounds; CPU time per request is read from /proc.',
    '',
    '| catalogue | scenario | bytes | simulator req/s | p50 / p99 ms | bare req/s | bare p50 / p99 ms | ratio | target | ceiling req/s | ratio to ceiling | CPU µs/req simulator / bare / ceiling |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |',
  ];
  for (const c of r.catalogues) {
    for (const row of c.load) {
      const bad = row.sim.bad > 0 ? ` (${row.sim.bad} bad answers)` : '';
      lines.push(
        `| ${c.scenario} | ${row.name} | ${row.bytes} | ${row.sim.rps.toFixed(0)}${bad} | ${row.sim.p50} / ${row.sim.p99} | ` +
          `${row.bare.rps.toFixed(0)} | ${row.bare.p50} / ${row.bare.p99} | ${row.ratio.toFixed(2)} | ${row.target === undefined ? '-' : `>= ${row.target}: ${mark(row.ratio >= row.target && row.sim.bad === 0)}`} | ` +
          `${row.ceiling.rps.toFixed(0)} | ${row.ceilingRatio.toFixed(2)} | ` +
          `${row.sim.cpuUs?.toFixed(0) ?? '?'} / ${row.bare.cpuUs?.toFixed(0) ?? '?'} / ${row.ceiling.cpuUs?.toFixed(0) ?? '?'} |`,
      );
    }
  }
  if (r.catalogues.some((c) => c.load.some((row) => row.variants))) lines.push('', ...variantsTable(r.catalogues));
  lines.push('', '| catalogue | measure | value | target |', '| --- | --- | ---: | --- |');
  for (const c of r.catalogues) {
    const start = warmStart(c);
    lines.push(
      `| ${c.scenario} | start-up to first answer (best of ${c.startupMs.length}; each: ${c.startupMs.map(ms).join(', ')}) | ${ms(start)} ms | ` +
        (c.scenario === 'default' ? `< 500 ms: ${mark(start < 500)}` : '-') +
        ' |',
    );
    if (c.reset) {
      lines.push(
        `| ${c.scenario} | reset (POST /__admin/reset round trip, median) | ${c.reset.resetMs.toFixed(2)} ms | < 20 ms: ${mark(c.reset.resetMs < 20)} |`,
      );
      const sandbox = Math.max(0, c.reset.firstReadMs - c.reset.warmReadMs);
      lines.push(
        `| ${c.scenario} | new sandbox (first read after a reset minus a warm read, median) | ${sandbox.toFixed(2)} ms | < 20 ms: ${mark(sandbox < 20)} |`,
      );
    }
    if (c.moderateSearch) {
      const m = c.moderateSearch;
      lines.push(
        `| ${c.scenario} | p99 of first searches for new terms (title words, then pairs; none cached) at ${m.rps.toFixed(0)} req/s sent evenly (p50 ${m.p50} ms; ` +
          `the simulator's CPU per search ${m.cpuUs === undefined ? '?' : (m.cpuUs / 1000).toFixed(1)} ms) | ${m.p99} ms | < 10 ms: ${mark(m.p99 < 10 && m.bad === 0)} |`,
      );
      const b = c.moderateSearchBursts;
      if (b)
        lines.push(
          `| ${c.scenario} | the same through autocannon's rate limit (each connection's 25 requests of a second in one burst; p50 ${b.p50} ms) | ${b.p99} ms | - |`,
        );
    }
    if (c.memory) {
      lines.push(
        `| ${c.scenario} | RSS after load, with the command's own young generation (decision 12; peak ${c.memory.peak.toFixed(0)} MB) | ${c.memory.rss.toFixed(0)} MB | ` +
          (c.scenario === 'large' ? `< 300 MB: ${mark(c.memory.rss < 300)}` : '-') +
          ' |',
      );
    }
    if (c.memoryAfterFirstTime) {
      const m = c.memoryAfterFirstTime;
      lines.push(`| ${c.scenario} | RSS after the first-time section too (peak ${m.peak.toFixed(0)} MB) | ${m.rss.toFixed(0)} MB | - |`);
    }
    if (c.memoryTight) {
      const m = c.memoryTight;
      lines.push(
        `| ${c.scenario} | RSS after the same loads (2 s each) with \`node ${m.flags}\` (peak ${m.peak.toFixed(0)} MB; cached search ${m.searchRps.toFixed(0)} req/s) | ${m.rss.toFixed(0)} MB | - |`,
      );
    }
  }
  for (const c of r.catalogues) if (c.firstTime) lines.push('', ...firstTimeTable(c.scenario, c.firstTime));
  if (r.stalls) lines.push('', ...stallsTable(r.stalls));
  if (r.twoTeams) lines.push('', ...twoTeamsTable(r.twoTeams));
  if (r.onDisk) lines.push('', ...onDiskTable(r.onDisk));
  if (r.totalSeconds !== undefined) lines.push('', `The whole run took ${r.totalSeconds.toFixed(0)} s.`);
  return lines.join('\n') + '\n';
}

/** Variant builds beside this one (BENCH_VARIANTS), in the same rounds: ratios, CPU per request, RSS after the rows. */
function variantsTable(catalogues: readonly CatalogueResults[]): string[] {
  const lines = [
    '| catalogue | scenario | build | req/s | ratio to bare / ceiling | CPU µs/req | RSS after the rows MB |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: |',
  ];
  for (const c of catalogues) {
    for (const row of c.load) {
      lines.push(
        `| ${c.scenario} | ${row.name} | this one | ${row.sim.rps.toFixed(0)} | ${row.ratio.toFixed(2)} / ${row.ceilingRatio.toFixed(2)} | ${row.sim.cpuUs?.toFixed(0) ?? '?'} | ${c.variantMemory?.[0]?.rss.toFixed(0) ?? '?'} |`,
      );
      for (const v of row.variants ?? []) {
        const rss = c.variantMemory?.find((m) => m.name === v.name)?.rss;
        lines.push(
          `| ${c.scenario} | ${row.name} | ${v.name} | ${v.result.rps.toFixed(0)} | ${v.ratio.toFixed(2)} / ${v.ceilingRatio.toFixed(2)} | ${v.result.cpuUs?.toFixed(0) ?? '?'} | ${rss?.toFixed(0) ?? '?'} |`,
        );
      }
    }
  }
  return lines;
}

/** The first-time section as a markdown table, with its heading (also printed by `npm run bench -- first-time`). */
export function firstTimeTable(scenario: string, rows: readonly FirstTimeRow[]): string[] {
  const lines = [
    `First-time questions on \`${scenario}\` (issue 17): each request new to the simulator (no answer or search cache has it), ` +
      `sent evenly at ${FIRST_TIME_RATE} requests/s over ${FIRST_TIME_CONNECTIONS} connections; ` +
      "latency counted from when each request was due; CPU is the simulator's, from /proc (10 ms ticks).",
    '',
    '| item | requests | bad | p50 ms | p99 ms | CPU µs/req | target | |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- | --- |',
  ];
  for (const row of rows) {
    const r = row.result;
    const name = `${row.name} (e.g. \`${row.example}\`${row.note ? `; ${row.note}` : ''})`;
    const target = row.p99TargetMs === undefined ? '-' : `p99 < ${row.p99TargetMs} ms`;
    const met = row.p99TargetMs === undefined ? '-' : mark(r.p99 < row.p99TargetMs && r.bad === 0);
    lines.push(`| ${name} | ${r.requests} | ${r.bad} | ${r.p50} | ${r.p99} | ${r.cpuUs?.toFixed(0) ?? '?'} | ${target} | ${met} |`);
  }
  return lines;
}

/** Event-loop delay while a big scenario builds / a hostile form posts (issue 24; `npm run bench -- stalls`). */
export function stallsTable(rows: readonly StallRow[]): string[] {
  const lines = [
    "Event-loop delay while one team sends expensive requests (issue 24): the simulator in the bench's own process, `monitorEventLoopDelay` " +
      "at 1 ms resolution, and another team's requests (an admin health check and a signed search, one after the other) timed meanwhile. " +
      'The baseline row is the machine alone: its maximum is what other processes on a shared box cost.',
    '',
    '| while | took s | loop delay p99 / max ms | other team: requests | p99 / max ms | target |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const r of rows) {
    const target = r.name.startsWith('baseline') ? '-' : `loop p99 < 50 ms: ${mark(r.loopP99Ms < 50)}`;
    lines.push(
      `| ${r.name} | ${r.seconds.toFixed(1)} | ${ms(r.loopP99Ms)} / ${ms(r.loopMaxMs)} | ${r.others} | ${ms(r.otherP99Ms)} / ${ms(r.otherMaxMs)} | ${target} |`,
    );
  }
  return lines;
}

/** Issue 27: the rows measured with --data-dir (each sandbox a SQLite file, WAL, synchronous NORMAL). */
export function onDiskTable(d: OnDiskResults): string[] {
  const lines = [
    'On disk (issue 27): the default catalogue with `--data-dir` on a fresh folder of the temporary directory, every sandbox a SQLite file ' +
      '(docs/reference/data-dir.md); each row beside the bare server as above.',
    '',
    '| scenario | simulator req/s | p50 / p99 ms | bare req/s | ratio | target | CPU µs/req simulator / bare |',
    '| --- | ---: | ---: | ---: | ---: | --- | ---: |',
  ];
  for (const row of d.load) {
    const bad = row.sim.bad > 0 ? ` (${row.sim.bad} bad answers)` : '';
    lines.push(
      `| ${row.name} | ${row.sim.rps.toFixed(0)}${bad} | ${row.sim.p50} / ${row.sim.p99} | ${row.bare.rps.toFixed(0)} | ${row.ratio.toFixed(2)} | ` +
        `${row.target === undefined ? '-' : `>= ${row.target}: ${mark(row.ratio >= row.target && row.sim.bad === 0)}`} | ` +
        `${row.sim.cpuUs?.toFixed(0) ?? '?'} / ${row.bare.cpuUs?.toFixed(0) ?? '?'} |`,
    );
  }
  lines.push(
    '',
    '| measure | value | target |',
    '| --- | ---: | --- |',
    `| reset on disk (admin round trip, median of 20) | ${ms(d.reset.resetMs)} ms | < 50 ms: ${mark(d.reset.resetMs < 50)} |`,
    `| first signed read after a reset on disk (makes the new file) / warm | ${ms(d.reset.firstReadMs)} / ${ms(d.reset.warmReadMs)} ms | - |`,
    `| restart with ${d.restoredSandboxes} sandboxes on disk to first answer | ${ms(d.restartMs)} ms | < 2000 ms: ${mark(d.restartMs < 2000)} |`,
  );
  return lines;
}

/** Team B's latency beside team A, idle then hostile (issue 24; `npm run bench -- two-teams`). */
export function twoTeamsTable(rows: readonly TwoTeamsRow[]): string[] {
  const lines = [
    "Two teams on one shared instance (issue 24): open mode with an admin token, the simulator in the bench's own process. Team B sends signed " +
      "reads one after another (a search, and a user's ratings), first while team A is idle, then while team A sends everything issue 24 " +
      'lists, signed as its own key and unsigned as an outsider: a Trailer override, a replayed request meeting its scoped fault, an 11-minute ' +
      "clock advance, '*' faults and overrides, overrides past its share (one of 1 MB), 64 KB forms of `=&` 4 at a time, scenario switches and " +
      "uploads, reads of B's journal and coverage, exports of other keys, its journal clear and reset. No target: B's answers must stay right " +
      '(test/tenancy.test.ts), and its latency is recorded beside the idle row.',
    '',
    '| while | took s | team A: requests (unexpected answers) | team B: reads (not 200) | B p50 / p99 / max ms | loop delay p99 / max ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.name} | ${r.seconds.toFixed(1)} | ${r.aRequests} (${r.aUnexpected}) | ${r.bReads} (${r.bBad}) | ${ms(r.bP50Ms)} / ${ms(r.bP99Ms)} / ${ms(r.bMaxMs)} | ` +
        `${ms(r.loopP99Ms)} / ${ms(r.loopMaxMs)} |`,
    );
  }
  return lines;
}
