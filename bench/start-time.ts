// `npm run bench -- start`: the README's start command (`npm start`, with nothing to build) against
// `node dist/src/main.js`, each timed from spawn to its first answer (a signed search), alternated so that a
// change in the shared machine's load hits both alike. Target: the ratio of medians at most 2.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { probe } from './load.js';
import { FIRST_ANSWER } from './scenarios.js';

const HERE = dirname(fileURLToPath(import.meta.url)); // dist/bench
const ROOT = join(HERE, '..', '..');
const ROUNDS = Number(process.env['BENCH_START_ROUNDS'] ?? 7);
const TARGET = 2;

interface Command {
  name: string;
  file: string;
  args: string[];
}

const COMMANDS: readonly Command[] = [
  { name: 'node dist/src/main.js', file: process.execPath, args: ['dist/src/main.js', '--port', '0'] },
  { name: 'npm start', file: 'npm', args: ['start', '--', '--port', '0'] },
];

export interface StartTimeResult {
  rounds: number;
  /** Milliseconds from spawn to the first answer, every round, per command. */
  ms: Record<string, number[]>;
  medianMs: Record<string, number>;
  /** npm start's median over node's: at most 2 is the target. */
  ratio: number;
  target: number;
}

export async function startTime(): Promise<StartTimeResult> {
  // One start that is not counted: builds dist/ if a source changed, and warms the file cache for both.
  log(`warm-up npm start: ${(await firstAnswerMs(COMMANDS[1]!)).toFixed(0)} ms`);
  const ms: Record<string, number[]> = Object.fromEntries(COMMANDS.map((c) => [c.name, []]));
  for (let r = 0; r < ROUNDS; r++) {
    for (const c of COMMANDS) ms[c.name]!.push(Math.round(await firstAnswerMs(c)));
    log(`round ${r + 1}: ${COMMANDS.map((c) => `${c.name} ${ms[c.name]!.at(-1)!.toFixed(0)} ms`).join(', ')}`);
  }
  const medianMs = Object.fromEntries(COMMANDS.map((c) => [c.name, median(ms[c.name]!)]));
  const ratio = Math.round((medianMs['npm start']! / medianMs['node dist/src/main.js']!) * 100) / 100;
  const result: StartTimeResult = { rounds: ROUNDS, ms, medianMs, ratio, target: TARGET };
  log(`median: ${COMMANDS.map((c) => `${c.name} ${medianMs[c.name]!.toFixed(0)} ms`).join(', ')}; ratio ${ratio.toFixed(2)} (target <= ${TARGET})`);
  const out = join(ROOT, 'bench', 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    join(out, 'start-time.json'),
    JSON.stringify({ date: new Date().toISOString(), node: process.version, loadAverage: loadavg()[0], ...result }, null, 2) + '\n',
  );
  return result;
}

/** Spawn to the first 200 answer; then SIGTERM, and the process (npm's too) must be gone before the next. */
async function firstAnswerMs(c: Command): Promise<number> {
  const t0 = performance.now();
  const proc = spawn(c.file, c.args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] });
  const exited = once(proc, 'exit');
  try {
    const lines = createInterface({ input: proc.stdout! });
    const url = await new Promise<string>((resolve, reject) => {
      proc.once('exit', (code) => reject(new Error(`${c.name} exited with ${code} before listening`)));
      lines.on('line', (line) => {
        const m = /listening on (http:\/\/\S+)/.exec(line);
        if (m) resolve(m[1]!);
      });
    });
    await probe(url, FIRST_ANSWER, {});
    return performance.now() - t0;
  } finally {
    proc.kill('SIGTERM');
    await exited;
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

const log = (line: string) => process.stdout.write(line + '\n');
