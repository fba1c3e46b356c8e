import { ConfigError, type Config } from './config.js';

/**
 * A listen() failure the user can fix, as a ConfigError naming the flag to change; anything else as it
 * came. The original error stays as `cause` (a library caller retrying on EADDRINUSE finds its code there).
 */
export function listenProblem(e: unknown, { host, port }: Pick<Config, 'host' | 'port'>): unknown {
  const problem = (message: string) => new ConfigError(message, { cause: e });
  switch ((e as NodeJS.ErrnoException | undefined)?.code) {
    case 'EADDRINUSE':
      return problem(`--port (PORT): port ${port} on ${host} is in use; choose another (--port 0 picks a free one)`);
    case 'EACCES':
      return problem(`--port (PORT): no permission to listen on port ${port} (ports below 1024 need privileges); choose another`);
    case 'EADDRNOTAVAIL':
      return problem(`--host (HOST): ${JSON.stringify(host)} is not an address of this machine`);
    case 'EAFNOSUPPORT':
      return problem(`--host (HOST): this machine cannot listen on ${JSON.stringify(host)} (its address family is not supported)`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
      return problem(`--host (HOST): cannot find the address of ${JSON.stringify(host)}`);
    default:
      return e;
  }
}
