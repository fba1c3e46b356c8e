import { Router } from 'express';
import { errors } from '../domain/api-error.js';
import type { World } from '../world/world.js';
import { overrideBody, toOverrideSpec } from './override-body.js';
import { parseBody } from './parse-body.js';

/** Answer overrides: GET/POST/DELETE /__admin/overrides, DELETE /__admin/overrides/:id (README: Overrides). */
export function overridesRoutes(world: World): Router {
  const router = Router();

  router.get('/overrides', (_req, res) => {
    res.json({ overrides: world.overrides.list() });
  });

  router.post('/overrides', (req, res) => {
    const override = world.overrides.add(toOverrideSpec(parseBody(overrideBody, req.body, 'POST /__admin/overrides')));
    res.status(201).json({ override });
  });

  router.delete('/overrides', (_req, res) => {
    const cleared = world.overrides.list().length;
    world.overrides.clear();
    res.json({ cleared });
  });

  router.delete('/overrides/:id', (req, res) => {
    const id = Number(req.params['id']);
    if (!world.overrides.remove(id)) {
      throw errors.notFound(`no override with id ${JSON.stringify(req.params['id'])}; GET /__admin/overrides lists them`);
    }
    res.json({ removed: id });
  });

  return router;
}
