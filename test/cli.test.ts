import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

// The command line as a user runs it: real process, real port, real signals.
function run(args: string[], env: Record<string, string> = {}) {
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function firstLine(stream: NodeJS.ReadableStream): Promise<string> {
  const rl = createInterface({ input: stream });
  const [line] = (await once(rl, 'line')) as [string];
  rl.close();
  return line;
}

describe('the rentalsim command', () => {
  it('with --port 0 picks a free port, says the URL on its first line, answers, and stops on SIGTERM', async () => {
    const child = run(['--port', '0']);
    const line = await firstLine(child.stdout!);
    const url = /listening on (http:\/\/\S+)/.exec(line)?.[1];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${url}/no/such/path`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/xml;charset=UTF-8');
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  it.each([
    ['a bad port', ['--port', 'abc'], {}, /^rentalsim: --port \(PORT\): "abc" is not a port number/],
    ['an unknown scenario', ['--port', '0', '--scenario', 'nope'], {}, /^rentalsim: .*no scenario named "nope"/],
    ['a bad public URL from the environment', ['--port', '0'], { PUBLIC_URL: 'nope' }, /^rentalsim: --public-url \(PUBLIC_URL\)/],
  ])('stops start-up with one clear line on %s', async (_name, args, env, message) => {
    const child = run(args, env);
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(message);
  });

  it('--help prints every option and exits 0', async () => {
    const child = run(['--help']);
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    expect(out).toContain('--public-url');
    expect(out).toContain('SCHEMA_BASE');
  });
});
