import { Router } from 'express';
import type { World } from '../world/world.js';
import { overrideBody, toOverrideSpec } from './override-body.js';
import { parseBody } from './parse-body.js';
import { scopedRuleRoutes } from './scoped-rule-routes.js';

/**
 * Answer overrides: GET/POST/DELETE /__admin/overrides, DELETE /__admin/overrides/:id (docs/reference/admin-api.md#overrides).
 * A team sees, adds and removes them as scoped-rule-routes.ts says: what it adds is its consumer's.
 */
export function overridesRoutes(world: World): Router {
  const router = Router();

  scopedRuleRoutes(router, 'override', world.overrides, {
    consumerOf: (o) => o.match.consumer,
    scopedTo: (spec, consumer) => ({ ...spec, match: { ...spec.match, consumer } }),
    parse: (body, where) => toOverrideSpec(parseBody(overrideBody, body, where)),
  });
  return router;
}
