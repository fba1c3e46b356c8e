import type { NextFunction, Request, Response } from 'express';
import { errors } from '../../domain/api-error.js';
import { defaultDetails, defaultReason } from '../../domain/faults.js';
import { pendingOf } from '../journal-notes.js';
import { ctxOf } from '../request-context.js';
import { claimNonce, isReplay, signerOf } from '../oauth/verify-oauth.js';

/**
 * Applies injected faults (admin: /__admin/faults) to API requests: waits for any latency, then answers
 * with the fault's error or rate limit (through the one error handler, so it carries the gateway headers),
 * or drops the connection. Mounted after the request context and before the API routers, so admin
 * requests are never faulted. A fault for one consumer meets only requests whose signature verifies as that
 * consumer (`signerOf`): a forged request naming it neither fires nor uses up the fault. Faults for every
 * consumer meet every request, signed or not, but a replay (a valid signature whose nonce is used) meets
 * none. A signed request a fault acted on has used its nonce (`claimNonce`), so sending it again is a replay.
 */
export function faultsMiddleware(req: Request, _res: Response, next: NextFunction): void {
  const ctx = ctxOf(req);
  const faults = ctx.world.faults;
  if (faults.none || req.originalUrl.startsWith('/__admin')) return next();
  // A replay meets no fault, scoped or not (docs/reference/admin-api.md#faults): it goes on to the verifier's 401.
  if (isReplay(req)) return next();
  const decision = faults.decide({ method: req.method, path: ctx.path, consumer: signerOf(req) });
  if (decision.firedIds.length === 0) return next();
  // Its nonce is used now: the same bytes sent again are a replay, and use up nothing. A dropped request had
  // no answer, so the same bytes sent again (a client's automatic retry) are not a replay.
  if (decision.terminal?.action.kind !== 'drop') claimNonce(req);
  const pending = pendingOf(req);
  if (pending) pending.faults = decision.firedIds;
  const act = () => {
    const action = decision.terminal?.action;
    if (!action) next();
    else if (action.kind === 'drop') req.socket.destroy();
    else if (action.kind === 'rate-limit') next(errors.overQpsLimit(action.retryAfterSeconds));
    else next(errors.injected(action.status, action.reason ?? defaultReason(action.status), action.details ?? defaultDetails(action.status)));
  };
  if (decision.delayMs > 0) setTimeout(act, decision.delayMs);
  else act();
}
