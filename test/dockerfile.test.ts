import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { SEMI_SPACE_FLAG } from '../src/cli/young-generation.js';
import { loadConfig } from '../src/config.js';
import { contextFiles, dockerIgnore } from './support/docker-context.js';
import { testWorld } from './support/world.js';

// test/container/run.sh builds the image and runs it where a Docker engine is; these keep the Dockerfile honest
// by what can be checked without one: its inputs reach the build, the context stays small, the build needs
// nothing from a registry but its base and npm packages, the health check asks a real route, and the clean-up
// of better-sqlite3 leaves a module that opens a database.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
const excluded = dockerIgnore(readFileSync(join(ROOT, '.dockerignore'), 'utf8'));

interface Instruction {
  op: string;
  args: string;
  stage: number;
}

/** The Dockerfile's instructions, continuation lines joined, each with the index of its build stage. */
function instructions(text: string): Instruction[] {
  let stage = -1;
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((line) => {
      const [op = '', ...rest] = line.split(/\s+/);
      if (op === 'FROM') stage++;
      return { op, args: rest.join(' '), stage };
    });
}

const all = instructions(dockerfile);
const lastStage = Math.max(...all.map((i) => i.stage));
/** COPY sources taken from the build context (not from another stage). */
const contextCopies = all
  .filter((i) => i.op === 'COPY' && !i.args.includes('--from='))
  .flatMap((i) =>
    i.args
      .split(/\s+/)
      .filter((w) => !w.startsWith('--'))
      .slice(0, -1),
  );

