import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestProject } from 'vitest/node';
import setup from '../docs/examples/vitest-global-setup.js';
import { yamlValue } from '../src/scenarios/yaml-value.js';

// The example imports the package by its name, as a user's project does; here that name is this source tree.
vi.mock('rentalsim', () => import('../src/index.js'));

// README "Use it in CI" quotes docs/examples/vitest-global-setup.ts; these run that file and check the rest.
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const example = readFileSync(new URL('../docs/examples/vitest-global-setup.ts', import.meta.url), 'utf8');
const section = /\n## Use it in CI\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? '';
const testcontainers = readFileSync(new URL('./container/testcontainers.test.ts', import.meta.url), 'utf8');

describe('README: Use it in CI', () => {
  it('quotes docs/examples/vitest-global-setup.ts as it is', () => {
    expect(section).toContain('```ts\n' + example + '```');
  });

  it('quotes test/container/testcontainers.test.ts, which test/container/run.sh runs against the built image, as it is', () => {
    expect(section).toContain('### Testcontainers\n');
    expect(section).toContain('```ts\n' + testcontainers + '```');
  });

  it("the example's global setup starts a simulator, provides its URL to the tests, and its teardown stops it", async () => {
    const provided = new Map<string, unknown>();
    const project = { provide: (key: string, value: unknown) => void provided.set(key, value) } as unknown as TestProject;
    const teardown = await setup(project);
    const url = provided.get('rentalsimUrl') as string;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await fetch(`${url}/__admin/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'healthy', scenario: 'default' });
    await teardown();
    await expect(fetch(`${url}/__admin/health`)).rejects.toThrow();
  });

  it('its GitHub Actions jobs are YAML with steps, one with the service container on port 8080', () => {
    const blocks = [...section.matchAll(/```yaml\n([\s\S]*?)```/g)].map(
      (m) => yamlValue(m[1]!) as { jobs: Record<string, { steps: unknown[]; services?: Record<string, { ports: string[] }> }> },
    );
    expect(blocks).toHaveLength(2);
    for (const block of blocks) expect(Object.values(block.jobs)[0]!.steps.length).toBeGreaterThan(0);
    expect(blocks.map((b) => Object.values(b.jobs)[0]!.services?.['rentalsim']?.ports)).toContainEqual(['8080:8080']);
  });
});

// `npx rentalsim` as the README's npx job runs it, in a checkout of its own (a copy of the sources with this
// one's node_modules) so its builds do not race the npm start test's build of dist/ here.
describe('README: Use it in CI, the npx job as real processes', () => {
  const ROOT = new URL('..', import.meta.url).pathname;
  const BUILD_TIMEOUT = 240_000;
  let checkout: string;
  const run = promisify(execFile);
  // npx keeps what it links in the npm cache: a cache of this test's own, and offline, so nothing is fetched.
  const env = () => ({ ...process.env, npm_config_cache: join(checkout, '.npm'), npm_config_offline: 'true', npm_config_update_notifier: 'false' });
  const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  const npm = (args: string[]) => run('npm', args, { cwd: checkout, env: env(), timeout: BUILD_TIMEOUT });

  beforeAll(async () => {
    checkout = mkdtempSync(join(tmpdir(), 'rentalsim-npx-'));
    for (const entry of ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'openapi.yaml']) {
      cpSync(join(ROOT, entry), join(checkout, entry));
    }
    for (const dir of ['src', 'bench', 'scripts', 'scenarios', 'seeds', 'schemas']) {
      cpSync(join(ROOT, dir), join(checkout, dir), { recursive: true });
    }
    symlinkSync(join(ROOT, 'node_modules'), join(checkout, 'node_modules'));
    await npm(['run', 'build']);
  }, BUILD_TIMEOUT);
  afterAll(() => {
    for (const pid of below(checkout)) kill(pid);
    rmSync(checkout, { recursive: true, force: true });
  });

  it(
    'npx rentalsim runs the bin after a rebuild (the build keeps its execute bit)',
    async () => {
      expect((await npm(['exec', '--', 'rentalsim', '--version'])).stdout.trim()).toBe(version);
      // npx linked the bin once; a rebuild writes a new file, which must be executable too.
      await npm(['run', 'clean']);
      await npm(['run', 'build']);
      expect((await npm(['exec', '--', 'rentalsim', '--version'])).stdout.trim()).toBe(version);
    },
    BUILD_TIMEOUT,
  );

  it(
    "the job's start step starts it in the background, and SIGTERM to npx stops it: the port is freed, nothing is left",
    async () => {
      const jobs = [...section.matchAll(/```yaml\n([\s\S]*?)```/g)].map(
        (m) => Object.values((yamlValue(m[1]!) as { jobs: Record<string, { steps: { name?: string; run?: string }[] }> }).jobs)[0]!,
      );
      const step = jobs.flatMap((j) => j.steps).find((s) => s.name === 'Start rentalsim');
      expect(step?.run).toContain('npx rentalsim --port 8080');
      // The port the README names may be taken on this machine: a free one instead.
      const port = await freePort();
      const script = step!.run!.replaceAll('8080', String(port));
      const { stdout } = await run('bash', ['-e', '-c', script], { cwd: checkout, env: env(), timeout: 90_000 });
      expect(JSON.parse(stdout)).toMatchObject({ status: 'healthy' });

      // The step has ended; what it left running is npm (npx), the shell npm runs the bin in, and the bin.
      const left = below(checkout);
      const npx = left.find((pid) => !left.includes(parentOf(pid)) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('npm'));
      expect(npx, `left running: ${left.map((p) => readFileSync(`/proc/${p}/cmdline`, 'utf8')).join(' | ')}`).toBeDefined();
      process.kill(npx!, 'SIGTERM');
      await expect.poll(() => left.filter((pid) => !gone(pid)), { timeout: 15_000, interval: 100 }).toEqual([]);
      await expect(fetch(`http://127.0.0.1:${port}/__admin/health`)).rejects.toThrow();
    },
    BUILD_TIMEOUT,
  );
});

/** Every live process whose working directory is inside dir (Linux /proc). */
function below(dir: string): number[] {
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .map(Number)
    .filter((pid) => {
      try {
        return !gone(pid) && readlinkSync(`/proc/${pid}/cwd`).startsWith(dir);
      } catch {
        return false;
      }
    });
}

function parentOf(pid: number): number {
  // Field 4 of /proc/<pid>/stat; the name before it is in parentheses and may hold spaces.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** Exited (a zombie holds no port and runs nothing). */
function gone(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.startsWith('Z');
  } catch {
    return true;
  }
}

function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // ended meanwhile
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
