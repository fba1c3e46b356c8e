import { errors } from '../domain/api-error.js';
import { parseScenario } from '../scenarios/parse-scenario.js';
import { ScenarioError } from '../scenarios/scenario-error.js';
import type { World } from './world.js';

/**
 * Validates and adds scenario text (POST /__admin/scenarios, sim.scenarios.add); a bad file is a 400 naming
 * the path inside it and the problem. Answers the scenario's name.
 */
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
