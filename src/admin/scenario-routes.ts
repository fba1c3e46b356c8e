import express, { type Request, type Router } from 'express';
import { errors } from '../domain/api-error.js';
import { uploadScenarioText } from '../world/upload-scenario-text.js';
import type { World } from '../world/world.js';
import { requireOperator, adminQuery } from './admin-request.js';

/**
 * The scenarios (README: Scenarios; docs/reference/admin-api.md#admin-routes):
 * - GET /__admin/scenarios: each usable one with its consumer keys and user logins, the files that cannot
 *   be used with why, the active one;
 * - POST /__admin/scenarios/reload: reads the folders again and says what was added, changed, removed and
 *   what cannot be used;
 * - POST /__admin/scenarios/{name}: switches to one (reading the folders again first);
 * - POST /__admin/scenarios[?use=true]: adds one sent as YAML or JSON (an export, or one written by hand);
 * - PUT /__admin/scenarios/{name}[?use=true]: adds or replaces an uploaded one;
 * - DELETE /__admin/scenarios/{name}: forgets an uploaded one.
 */
export function scenarioRoutes(router: Router, world: World): void {
  const text = express.text({ type: ['application/yaml', 'application/x-yaml', 'text/yaml', 'text/plain'], limit: '20mb' });
  // Reading the list is anyone's; switching, reloading, uploading and forgetting change every team's world.
  router.use('/scenarios', (req, _res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') requireOperator(req, `${req.method} /__admin/scenarios`);
    next();
  });

  router.get('/scenarios', (_req, res) => {
    const active = world.scenario.definition.name;
    res.json({
      active,
      activeChange: world.activeChange(),
      openMode: world.openModePrefix() ?? null,
      scenarios: world.scenarioFiles().map((e) => ({
        name: e.name,
        description: e.scenario!.description,
        source: e.source,
        file: e.file,
        active: e.name === active,
        consumers: e.scenario!.consumers.map((c) => c.key),
        users: e.scenario!.users.map((u) => u.login),
        titlesChecked: e.titlesChecked,
      })),
      invalid: world.invalidScenarios(),
    });
  });

  router.post('/scenarios/reload', (_req, res) => {
    const changes = world.reloadScenarios();
    res.json({ ...changes, active: world.scenario.definition.name, activeChange: world.activeChange() });
  });

  router.post('/scenarios/:name', async (req, res) => {
    const loaded = await world.useScenario(String(req.params['name']));
    res.json({ active: loaded.definition.name });
  });

  router.post('/scenarios', text, async (req, res) => {
    const { name } = await uploadScenarioText(world, scenarioText(req));
    if (adminQuery(req).get('use') === 'true') await world.useScenario(name);
    res.status(201).json({ added: name, active: world.scenario.definition.name });
  });

  router.put('/scenarios/:name', text, async (req, res) => {
    const name = String(req.params['name']);
    const { outcome } = await uploadScenarioText(world, scenarioText(req), name);
    if (adminQuery(req).get('use') === 'true') await world.useScenario(name);
    res.status(outcome === 'added' ? 201 : 200).json({ [outcome]: name, active: world.scenario.definition.name, activeChange: world.activeChange() });
  });

  router.delete('/scenarios/:name', (req, res) => {
    const name = String(req.params['name']);
    world.removeScenario(name);
    res.json({ deleted: name, active: world.scenario.definition.name });
  });
}

/** The body as scenario text: YAML as sent, JSON (already parsed by the admin router) written back. */
function scenarioText(req: Request): string {
  const body: unknown = req.body;
  const text = typeof body === 'string' ? body : body && typeof body === 'object' ? JSON.stringify(body) : '';
  if (text.trim() === '') throw errors.badRequest('send a scenario file as the body (Content-Type application/yaml or application/json)');
  return text;
}
