import type { NextFunction, Request, Response } from 'express';
import { errors } from '../domain/api-error.js';
import { ctxOf } from './request-context.js';
import { signerOf } from './verify-oauth.js';

/**
 * The configured per-consumer rate limit (off by default): requests per second (real time) and per day
 * (simulator clock), answered like the gateway did with 403 and Retry-After. Only requests whose signature
 * verifies are counted, against the consumer that signed them (`signerOf`): an unsigned, forged or replayed
 * request naming a consumer spends nothing of its allowance and goes on to the verifier's 401 or 403.
 * Counted before the routers, as the gateway did, so a refused request's nonce is not used up.
 */
export function rateLimit() {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const ctx = ctxOf(req);
    const limiter = ctx.world.rateLimiter;
    if (!limiter.enabled) return next();
    const key = signerOf(req);
    if (key === undefined) return next();
    const decision = limiter.take(key, ctx.world.realNow(), ctx.world.clock.now());
    if (decision.ok) return next();
    if (decision.limit === 'day') throw errors.overRateLimit(decision.retryAfterSeconds);
    throw errors.overQpsLimit(decision.retryAfterSeconds, `this consumer is limited to ${limiter.limits.perSecond} requests per second`);
  };
}
