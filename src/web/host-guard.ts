import type { NextFunction, Request, Response } from 'express';
import { ConfigError, type Config } from '../config.js';
import { errors } from '../domain/api-error.js';
import { allowedHosts, hostnameOf, isAllowedHost, type AllowedHosts } from '../domain/allowed-hosts.js';

/** The authority the client addressed: an absolute-form line's (it wins over Host, RFC 9112 3.2.2), else Host. */
export function requestAuthority(req: Request): { authority: string | undefined; viaProxy: boolean } {
  const absolute = (req as unknown as { absoluteOrigin?: string }).absoluteOrigin;
  if (absolute !== undefined) return { authority: absolute.slice(absolute.indexOf('//') + 2), viaProxy: true };
  return { authority: req.headers.host, viaProxy: false };
}

/**
 * Middleware refusing a request to an unsigned surface (/__admin, the login page) that names a host this
 * simulator does not know as its own: the DNS-rebinding defence (src/domain/allowed-hosts.ts). Signed API
 * calls are not checked: their signature covers the host, and shared simulators are reached by any service name.
 * A bad --allowed-hosts stops start-up, not the first request.
 */
export function allowedHostOnly(config: Config) {
  let hosts: AllowedHosts;
  try {
    hosts = allowedHosts({ allowedHosts: config.allowedHosts, publicUrl: config.publicUrl, listenHost: config.host });
  } catch (e) {
    throw new ConfigError(`--allowed-hosts (ALLOWED_HOSTS): ${(e as Error).message}`);
  }
  return (req: Request, _res: Response, next: NextFunction): void => {
    const { authority, viaProxy } = requestAuthority(req);
    if (isAllowedHost(hosts, authority, viaProxy)) return next();
    const name = hostnameOf(authority ?? '');
    throw errors.forbidden(
      `the host ${JSON.stringify(name)} is not one this simulator answers to on /__admin and the login page ` +
        `(a defence against DNS rebinding); if clients really reach it by that name, start it with --allowed-hosts ${name} ` +
        '(ALLOWED_HOSTS: a comma list; .domain for a domain and its subdomains; all turns the check off)',
    );
  };
}
