import type { Router } from 'express';
import { z } from 'zod';
import type { World } from '../world/world.js';
import { requireOperator, parseBody } from './admin-request.js';

const rateLimitBody = z.strictObject({
  perSecond: z.number().int().min(0).optional(),
  perDay: z.number().int().min(0).optional(),
});

/** The real per-consumer rate limit: GET/PUT /__admin/rate-limit. Its settings are instance-wide. */
export function rateLimitRoutes(router: Router, world: World): void {
  router.get('/rate-limit', (_req, res) => {
    res.json(world.rateLimiter.limits);
  });

  router.put('/rate-limit', (req, res) => {
    requireOperator(req, 'the rate limit');
    const body = parseBody(rateLimitBody, req.body, 'PUT /__admin/rate-limit');
    world.rateLimiter.limits = { ...world.rateLimiter.limits, ...body };
    world.rateLimiter.clear();
    res.json(world.rateLimiter.limits);
  });
}
