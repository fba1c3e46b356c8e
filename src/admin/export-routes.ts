import express, { Router } from 'express';
import { errors } from '../domain/api-error.js';
import { exportScenario, scenarioYaml } from '../scenarios/export-scenario.js';
import { parseScenario } from '../scenarios/parse-scenario.js';
import { ScenarioError } from '../scenarios/scenario-error.js';
import type { World } from '../world/world.js';
import { adminQuery } from './admin-query.js';
import { consumerSandbox } from './admin-lookups.js';

const YAML_TYPES = ['application/yaml', 'application/x-yaml', 'text/yaml', 'text/plain'];

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
    const { sandbox } = consumerSandbox(world, q.get('consumer') ?? undefined);
    const name = q.get('name') ?? exportName(world.scenario.scenario.name, sandbox.key);
    if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) throw errors.invalidParameter('name', 'lower-case letters, digits and dashes, e.g. default-ci-run-7');
    const format = q.get('format') ?? 'yaml';
    if (format !== 'yaml' && format !== 'json') throw errors.invalidParameter('format', 'yaml or json');
    const exported = exportScenario(world.scenario, sandbox, { name, consumerOf: (key) => world.consumer(key) });
    res.set('Content-Disposition', `attachment; filename="${name}.${format}"`);
    if (format === 'json') res.json(exported);
    else res.type('application/yaml').send(scenarioYaml(exported, new Date(world.realNow()).toISOString()));
  });

  router.post('/scenarios', express.text({ type: YAML_TYPES, limit: '20mb' }), (req, res) => {
    const text = typeof req.body === 'string' ? req.body : req.body && typeof req.body === 'object' ? JSON.stringify(req.body) : '';
    if (text.trim() === '') throw errors.badRequest('send a scenario file as the body (Content-Type application/yaml or application/json)');
    const name = addScenarioText(world, text);
    if (adminQuery(req).get('use') === 'true') world.useScenario(name);
    res.status(201).json({ added: name, active: world.scenario.scenario.name });
  });

  return router;
}

/** `default` + `ci-Run_7` -> `default-ci-run-7`: a valid scenario name that says where it came from. */
export function exportName(scenario: string, sandboxKey: string): string {
  const key = sandboxKey.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return key ? `${scenario}-${key}` : `${scenario}-export`;
}

/** Validates and adds scenario text; a bad file is a 400 naming the path inside it and the problem. */
export function addScenarioText(world: World, text: string): string {
  try {
    const scenario = parseScenario(text, 'uploaded scenario');
    world.addScenario({ name: scenario.name, description: scenario.description, file: `uploaded:${scenario.name}`, scenario });
    return scenario.name;
  } catch (e) {
    if (e instanceof ScenarioError) throw errors.badRequest(e.message);
    throw e;
  }
}
