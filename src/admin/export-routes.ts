import type { Router } from 'express';
import { errors } from '../domain/api-error.js';
import { exportSandbox, scenarioYaml } from '../world/export-scenario.js';
import type { World } from '../world/world.js';
import { consumerFor } from './admin-caller.js';
import { adminQuery } from './admin-request.js';

/**
 * A sandbox as a scenario file: GET /__admin/export?consumer=KEY[&name=NAME][&format=json] answers the
 * sandbox's state as a scenario file (YAML by default) that loads back to the same state through
 * POST /__admin/scenarios (scenario-routes.ts).
 */
export function exportRoutes(router: Router, world: World): void {
  router.get('/export', (req, res) => {
    const q = adminQuery(req);
    const exported = exportSandbox(world, consumerFor(req, q.get('consumer')), q.get('name') ?? undefined);
    const format = q.get('format') ?? 'yaml';
    if (format !== 'yaml' && format !== 'json') throw errors.invalidParameter('format', 'yaml or json');
    res.set('Content-Disposition', `attachment; filename="${exported.name}.${format}"`);
    if (format === 'json') res.json(exported);
    else res.type('application/yaml').send(scenarioYaml(exported, new Date(world.realNow()).toISOString()));
  });
}
