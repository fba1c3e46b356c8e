import type { Router } from 'express';
import { packageVersion } from '../package-root.js';
import type { World } from '../world/world.js';

/**
 * GET /__admin/health: what a container HEALTHCHECK, a CI wait loop and WireMock users poll. Shaped like
 * WireMock's (`status`, `version`, `uptimeInSeconds`), plus the active scenario.
 *
 * Mounted before the admin token check (as WireMock's health is open): the pollers that need it (a
 * HEALTHCHECK, a `curl` loop in a CI step) usually hold no token, and the answer gives away nothing a client
 * could not learn by calling the API itself.
 *
 * Uptime is real time since the simulator started (from `now`, the world's real time source by default), not
 * the simulator clock: moving the clock to test a token's expiry must not look like a restart.
 */
export function healthRoutes(router: Router, world: World, now: () => number = world.realNow): void {
  const startedAt = now();
  const version = packageVersion();
  router.get('/health', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({
      status: 'healthy',
      version,
      scenario: world.scenario.definition.name,
      uptimeInSeconds: Math.max(0, now() - startedAt) / 1000,
      // With --data-dir: its path, bytes, budget and any file set aside at start-up (docs/reference/data-dir.md).
      ...(world.dataDir ? { dataDir: world.dataDir.report() } : {}),
    });
  });
}
