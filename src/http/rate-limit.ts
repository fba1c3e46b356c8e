import type { NextFunction, Request, Response } from 'express';
import { errors } from '../domain/api-error.js';
import { claimedConsumer } from './claimed-consumer.js';
import { ctxOf } from './request-context.js';

/**
 * The configured per-consumer rate limit (off by default): requests per second (real time) and per day
 * (simulator clock), answered like the gateway did with 403 and Retry-After. Only keys the world knows
 * are counted, so a made-up key still gets its 401 Invalid Consumer Key.
 */
export function rateLimit() {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const ctx = ctxOf(req);
    const limiter = ctx.world.rateLimiter;
    if (!limiter.enabled) return next();
    const key = claimedConsumer(req, ctx);
    if (key === undefined || !ctx.world.consumer(key)) return next();
    const decision = limiter.take(key, ctx.world.realNow(), ctx.world.clock.now());
    if (decision.ok) return next();
    if (decision.limit === 'day') throw errors.overRateLimit(decision.retryAfterSeconds);
    throw errors.overQpsLimit(decision.retryAfterSeconds, `this consumer is limited to ${limiter.limits.perSecond} requests per second`);
  };
}
