import { Router } from 'express';
import { z } from 'zod';
import { errors } from '../domain/api-error.js';
import type { World } from '../world/world.js';
import { faultBody, toSpec } from './fault-body.js';
import { parseBody } from './parse-body.js';

const rateLimitBody = z.strictObject({
  perSecond: z.number().int().min(0).optional(),
  perDay: z.number().int().min(0).optional(),
});

/**
 * Injected faults: GET/POST/DELETE /__admin/faults, DELETE /__admin/faults/:id; and the real per-consumer
 * rate limit: GET/PUT /__admin/rate-limit.
 */
export function faultsRoutes(world: World): Router {
  const router = Router();

  router.get('/faults', (_req, res) => {
    res.json({ faults: world.faults.list() });
  });

  router.post('/faults', (req, res) => {
    const fault = world.faults.add(toSpec(parseBody(faultBody, req.body, 'POST /__admin/faults')));
    res.status(201).json({ fault });
  });

  router.delete('/faults', (_req, res) => {
    const cleared = world.faults.list().length;
    world.faults.clear();
    res.json({ cleared });
  });

  router.delete('/faults/:id', (req, res) => {
    const id = Number(req.params['id']);
    if (!world.faults.remove(id)) throw errors.notFound(`no fault with id ${JSON.stringify(req.params['id'])}; GET /__admin/faults lists them`);
    res.json({ removed: id });
  });

  router.get('/rate-limit', (_req, res) => {
    res.json(world.rateLimiter.limits);
  });

  router.put('/rate-limit', (req, res) => {
    const body = parseBody(rateLimitBody, req.body, 'PUT /__admin/rate-limit');
    world.rateLimiter.limits = { ...world.rateLimiter.limits, ...body };
    world.rateLimiter.clear();
    res.json(world.rateLimiter.limits);
  });

  return router;
}
