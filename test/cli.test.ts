import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEMI_SPACE_FLAG } from '../src/cli/young-generation.js';

// The command line as a user runs it: real process, real port, real signals.
const ROOT = new URL('..', import.meta.url).pathname;

function run(args: string[], env: Record<string, string> = {}) {
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The URL from the "listening on" line, reading stdout past anything printed before it (npm's banner). */
async function listeningUrl(stream: NodeJS.ReadableStream): Promise<string> {
  const rl = createInterface({ input: stream });
  for await (const line of rl) {
    const url = /^rentalsim listening on (http:\/\/\S+)/.exec(line)?.[1];
    if (url) {
      rl.close();
      return url;
    }
  }
  throw new Error('ended before listening');
}

async function finished(child: ChildProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

/** Every process below pid, from /proc (Linux). */
function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of /proc/<pid>/stat is the parent; the name before it is in parentheses and may hold spaces.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const visit = (p: number) => {
    for (const [child, parent] of parentOf) {
      if (parent !== p) continue;
      out.push(child);
      visit(child);
    }
  };
  visit(pid);
  return out;
}

/** Exited and reaped, or at least exited (a zombie holds no port and runs nothing). */
function gone(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.startsWith('Z');
  } catch {
    return true;
  }
}

describe('the rentalsim command', () => {
  it('with --port 0 picks a free port, says the URL on its first line, answers, and stops on SIGTERM', async () => {
    const child = run(['--port', '0']);
    const url = await listeningUrl(child.stdout!);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${url}/no/such/path`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/xml;charset=UTF-8');
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  it('takes an empty environment variable as unset', async () => {
    const child = run(['--port', '0'], { HOST: '', SCENARIO: '', PUBLIC_URL: '', MAX_SANDBOXES: '' });
    const url = await listeningUrl(child.stdout!);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  describe('start-up mistakes', () => {
    // Made while the tests are collected: the table below names paths inside it.
    const dir = mkdtempSync(join(tmpdir(), 'rentalsim-cli-'));
    let busy: Server;
    let busyPort: number;

    beforeAll(async () => {
      writeFileSync(join(dir, 'a-file'), 'not a folder');
      mkdirSync(join(dir, 'folder-named-like-a-file', 'odd.yaml'), { recursive: true });
      mkdirSync(join(dir, 'bad-scenario'));
      writeFileSync(join(dir, 'bad-scenario', 'broken.yaml'), 'name: [unclosed\n');
      writeFileSync(
        join(dir, 'bad-scenario', 'rated.yaml'),
        'name: rated\ndescription: d\nusers: [{ guid: 0A0A0A0A-0000-4000-8000-00000000000A, login: a, password: p, first_name: A, last_name: B, ratings: [{ title: 1, rating: 7 }] }]\n',
      );
      mkdirSync(join(dir, 'twins'));
      for (const file of ['one.yaml', 'two.yaml']) writeFileSync(join(dir, 'twins', file), 'name: twin\ndescription: d\n');
      busy = createServer();
      busy.listen(0, '127.0.0.1');
      await once(busy, 'listening');
      busyPort = (busy.address() as { port: number }).port;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => busy.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    });

    it.each([
      ['a bad port', () => ['--port', 'abc'], {}, /^rentalsim: --port \(PORT\): "abc" is not a port number/],
      ['a port in use', () => ['--port', String(busyPort)], {}, /^rentalsim: --port \(PORT\): port \d+ on 127\.0\.0\.1 is in use; choose another/],
      ['an unknown scenario', () => ['--port', '0', '--scenario', 'nope'], {}, /^rentalsim: .*no scenario named "nope"/],
      ['a bad public URL from the environment', () => ['--port', '0'], { PUBLIC_URL: 'nope' }, /^rentalsim: --public-url \(PUBLIC_URL\)/],
      [
        'a host that is not an IPv4 address',
        () => ['--port', '0', '--host', '999.1.1.1'],
        {},
        /^rentalsim: --host \(HOST\): "999\.1\.1\.1" is not an IPv4 address$/,
      ],
      [
        'a host that is no host name',
        () => ['--port', '0'],
        { HOST: 'not a host' },
        /^rentalsim: --host \(HOST\): "not a host" is not an IP address or host name$/,
      ],
      // TEST-NET-1 (RFC 5737): never an address of this machine, and binding to it sends nothing.
      [
        'a host that is not this machine',
        () => ['--port', '0', '--host', '192.0.2.1'],
        {},
        /^rentalsim: --host \(HOST\): "192\.0\.2\.1" is not an address of this machine$/,
      ],
      [
        'a missing --scenario-dir',
        () => ['--port', '0', '--scenario-dir', join(dir, 'missing')],
        {},
        /^rentalsim: --scenario-dir \(SCENARIO_DIR\): no folder ".*missing"$/,
      ],
      [
        'a --scenario-dir that is a file',
        () => ['--port', '0'],
        { SCENARIO_DIR: join(dir, 'a-file') },
        /^rentalsim: --scenario-dir \(SCENARIO_DIR\): ".*a-file" is a file, not a folder$/,
      ],
      [
        'a scenario file that is a folder',
        () => ['--port', '0', '--scenario-dir', join(dir, 'folder-named-like-a-file')],
        {},
        /^rentalsim: --scenario-dir \(SCENARIO_DIR\): ".*odd\.yaml" is a folder, not a scenario file$/,
      ],
      // Only the chosen scenario stops start-up; other bad files are listed by GET /__admin/scenarios.
      [
        'a chosen scenario file that is not YAML',
        () => ['--port', '0', '--scenario-dir', join(dir, 'bad-scenario'), '--scenario', 'broken'],
        {},
        /^rentalsim: .*broken\.yaml: \(top level\): not valid YAML or JSON/,
      ],
      [
        'a chosen scenario with a value out of range',
        () => ['--port', '0', '--scenario-dir', join(dir, 'bad-scenario'), '--scenario', 'rated'],
        {},
        /^rentalsim: .*rated\.yaml: users\[0\]\.ratings\[0\]\.rating: .*5/,
      ],
      [
        'a chosen name two files give',
        () => ['--port', '0', '--scenario-dir', join(dir, 'twins'), '--scenario', 'twin'],
        {},
        /^rentalsim: .*one\.yaml: name: scenario "twin" is also defined in .*two\.yaml/,
      ],
      ['an unknown option', () => ['--prot', '8080'], {}, /^rentalsim: unknown option --prot; see --help$/],
      ['an option without its value', () => ['--port'], {}, /^rentalsim: --port needs a value$/],
      ['an option followed by another instead of its value', () => ['--scenario', '--port', '0'], {}, /^rentalsim: --scenario needs a value$/],
      ['a stray argument', () => ['8080'], {}, /^rentalsim: unexpected argument "8080"/],
      ['open mode half configured', () => ['--port', '0', '--open-prefix', 'ci-'], {}, /^rentalsim: open mode needs both --open-prefix/],
    ] as const)('stops start-up with one clear line and exit code 1 on %s', async (_name, args, env, message) => {
      const { code, stdout, stderr } = await finished(run([...args()], env));
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n'), stderr).toHaveLength(1);
      expect(stderr.trim()).toMatch(message);
    });

    it('starts with bad files it was not asked to serve, and lists them as invalid with why', async () => {
      const child = run(['--port', '0', '--scenario-dir', join(dir, 'bad-scenario')]);
      try {
        const url = await listeningUrl(child.stdout!);
        const body = (await (await fetch(`${url}/__admin/scenarios`)).json()) as { active: string; invalid: Array<{ name: string; problem: string }> };
        expect(body.active).toBe('default');
        expect(body.invalid.map((i) => i.name)).toEqual(['broken', 'rated']);
      } finally {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    });
  });

  it('--help prints every option, the sign command and --version, and exits 0', async () => {
    const { code, stdout } = await finished(run(['--help']));
    expect(code).toBe(0);
    expect(stdout).toContain('--public-url');
    expect(stdout).toContain('SCHEMA_BASE');
    expect(stdout).toContain('rentalsim sign');
    expect(stdout).toContain('--version');
  });

  it.each([['--version'], ['-v']])('%s prints the version from package.json and exits 0', async (flag) => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const { code, stdout } = await finished(run([flag]));
    expect(code).toBe(0);
    expect(stdout).toBe(`${pkg.version}\n`);
  });

  it('rentalsim sign prints a signed request and exits 0; a usage mistake is one line and exit code 1', async () => {
    const ok = await finished(run(['sign', 'GET', 'http://127.0.0.1:8080/catalog/title?term=zzyzx']));
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^http:\/\/127\.0\.0\.1:8080\/catalog\/title\?term=zzyzx&.*oauth_signature=/);
    const bad = await finished(run(['sign', '--bogus']));
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/^rentalsim: sign: unknown option --bogus/);
  });
});

/** A process's arguments from /proc (Linux); none for one that has ended. */
function argumentsOf(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return [];
  }
}

describe("the README's start command, npm start", () => {
  // The first start in a fresh clone builds dist/ (tsc, tens of seconds on a busy machine); the second must not.
  const BUILD_TIMEOUT = 180_000;

  // Should a test fail, whatever it left running is ended afterwards, each process by its own id.
  const left: number[] = [];
  function npmStart(detached = false) {
    const child = spawn('npm', ['start', '--', '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached });
    left.push(child.pid!);
    return child;
  }
  afterAll(() => {
    for (const pid of left.filter((p) => !gone(p))) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // ended meanwhile
      }
    }
  });

  it(
    'stops on SIGTERM to npm with nothing left listening or running, and a second start builds nothing',
    async () => {
      const first = npmStart();
      const url = await listeningUrl(first.stdout!);
      expect((await fetch(`${url}/no/such/path`)).status).toBe(404);
      const below = descendants(first.pid!);
      left.push(...below);
      expect(below.length).toBeGreaterThan(0);
      // The simulator npm started runs with the command's young generation (src/cli/young-generation.ts).
      expect(below.map(argumentsOf).filter((args) => args.includes(SEMI_SPACE_FLAG))).toHaveLength(1);
      first.kill('SIGTERM');
      await once(first, 'exit');
      await expect(fetch(`${url}/no/such/path`)).rejects.toThrow();
      expect(below.filter((pid) => !gone(pid))).toEqual([]);

      // Ctrl-C: the terminal signals the whole foreground process group, npm and the simulator alike.
      const second = npmStart(true);
      let stderr = '';
      second.stderr!.on('data', (d) => (stderr += d));
      const url2 = await listeningUrl(second.stdout!);
      expect(stderr).not.toContain('building');
      const below2 = descendants(second.pid!);
      left.push(...below2);
      process.kill(-second.pid!, 'SIGINT');
      await once(second, 'exit');
      await expect(fetch(`${url2}/no/such/path`)).rejects.toThrow();
      expect(below2.filter((pid) => !gone(pid))).toEqual([]);
    },
    BUILD_TIMEOUT,
  );
});
