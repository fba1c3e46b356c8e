import type { NextFunction, Request, Response } from 'express';
import type { z } from 'zod';
import type { Config } from '../config.js';
import { ApiError, errors } from '../domain/api-error.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../domain/json-depth.js';
import { secretsMatch } from '../domain/secrets-match.js';
import { requestAuthority } from '../web/host-guard.js';

// An admin request: who sent it (a team or the operator), whether it may write from where it came, and how the
// routes read its query and its JSON body.

/**
 * The query of an admin request. The app turns express's query parser off (API parameters are read raw,
 * as OAuth signed them), so admin routes read theirs here.
 */
export function adminQuery(req: Request): URLSearchParams {
  const url = req.originalUrl;
  const q = url.indexOf('?');
  return new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
}

/** Refuses a parsed JSON body nested deeper than MAX_JSON_DEPTH (400) before any route reads it. */
export function shallowJson(req: Request, _res: Response, next: NextFunction): void {
  if (typeof req.body === 'object' && req.body !== null && nestsDeeperThan(req.body, MAX_JSON_DEPTH)) throw errors.nestedTooDeep(MAX_JSON_DEPTH);
  next();
}

/** Validates an admin JSON body; a bad one is a 400 that names the field and what was expected. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, route: string): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const where = issue.path.length > 0 ? issue.path.join('.') : 'body';
  throw errors.badRequest(`${route}: ${where}: ${issue.message}`);
}

/**
 * The consumer key an admin request's OAuth signature verifies as (two-legged, the API's own verifier and
 * nonce rules), undefined for a request that carries no OAuth parameters; a failed check throws. The app
 * passes it in (src/http/oauth/verify-oauth.ts adminSignerOf): the admin layer does not reach into the API's.
 */
export type AdminSigner = (req: Request, res: Response) => string | undefined;

/**
 * Who sent an admin request (docs/reference/admin-api.md#security):
 * - a team: the request is signed with a consumer's key and secret, and acts on that consumer's world only
 *   (its sandbox, clock, faults, overrides, journal, coverage, tokens, business events);
 * - the operator: the admin token (`Authorization: Bearer`), or anyone when no admin token is set (the
 *   laptop default: everything open, as before teams could sign).
 */
const TEAM = Symbol('rentalsim.adminTeam');
type WithTeam = Request & { [TEAM]?: string };

/** Decides the caller: a signed request is its consumer's team; else the operator, with the admin token when one is set. */
export function adminCaller(signerOf: AdminSigner, adminToken: string | undefined) {
  const expected = adminToken === undefined ? undefined : `Bearer ${adminToken}`;
  return (req: Request, res: Response, next: NextFunction): void => {
    const team = signerOf(req, res);
    if (team !== undefined) {
      (req as WithTeam)[TEAM] = team;
      return next();
    }
    // The whole header against `Bearer <token>`, in time that tells neither how much matched nor the token's length.
    if (expected !== undefined && !secretsMatch(expected, req.headers.authorization ?? '')) {
      throw new ApiError({
        status: 401,
        reason: 'Unauthorized',
        code: 'ERR_401_ADMIN',
        details: "the admin API needs Authorization: Bearer <admin token>, or a request signed with a consumer's key and secret for that consumer's own world",
      });
    }
    next();
  };
}

/** The team that signed this admin request; undefined for the operator. */
export function teamOf(req: Request): string | undefined {
  return (req as WithTeam)[TEAM];
}

/** Refuses a team's call to something instance-wide (another team's world, the scenarios, everything at once). */
export function requireOperator(req: Request, what: string): void {
  const team = teamOf(req);
  if (team === undefined) return;
  throw errors.forbidden(
    `${what} is instance-wide: it needs the operator's admin token (Authorization: Bearer), not a request signed by ${team}, ` +
      "which acts on that consumer's own world only",
  );
}

/**
 * The consumer an admin call acts on: a team's own (naming another is a 403), else the one the operator named
 * (undefined when none was).
 */
export function consumerFor(req: Request, named: string | undefined | null): string | undefined {
  const team = teamOf(req);
  if (team === undefined) return named ?? undefined;
  if (named !== undefined && named !== null && named !== team) {
    throw errors.forbidden(`a request signed by ${team} acts on ${team}'s own world only, not on ${JSON.stringify(named)}'s`);
  }
  return team;
}

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
