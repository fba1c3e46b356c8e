import { ConfigError, type Config } from './config.js';

/**
 * A listen() failure the user can fix, as a ConfigError naming the flag to change; anything else as it
 * came. The original error stays as `cause` (a library caller retrying on EADDRINUSE finds its code there).
 */
export function listenProblem(e: unknown, { host, port }: Pick<Config, 'host' | 'port'>): unknown {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  const message = new Map([
    ['EADDRINUSE', `--port (PORT): port ${port} on ${host} is in use; choose another (--port 0 picks a free one)`],
    ['EACCES', `--port (PORT): no permission to listen on port ${port} (ports below 1024 need privileges); choose another`],
    ['EADDRNOTAVAIL', `--host (HOST): ${JSON.stringify(host)} is not an address of this machine`],
    ['EAFNOSUPPORT', `--host (HOST): this machine cannot listen on ${JSON.stringify(host)} (its address family is not supported)`],
    // Every failure of the name lookup: no such name, or none answered now.
    ...['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL'].map((c) => [c, `--host (HOST): cannot find the address of ${JSON.stringify(host)}`] as const),
  ]).get(code ?? '');
  return message === undefined ? e : new ConfigError(message, { cause: e });
}
