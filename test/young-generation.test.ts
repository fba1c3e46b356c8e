import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { restartArgs, SEMI_SPACE_FLAG } from '../src/cli/young-generation.js';

// The command runs with a capped young generation however it is started (docs/decisions/0012-young-generation.md):
// the bin restarts itself with the flag, the Dockerfile passes it (test/dockerfile.test.ts).
const ROOT = new URL('..', import.meta.url).pathname;

describe('the young generation the command runs with', () => {
  it('is set by the command itself when started without it: the same process, now with the flag', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const lines = createInterface({ input: child.stdout! });
      for await (const line of lines) if (line.startsWith('rentalsim listening on')) break;
      // /proc/<pid>/cmdline: the arguments the process runs with now (Linux, where the tests run).
      const cmdline = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0');
      expect(cmdline).toContain(SEMI_SPACE_FLAG);
      // Then node's arguments and the script (its path made absolute by node) with its own.
      expect(cmdline.slice(cmdline.indexOf(SEMI_SPACE_FLAG) + 1)).toEqual(['--import', 'tsx', `${ROOT}src/main.ts`, '--port', '0', '']);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });

  it('adds the flag before the node arguments and the script, keeping them all', () => {
    expect(restartArgs(['node', '/app/dist/src/main.js', '--port', '0'], ['--cpu-prof'], undefined)).toEqual([
      process.execPath,
      SEMI_SPACE_FLAG,
      '--cpu-prof',
      '/app/dist/src/main.js',
      '--port',
      '0',
    ]);
  });

  it.each([
    ['a semi-space size given to node', ['--max-semi-space-size=32'], undefined],
    ['one in NODE_OPTIONS', [], '--enable-source-maps --max-semi-space-size=16'],
    ['one spelled with underscores', ['--max_semi_space_size=4'], undefined],
  ])('leaves %s as it is', (_rule, nodeArgs, nodeOptions) => {
    expect(restartArgs(['node', 'main.js'], nodeArgs, nodeOptions)).toBeUndefined();
  });

  it('leaves `rentalsim sign` as it is: it serves nothing', () => {
    expect(restartArgs(['node', 'main.js', 'sign', '--consumer-key', 'k'], [], undefined)).toBeUndefined();
  });
});
