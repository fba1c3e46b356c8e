import { Router } from 'express';
import { errors } from '../domain/api-error.js';
import type { World } from '../world/world.js';
import { overrideBody, toOverrideSpec } from './override-body.js';
import { consumerFor, requireOperator, teamOf } from './admin-caller.js';
import { parseBody } from './parse-body.js';

/**
 * Answer overrides: GET/POST/DELETE /__admin/overrides, DELETE /__admin/overrides/:id (docs/reference/admin-api.md#overrides).
 * A team sees, adds and removes them as it does faults (faults-routes.ts): what it adds is its consumer's.
 */
export function overridesRoutes(world: World): Router {
  const router = Router();

  router.get('/overrides', (req, res) => {
    const team = teamOf(req);
    res.json({ overrides: world.overrides.list().filter((o) => team === undefined || o.match.consumer === undefined || o.match.consumer === team) });
  });

  router.post('/overrides', (req, res) => {
    const spec = toOverrideSpec(parseBody(overrideBody, req.body, 'POST /__admin/overrides'));
    const consumer = consumerFor(req, spec.match.consumer);
    const override = world.overrides.add(consumer === undefined ? spec : { ...spec, match: { ...spec.match, consumer } });
    res.status(201).json({ override });
  });

  router.delete('/overrides', (req, res) => {
    const team = teamOf(req);
    const mine = world.overrides.list().filter((o) => team === undefined || o.match.consumer === team);
    if (team === undefined) world.overrides.clear();
    else for (const o of mine) world.overrides.remove(o.id);
    res.json({ cleared: mine.length });
  });

  router.delete('/overrides/:id', (req, res) => {
    const id = Number(req.params['id']);
    const override = world.overrides.list().find((o) => o.id === id);
    const team = teamOf(req);
    if (!override || (team !== undefined && override.match.consumer !== undefined && override.match.consumer !== team)) {
      throw errors.notFound(`no override with id ${JSON.stringify(req.params['id'])}; GET /__admin/overrides lists them`);
    }
    if (override.match.consumer === undefined) requireOperator(req, `override ${id}, set for every consumer,`);
    world.overrides.remove(id);
    res.json({ removed: id });
  });

  return router;
}
