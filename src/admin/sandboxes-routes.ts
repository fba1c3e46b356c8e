import type { Router } from 'express';
import { errors } from '../domain/api-error.js';
import type { World } from '../world/world.js';
import { consumerFor, requireOperator } from './admin-caller.js';

/** GET /__admin/sandboxes: who holds a sandbox; DELETE /__admin/sandboxes/:key drops one. */
export function sandboxesRoutes(router: Router, world: World): void {
  router.get('/sandboxes', (req, res) => {
    requireOperator(req, 'the list of sandboxes');
    const now = world.realNow();
    const pool = world.sandboxes;
    res.json({
      scenario: world.scenario.definition.name,
      held: pool.size,
      max: pool.settings.max,
      idleSeconds: pool.settings.idleMs / 1000,
      evicted: pool.evicted,
      openMode: world.openModePrefix() ?? null,
      sandboxes: pool
        .list()
        .reverse()
        .map((s) => ({
          key: s.key,
          created: new Date(s.createdAt).toISOString(),
          lastUsed: new Date(s.lastUsedAt).toISOString(),
          idleSeconds: Math.floor((now - s.lastUsedAt) / 1000),
          uses: s.uses,
        })),
    });
  });

  router.delete('/sandboxes/:key', (req, res) => {
    const key = consumerFor(req, String(req.params['key']))!;
    if (!world.sandboxes.has(key)) throw errors.notFound(`no sandbox is held for ${JSON.stringify(key)}; GET /__admin/sandboxes lists them`);
    world.reset(key);
    res.json({ dropped: key });
  });
}
