import { Router } from 'express';
import { z } from 'zod';
import type { World } from '../world/world.js';
import { faultBody, toSpec } from './fault-body.js';
import { requireOperator } from './admin-caller.js';
import { parseBody } from './parse-body.js';
import { scopedRuleRoutes } from './scoped-rule-routes.js';

const rateLimitBody = z.strictObject({
  perSecond: z.number().int().min(0).optional(),
  perDay: z.number().int().min(0).optional(),
});

/**
 * Injected faults: GET/POST/DELETE /__admin/faults, DELETE /__admin/faults/:id; and the real per-consumer
 * rate limit: GET/PUT /__admin/rate-limit.
 *
 * A team sees, adds and removes faults as scoped-rule-routes.ts says. The rate limit's settings are
 * instance-wide.
 */
export function faultsRoutes(world: World): Router {
  const router = Router();

  scopedRuleRoutes(router, 'fault', world.faults, {
    consumerOf: (f) => f.consumer,
    scopedTo: (spec, consumer) => ({ ...spec, consumer }),
    parse: (body, where) => toSpec(parseBody(faultBody, body, where)),
  });

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

  return router;
}
