import type { NextFunction, Request, Response } from 'express';
import type { Config } from '../config.js';
import { ApiError, errors } from '../domain/api-error.js';
import { requestAuthority } from '../web/host-guard.js';

/** Sent by the dashboard, and by scripts that post a form or text/plain: no page on another origin can send it. */
export const ADMIN_HEADER = 'X-Rentalsim-Admin';

const READS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The body types a page on any origin may POST without asking first (the CORS-safelisted ones). */
const CROSS_SITE_TYPES: ReadonlySet<string> = new Set(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']);

/**
 * Admin writes only from this simulator's own pages and from tools, never from a page on another origin
 * (the admin API has no token by default, so the browser's own rules are the only fence):
 * - an `Origin` header that is not this simulator's origin (the Host the request named, or --public-url)
 *   is refused: browsers send it with every cross-origin write, `fetch` and plain forms alike, and `null`
 *   from sandboxed frames is refused too. Another port on the same host is another origin: that is the
 *   attack (a dev server's page on localhost:3000 calling localhost:8080);
 * - a body of a type any page may send without a preflight (text/plain, a form, multipart) needs the
 *   `X-Rentalsim-Admin` header (or `Authorization`), which no page on another origin can add. JSON, YAML
 *   and bodiless writes (`curl -X POST .../reset`) pass as before.
 */
export function sameSiteWrites(config: Config) {
  const publicOrigin = config.publicUrl === undefined ? undefined : new URL(config.publicUrl).origin;
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (READS.has(req.method)) return next();
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== publicOrigin && !sameHost(origin, requestAuthority(req).authority)) {
      throw errors.forbidden(
        `admin writes are refused from a page on another origin (Origin: ${origin}); ` +
          'use the dashboard at /__admin/ or a tool such as curl, which sends no Origin',
      );
    }
    if (
      CROSS_SITE_TYPES.has(mediaType(req.headers['content-type'])) &&
      req.headers[ADMIN_HEADER.toLowerCase()] === undefined &&
      req.headers.authorization === undefined
    ) {
      throw new ApiError({
        status: 415,
        reason: 'Unsupported Media Type',
        details:
          `admin writes take JSON (Content-Type: application/json) or, for scenarios, YAML; a ${mediaType(req.headers['content-type'])} ` +
          `body needs the header ${ADMIN_HEADER}: 1 as well (a page on another origin can send such a body, never that header)`,
      });
    }
    next();
  };
}

/** Whether an Origin names the host (and port) the request was sent to; `null` and junk do not. */
function sameHost(origin: string, authority: string | undefined): boolean {
  const from = authority === undefined ? null : URL.parse(origin);
  if (from === null || from.origin === 'null') return false;
  // Parsed under the origin's own scheme, so a default port written out (`:80`) compares equal to none.
  return from.host === URL.parse(`${from.protocol}//${authority}`)?.host;
}

function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}