describe('Dockerfile and .dockerignore', () => {
  it.each(contextCopies)('COPY %s names a file of the repository that the context sends', (source) => {
    expect(existsSync(join(ROOT, source)), `${source} is not in the repository`).toBe(true);
    expect(excluded(source), `${source} is left out by .dockerignore`).toBe(false);
    if (statSync(join(ROOT, source)).isDirectory()) {
      expect(
        contextFiles(ROOT).some((f) => f.startsWith(`${source}/`)),
        `nothing under ${source} is sent`,
      ).toBe(true);
    }
  });

  it.each([
    'node_modules/express/package.json',
    'dist/src/main.js',
    '.git/HEAD',
    '.cache/catalog/x.sqlite',
    'test/readme.test.ts',
    'bench/results/latest.json',
    '.ci/reports/unit.json',
    'src/config.test.ts',
    'src/http/x.log',
    'isolate-0x1-v8.log',
  ])('the context leaves out %s', (path) => {
    expect(excluded(path)).toBe(true);
  });

  it('the context is the sources, not the working tree: under 5 MB (176 MB before .dockerignore)', () => {
    const files = contextFiles(ROOT);
    expect(files).toContain('src/main.ts');
    const bytes = files.reduce((sum, f) => sum + statSync(join(ROOT, f)).size, 0);
    expect(bytes).toBeLessThan(5_000_000);
  });

  it("needs nothing from a registry but its base and npm's packages: no `# syntax=` frontend, no apt-get, no compiler", () => {
    // A `# syntax=` line (a parser directive, before any instruction) makes BuildKit pull a frontend image first.
    expect(dockerfile).not.toMatch(/^#\s*syntax\s*=/im);
    const runs = all.filter((i) => i.op === 'RUN').map((i) => i.args);
    expect(runs.filter((r) => /apt-get|apk |g\+\+|python3|node-gyp|npm rebuild/.test(r))).toEqual([]);
    // better-sqlite3 13 carries its prebuilt addons; no dependency's install script runs in the image.
    expect(runs.find((r) => r.startsWith('npm ci'))).toContain('--ignore-scripts');
  });

  it("both stages start from NODE_IMAGE, by default the official slim image of .node-version's line", () => {
    const line = readFileSync(join(ROOT, '.node-version'), 'utf8').trim();
    expect(/^ARG NODE_IMAGE=(\S+)$/m.exec(dockerfile)?.[1]).toBe(`node:${line}-bookworm-slim`);
    const from = '$' + '{NODE_IMAGE}'; // the build argument, written as the Dockerfile writes it
    expect(all.filter((i) => i.op === 'FROM').map((i) => i.args)).toEqual([`${from} AS build`, from]);
  });

  it('the HEALTHCHECK asks a route that answers 200 healthy without the admin token', async () => {
    const check = all.find((i) => i.op === 'HEALTHCHECK');
    const path = /http:\/\/127\.0\.0\.1:'\+\(process\.env\.PORT\|\|8080\)\+'(\/[^']+)'/.exec(check?.args ?? '')?.[1];
    expect(path).toBe('/__admin/health');
    const { app } = testWorld('default', { adminToken: 'not-known-to-the-healthcheck' });
    const res = await request(app).get(path!);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('healthy');
  });

  it('the runtime stage installs nothing, runs as node on every interface and starts the built main.ts', () => {
    const runtime = all.filter((i) => i.stage === lastStage);
    expect(runtime.filter((i) => i.op === 'RUN')).toEqual([]);
    expect(runtime.filter((i) => i.args.includes('--from=build')).map((i) => i.args.split(/\s+/).at(-2))).toEqual([
      '/app/node_modules',
      '/app/dist/src',
      '/app/.cache',
      '/data',
    ]);
    // The simulator touches a cached catalogue snapshot when it opens it: root-owned, that would fail as node.
    expect(runtime.find((i) => i.args.includes('/app/.cache'))?.args).toContain('--chown=node');
    expect(runtime.find((i) => i.op === 'ENV')?.args).toContain('HOST=0.0.0.0');
    expect(runtime.find((i) => i.op === 'USER')?.args).toBe('node');
    // With the command's young generation given to node, so it need not restart itself for it (src/cli/young-generation.ts).
    expect(runtime.find((i) => i.op === 'ENTRYPOINT')?.args).toBe(`["node", "${SEMI_SPACE_FLAG}", "dist/src/main.js"]`);
    expect(existsSync(join(ROOT, 'src/main.ts'))).toBe(true);
  });

  it('keeps its sandboxes in a data folder declared a volume, owned by node, that rentalsim reads from DATA_DIR', () => {
    const runtime = all.filter((i) => i.stage === lastStage);
    const env = Object.fromEntries(runtime.filter((i) => i.op === 'ENV').flatMap((i) => i.args.split(/\s+/).map((kv) => kv.split('=') as [string, string])));
    expect(loadConfig(env, []).dataDir).toBe('/data');
    const volume = runtime.findIndex((i) => i.op === 'VOLUME');
    expect(runtime[volume]?.args).toBe('/data');
    // The folder is copied in, owned by node, before VOLUME: a build step after VOLUME cannot change the folder,
    // and an empty named volume takes the owner of the folder it is mounted on, so uid 1000 can write it.
    const copy = runtime.findIndex((i) => i.op === 'COPY' && i.args.split(/\s+/).at(-1) === '/data');
    expect(copy).toBeGreaterThanOrEqual(0);
    expect(copy).toBeLessThan(volume);
    expect(runtime[copy]?.args).toContain('--chown=node:node');
    expect(all.filter((i) => i.op === 'RUN' && i.stage < lastStage).map((i) => i.args)).toContain('mkdir /data');
  });

  describe("the build stage's clean-up of better-sqlite3", () => {
    const dir = mkdtempSync(join(tmpdir(), 'rentalsim-docker-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("leaves lib/ and this platform's prebuilt addon, which still opens a database, and nothing for a build", () => {
      // A copy of the installed module and of node-addon-api, cleaned by the Dockerfile's own RUN line, with this
      // process's node first on PATH as the image's is.
      const require = createRequire(import.meta.url);
      for (const pkg of ['better-sqlite3', 'node-addon-api']) {
        cpSync(dirname(require.resolve(`${pkg}/package.json`)), join(dir, 'node_modules', pkg), { recursive: true });
      }
      const cleanUp = all.find((i) => i.op === 'RUN' && i.args.startsWith('cd node_modules/better-sqlite3'));
      expect(cleanUp).toBeDefined();
      const env = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env['PATH']}` };
      execFileSync('bash', ['-c', cleanUp!.args], { cwd: dir, stdio: 'pipe', env });
      execFileSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"], { cwd: dir, stdio: 'pipe' });
      const left = join(dir, 'node_modules', 'better-sqlite3');
      expect(readdirSync(left).sort()).toEqual(['LICENSE', 'README.md', 'lib', 'package.json', 'prebuilds']);
      expect(readdirSync(join(left, 'prebuilds'))).toEqual([`${process.platform}-${process.arch}.node`]);
      expect(readdirSync(join(dir, 'node_modules'))).toEqual(['better-sqlite3']);
    });
  });
});
