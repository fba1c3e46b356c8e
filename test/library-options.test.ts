import { once } from 'node:events';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config.js';
import { startSimulator } from '../src/index.js';

// startSimulator checks its options by the CLI's rules and says the same one line.
const start = (options: Record<string, unknown>) => startSimulator(options as Parameters<typeof startSimulator>[0]);

describe('startSimulator options', () => {
  it.each([
    ['a port that is not a number', { port: 'x' }, /^--port \(PORT\): "x" is not a port number from 0 to 65535$/],
    ['a port out of range', { port: 70000 }, /^--port \(PORT\): 70000 is not a port number/],
    ['a port that is not whole', { port: 80.5 }, /^--port \(PORT\): 80.5 is not a port number/],
    ['a host that is not one', { host: '999.1.1.1' }, /^--host \(HOST\): "999.1.1.1" is not an IPv4 address$/],
    ['a boolean given as a number', { prettyXml: 1 }, /^--pretty \(PRETTY_XML\): 1 is not true or false$/],
    ['a public URL that is not absolute', { publicUrl: 'localhost:8080' }, /^--public-url \(PUBLIC_URL\): "localhost:8080" is not an absolute http\(s\) URL$/],
    ['an option that does not exist', { prot: 8080 }, /^unknown option prot; the options are port, host, /],
    ['half of open mode', { openPrefix: 'ci-' }, /^open mode needs both/],
    ['a missing scenario folder', { scenarioDir: '/no/such/folder' }, /^--scenario-dir \(SCENARIO_DIR\): no folder "\/no\/such\/folder"$/],
  ])('rejects %s with a ConfigError', async (_name, options, message) => {
    const error = await start(options).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
  });

  it('rejects a port in use with a ConfigError that keeps the listen error as its cause', async () => {
    const busy = createServer().listen(0, '127.0.0.1');
    await once(busy, 'listening');
    const port = (busy.address() as { port: number }).port;
    try {
      const error = await start({ port }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toBe(`--port (PORT): port ${port} on 127.0.0.1 is in use; choose another (--port 0 picks a free one)`);
      expect(((error as Error).cause as NodeJS.ErrnoException).code).toBe('EADDRINUSE');
    } finally {
      busy.close();
    }
  });

  it('takes numbers given as strings, as the flags do, and undefined as the default', async () => {
    const sim = await start({ port: '0', prettyXml: 'true', publicUrl: undefined, scenario: undefined });
    try {
      expect(sim.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(sim.url.endsWith(':0')).toBe(false);
      const res = await fetch(`${sim.url}/no/such/path`);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('\n  '); // indented: prettyXml took "true"
    } finally {
      await sim.close();
    }
  });
});
