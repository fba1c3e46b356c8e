import express, { Router } from 'express';
import type { Config } from '../config.js';
import { allowedHostOnly } from '../web/host-guard.js';
import type { World } from '../world/world.js';
import { adminCaller, type AdminSigner, shallowJson, sameSiteWrites } from './admin-request.js';
import { adminErrors, adminNotFound, type AdminLog } from './admin-errors.js';
import { clockRoutes } from './clock-routes.js';
import { journalRoutes } from './journal-routes.js';
import { metricsRoutes } from './metrics-routes.js';
import { openRoutes } from './open-routes.js';
import { ruleRoutes } from './rule-routes.js';
import { sandboxRoutes } from './sandbox-routes.js';
import { scenarioRoutes } from './scenario-routes.js';

/**
 * The admin surface, JSON under /__admin (design: admin). Protected by a bearer token when one is configured;
 * with or without one, it answers only to its own host names and takes no writes from other origins
 * (docs/reference/admin-api.md#security).
 */
export function adminRoutes(world: World, config: Config, log: AdminLog | undefined, signerOf: AdminSigner): Router {
  const router = Router();
  router.use(express.json({ limit: '1mb' }));
  router.use(shallowJson);
  // A form body is kept raw: a team's signature covers its parameters (OAuth signs them as sent).
  router.use(express.text({ type: 'application/x-www-form-urlencoded', limit: '1mb', defaultCharset: 'utf-8' }));
  openRoutes(router, world); // health is open, as WireMock's is: HEALTHCHECKs and CI pollers hold no token
  // The page, its script and health (all GET, holding no data) answer under any name: a CI poller in compose
  // asks http://rentalsim:8080/__admin/health. Everything after them answers only to the simulator's own names.
  router.use(allowedHostOnly(config), sameSiteWrites(config));
  // A request signed with a consumer's key and secret acts on that consumer's world alone; anything else
  // needs the admin token when one is set (admin-request.ts).
  router.use(adminCaller(signerOf, config.adminToken || undefined));

  scenarioRoutes(router, world);
  sandboxRoutes(router, world);
  metricsRoutes(router, world);
  clockRoutes(router, world);
  ruleRoutes(router, world);
  journalRoutes(router, world);

  router.use(adminNotFound, adminErrors(log));
  return router;
}
