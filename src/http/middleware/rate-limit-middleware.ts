import type { NextFunction, Request, Response } from 'express';
import { errors } from '../../domain/api-error.js';
import { ctxOf } from '../request-context.js';
import { claimNonce, signerOf } from '../oauth/verify-oauth.js';

/**
 * The configured per-consumer rate limit (off by default): requests per second (real time) and per day
 * (simulator clock), answered like the gateway did with 403 and Retry-After. Only requests whose signature
 * verifies are counted, against the consumer that signed them (`signerOf`): an unsigned, forged or replayed
 * request naming a consumer spends nothing of its allowance and goes on to the verifier's 401 or 403.
 * Counted before the routers, as the gateway did; a refused request has used its nonce, so its replay is a
 * replay (401) and counts against nobody.
 */
export function rateLimitMiddleware(req: Request, _res: Response, next: NextFunction): void {
  const ctx = ctxOf(req);
  const limiter = ctx.world.rateLimiter;
  if (!limiter.enabled) return next();
  const key = signerOf(req);
  if (key === undefined) return next();
  const decision = limiter.take(key, ctx.world.realNow(), ctx.world.clockOf(key).now());
  if (decision.ok) return next();
  claimNonce(req); // refused, and answered: the same bytes sent again are a replay and spend nothing

  if (decision.limit === 'day') throw errors.overRateLimit(decision.retryAfterSeconds);
  throw errors.overQpsLimit(decision.retryAfterSeconds, `this consumer is limited to ${limiter.limits.perSecond} requests per second`);
}
