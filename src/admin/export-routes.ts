import express, { Router } from 'express';
import { errors } from '../domain/api-error.js';
import { addScenarioText } from '../world/add-scenario-text.js';
import { exportSandbox, scenarioYaml } from '../world/export-scenario.js';
import type { World } from '../world/world.js';
import { adminQuery } from './admin-query.js';

const YAML_TYPES: readonly string[] = ['application/yaml', 'application/x-yaml', 'text/yaml', 'text/plain'];

/**
 * A sandbox as a scenario file, and back:
 * - GET /__admin/export?consumer=KEY[&name=NAME][&format=json]: the sandbox's state as a scenario file
 *   (YAML by default) that loads back to the same state;
 * - POST /__admin/scenarios[?use=true]: adds a scenario sent as YAML or JSON (an export, or one written by
 *   hand), and with use=true switches to it.
 */
export function exportRoutes(world: World): Router {
  const router = Router();

  router.get('/export', (req, res) => {
    const q = adminQuery(req);
    const exported = exportSandbox(world, q.get('consumer') ?? undefined, q.get('name') ?? undefined);
    const format = q.get('format') ?? 'yaml';
    if (format !== 'yaml' && format !== 'json') throw errors.invalidParameter('format', 'yaml or json');
    res.set('Content-Disposition', `attachment; filename="${exported.name}.${format}"`);
    if (format === 'json') res.json(exported);
    else res.type('application/yaml').send(scenarioYaml(exported, new Date(world.realNow()).toISOString()));
  });

  router.post('/scenarios', express.text({ type: [...YAML_TYPES], limit: '20mb' }), (req, res) => {
    const text = typeof req.body === 'string' ? req.body : req.body && typeof req.body === 'object' ? JSON.stringify(req.body) : '';
    if (text.trim() === '') throw errors.badRequest('send a scenario file as the body (Content-Type application/yaml or application/json)');
    const name = addScenarioText(world, text);
    if (adminQuery(req).get('use') === 'true') world.useScenario(name);
    res.status(201).json({ added: name, active: world.scenario.scenario.name });
  });

  return router;
}
