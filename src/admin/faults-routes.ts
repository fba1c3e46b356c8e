import { Router } from 'express';
import { z } from 'zod';
import { errors } from '../domain/api-error.js';
import type { World } from '../world/world.js';
import { faultBody, toSpec } from './fault-body.js';
import { consumerFor, requireOperator, teamOf } from './admin-caller.js';
import { parseBody } from './parse-body.js';

const rateLimitBody = z.strictObject({
  perSecond: z.number().int().min(0).optional(),
  perDay: z.number().int().min(0).optional(),
});

/**
 * Injected faults: GET/POST/DELETE /__admin/faults, DELETE /__admin/faults/:id; and the real per-consumer
 * rate limit: GET/PUT /__admin/rate-limit.
 *
 * A team (a call signed by its consumer) lists its own faults and the instance-wide ones that also meet its
 * requests; what it adds is scoped to its consumer (it cannot add one for everybody), and it removes only
 * its own. The rate limit's settings are instance-wide.
 */
export function faultsRoutes(world: World): Router {
  const router = Router();

  router.get('/faults', (req, res) => {
    const team = teamOf(req);
    res.json({ faults: world.faults.list().filter((f) => team === undefined || f.consumer === undefined || f.consumer === team) });
  });

  router.post('/faults', (req, res) => {
    const spec = toSpec(parseBody(faultBody, req.body, 'POST /__admin/faults'));
    const consumer = consumerFor(req, spec.consumer);
    const fault = world.faults.add(consumer === undefined ? spec : { ...spec, consumer });
    res.status(201).json({ fault });
  });

  router.delete('/faults', (req, res) => {
    const team = teamOf(req);
    const mine = world.faults.list().filter((f) => team === undefined || f.consumer === team);
    if (team === undefined) world.faults.clear();
    else for (const f of mine) world.faults.remove(f.id);
    res.json({ cleared: mine.length });
  });

  router.delete('/faults/:id', (req, res) => {
    const id = Number(req.params['id']);
    const fault = world.faults.list().find((f) => f.id === id);
    const team = teamOf(req);
    if (!fault || (team !== undefined && fault.consumer !== undefined && fault.consumer !== team)) {
      throw errors.notFound(`no fault with id ${JSON.stringify(req.params['id'])}; GET /__admin/faults lists them`);
    }
    if (fault.consumer === undefined) requireOperator(req, `fault ${id}, set for every consumer,`);
    world.faults.remove(id);
    res.json({ removed: id });
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
