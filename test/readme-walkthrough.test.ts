import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../src/index.js';

/**
 * The README and the admin API page, followed as a newcomer follows them (issue 25 part 5): every shell
 * block marked `<!-- walkthrough -->` runs with bash, in order, against one simulator, as pasted but for
 * the port. Each must exit 0, leave nothing behind that the next one trips on, and every status a
 * `# 200: ...` comment names must be answered, in order. The simulator is in open mode with the secret the
 * Security example uses, so that example runs too.
 */
const ROOT = resolve(import.meta.dirname, '..');
const PAGES = ['README.md', 'docs/reference/admin-api.md'];
const MARK = /<!-- walkthrough -->\n```(sh|js)\n/g;

interface Block {
  page: string;
  line: number;
  /** `sh` runs with bash; `js` is a module node runs from the checkout, where its imports resolve. */
  lang: string;
  text: string;
}

function walkthroughBlocks(page: string): Block[] {
  const text = readFileSync(join(ROOT, page), 'utf8');
  const blocks: Block[] = [];
  for (const m of text.matchAll(MARK)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('\n```', start - 1);
    blocks.push({ page, line: text.slice(0, start).split('\n').length, lang: m[1]!, text: text.slice(start, end + 1) });
  }
  return blocks;
}

/** The statuses a block's comments say its curl calls answer: `# 200: alice's <user> document`. */
function promisedStatuses(block: string): number[] {
  return [...block.matchAll(/^# (\d{3}):/gm)].map((m) => Number(m[1]));
}

function isSubsequence(wanted: readonly number[], seen: readonly number[]): boolean {
  let i = 0;
  for (const status of seen) if (status === wanted[i]) i++;
  return i === wanted.length;
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

const BLOCKS = PAGES.flatMap(walkthroughBlocks);
/** The shell variables the pages set (`SIM=...`, `TOKEN=...; TOKEN_SECRET=...`): one terminal keeps them. */
const VARIABLES = [...new Set(BLOCKS.flatMap((b) => [...b.text.matchAll(/(?:^|;\s*)([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!)))];
let sim: Simulator;
let secondPort: number;
let cwd: string;
let state: string;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, scenario: 'default', openPrefix: 'ci-', openSecret: 's3cret' });
  secondPort = await freePort();
  cwd = mkdtempSync(join(tmpdir(), 'rentalsim-walkthrough-'));
  state = join(mkdtempSync(join(tmpdir(), 'rentalsim-walkthrough-state-')), 'variables.sh');
  writeFileSync(state, '');
}, 60_000);

afterAll(async () => {
  await sim?.close();
  if (cwd) rmSync(cwd, { recursive: true, force: true });
  if (state) rmSync(dirname(state), { recursive: true, force: true });
});

/**
 * `rentalsim` is the checkout's command from its sources (tsx), and `curl` also writes each answer's
 * status to stderr, one a line, so the run can be checked against the comments.
 */
function prelude(): string {
  return [
    'set -e -o pipefail',
    // A block that fails leaves no simulator of its own behind.
    "trap 'exit 143' TERM; trap 'kill $(jobs -p) 2>/dev/null || true' EXIT",
    // The alias the README defines, on the sources: `rentalsim ... &` is then the simulator's own process.
    'shopt -s expand_aliases',
    `alias rentalsim='node --import ${import.meta.resolve('tsx')} ${join(ROOT, 'src/main.ts')}'`,
    `curl() { command curl -w '%{stderr}%{http_code}\\n' "$@"; }`,
    `source ${JSON.stringify(state)}`,
    '',
  ].join('\n');
}

function runBash(script: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile('bash', ['-c', script], { cwd, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      done({ code, stdout, stderr });
    });
  });
}

describe('the README walkthrough, run in order against one simulator', () => {
  it('finds the marked blocks of both pages', () => {
    expect(BLOCKS.filter((b) => b.page === 'README.md').length).toBeGreaterThanOrEqual(5);
    expect(BLOCKS.filter((b) => b.page !== 'README.md').length).toBeGreaterThanOrEqual(10);
    expect(isSubsequence([200, 201], [0, 200, 404, 201])).toBe(true);
    expect(isSubsequence([201, 200], [200, 201])).toBe(false);
  });

  // One test per block, in the order of the pages: vitest runs a file's tests one after another.
  it.each(BLOCKS.map((b) => [`${b.page}:${b.line}`, b] as const))(
    '%s runs as pasted',
    async (_where, block) => {
      const script = block.text.replaceAll('127.0.0.1:8080', sim.url.replace('http://', '')).replaceAll('127.0.0.1:8081', `127.0.0.1:${secondPort}`);
      const program = block.lang === 'js' ? `(cd ${JSON.stringify(ROOT)} && node --input-type=module) <<'JS'\n${script}JS\n` : script;
      const keep = `\ndeclare -p ${VARIABLES.join(' ')} > ${JSON.stringify(state)} 2>/dev/null || true\n`;
      const { code, stdout, stderr } = await runBash(prelude() + program.replaceAll('--port 8081', `--port ${secondPort}`) + keep);
      const statuses = stderr
        .split('\n')
        .filter((l) => /^\d{3}$/.test(l))
        .map(Number);
      const report = `exit ${code}\nstatuses ${statuses.join(' ')}\nstderr:\n${stderr.slice(0, 4000)}\nstdout:\n${stdout.slice(0, 4000)}`;
      expect(code, report).toBe(0);
      expect(isSubsequence(promisedStatuses(block.text), statuses), report).toBe(true);
      // A module prints what its comment says: `console.log(res.status, ...)   // 200 <?xml ...`.
      for (const [, status] of block.text.matchAll(/console\.log\(.*\/\/ (\d{3}) /g)) expect(stdout, report).toMatch(new RegExp(`^${status} `, 'm'));
      // Every other answer is a success: a 4xx or 5xx the text does not promise is a step that went wrong (a
      // sandbox dropped twice, a title returned that is not at home). 000 is a wait loop polling a start.
      const promised = new Set(promisedStatuses(block.text));
      expect(
        statuses.filter((s) => s >= 400 && !promised.has(s)),
        report,
      ).toEqual([]);
    },
    180_000,
  );

  it('each block cleaned up after itself: default scenario, real clock, no faults or overrides, no files left', async () => {
    const get = async (path: string) => (await fetch(sim.url + path)).json();
    expect(await get('/__admin/scenarios')).toMatchObject({ active: 'default' });
    expect(await get('/__admin/clock')).toMatchObject({ mode: 'real' });
    expect(await get('/__admin/faults')).toMatchObject({ faults: [] });
    expect(await get('/__admin/overrides')).toMatchObject({ overrides: [] });
    expect(readdirSync(cwd)).toEqual([]);
    await expect(fetch(`http://127.0.0.1:${secondPort}/__admin/health`)).rejects.toThrow();
  });
});
