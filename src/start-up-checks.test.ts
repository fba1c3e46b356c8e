import { describe, expect, it } from 'vitest';
import { ConfigError } from './config.js';
import { listenProblem } from './start-up-checks.js';

const failure = (code: string) => Object.assign(new Error(`listen ${code}`), { code, syscall: 'listen' });

// The failures a real process cannot be made to meet here without privileges or DNS (root can bind port 80;
// a name that does not resolve would ask the network): each turned into the line naming the flag to change.
describe('listen failures', () => {
  it.each([
    ['EADDRINUSE', { host: '127.0.0.1', port: 8080 }, '--port (PORT): port 8080 on 127.0.0.1 is in use; choose another (--port 0 picks a free one)'],
    ['EACCES', { host: '0.0.0.0', port: 80 }, '--port (PORT): no permission to listen on port 80 (ports below 1024 need privileges); choose another'],
    ['EADDRNOTAVAIL', { host: '192.0.2.1', port: 0 }, '--host (HOST): "192.0.2.1" is not an address of this machine'],
    ['EAFNOSUPPORT', { host: '::1', port: 0 }, '--host (HOST): this machine cannot listen on "::1" (its address family is not supported)'],
    ['ENOTFOUND', { host: 'nope.invalid', port: 0 }, '--host (HOST): cannot find the address of "nope.invalid"'],
    ['EAI_AGAIN', { host: 'sim.internal', port: 0 }, '--host (HOST): cannot find the address of "sim.internal"'],
  ])('%s becomes one line naming the flag, with the error as its cause', (code, at, line) => {
    const e = failure(code);
    const problem = listenProblem(e, at);
    expect(problem).toBeInstanceOf(ConfigError);
    expect((problem as Error).message).toBe(line);
    expect((problem as Error).cause).toBe(e);
  });

  it('leaves any other failure as it came', () => {
    const e = failure('EMFILE');
    expect(listenProblem(e, { host: '127.0.0.1', port: 0 })).toBe(e);
  });
});
