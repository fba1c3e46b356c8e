import type { NextFunction, Request, Response } from 'express';
import { ApiError, errors } from '../domain/api-error.js';
import { secretsMatch } from '../domain/secrets-match.js';

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
