import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { Config } from '../config.js';
import { ApiError } from '../domain/api-error.js';
import { secretsMatch } from '../domain/secrets-match.js';
import { allowedHostOnly } from '../web/host-guard.js';
import type { World } from '../world/world.js';
import { adminErrors, adminNotFound, type AdminLog, stderrLog } from './admin-errors.js';
import { adminQuery } from './admin-query.js';
import { businessRoutes } from './business-routes.js';
import { clockRoutes } from './clock-routes.js';
import { coverageRoutes } from './coverage-routes.js';
import { dashboardRoutes } from './dashboard-routes.js';
import { exportRoutes } from './export-routes.js';
import { faultsRoutes } from './faults-routes.js';
import { healthRoutes } from './health-routes.js';
import { shallowJson } from './shallow-json.js';
import { journalRoutes } from './journal-routes.js';
import { oauthAdminRoutes } from './oauth-admin-routes.js';
import { overridesRoutes } from './overrides-routes.js';
import { sameSiteWrites } from './same-site-writes.js';
import { sandboxesRoutes } from './sandboxes-routes.js';
import { scenarioRoutes } from './scenario-routes.js';
import { tokensRoutes } from './tokens-routes.js';

/**
 * The admin surface, JSON under /__admin (design: admin). Protected by a bearer token when one is configured;
 * with or without one, it answers only to its own host names and takes no writes from other origins
 * (README: Security).
 */
export function adminRoutes(world: World, config: Config, log: AdminLog = stderrLog): Router {
  const router = Router();
  router.use(express.json({ limit: '1mb' }));
  router.use(shallowJson);
  router.use(dashboardRoutes());
  router.use(healthRoutes(world)); // open, as WireMock's is: HEALTHCHECKs and CI pollers hold no token (health-routes.ts)
  // The page, its script and health (all GET, holding no data) answer under any name: a CI poller in compose
  // asks http://rentalsim:8080/__admin/health. Everything after them answers only to the simulator's own names.
  router.use(allowedHostOnly(config), sameSiteWrites(config));
  if (config.adminToken) router.use(requireBearer(config.adminToken));

  router.use(scenarioRoutes(world));
  router.post('/reset', (req, res) => {
    const consumer = adminQuery(req).get('consumer') ?? undefined;
    world.reset(consumer);
    res.json({ reset: consumer ?? 'all', scenario: world.scenario.scenario.name });
  });
  router.use(sandboxesRoutes(world));
  router.use(clockRoutes(world.clock));
  router.use(faultsRoutes(world));
  router.use(overridesRoutes(world));
  router.use(journalRoutes(world));
  router.use(coverageRoutes(world));
  router.use(tokensRoutes(world));
  router.use(businessRoutes(world));
  router.use(exportRoutes(world));

  router.use(oauthAdminRoutes(world));
  router.use(adminNotFound, adminErrors(log));
  return router;
}

/** The whole header against `Bearer <token>`, in time that tells neither how much matched nor the token's length. */
function requireBearer(token: string) {
  const expected = `Bearer ${token}`;
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!secretsMatch(expected, req.headers.authorization ?? '')) {
      throw new ApiError({ status: 401, reason: 'Unauthorized', code: 'ERR_401_ADMIN', details: 'the admin API needs Authorization: Bearer <admin token>' });
    }
    next();
  };
}
