import { errors } from '../domain/api-error.js';
import { ScenarioError } from '../scenarios/scenario-error.js';
import { scenarioEntry } from './scenario-files.js';
import type { World } from './world.js';

/**
 * Validates and adds scenario text (POST /__admin/scenarios, sim.scenarios.add); a bad file is a 400 naming
 * the path inside it and the problem. Answers the scenario's name.
 */
export function addScenarioText(world: World, text: string): string {
  return upload(world, text, undefined).name;
}

/**
 * Validates scenario text and adds it under `name`, replacing the uploaded scenario of that name if there is
 * one (PUT /__admin/scenarios/{name}). The text must give that name; built-in and folder scenarios are
 * files, not replaced here (409).
 */
export function replaceScenarioText(world: World, name: string, text: string): 'added' | 'replaced' {
  return upload(world, text, name).outcome;
}

function upload(world: World, text: string, replacing: string | undefined) {
  const parsed = scenarioEntry(text, 'uploaded scenario', 'uploaded');
  if (parsed.error) throw errors.badRequest(parsed.error.message, undefined, parsed.error);
  if (replacing !== undefined && parsed.name !== replacing) {
    throw errors.badRequest(
      `the file's name: is ${JSON.stringify(parsed.name)}, not ${JSON.stringify(replacing)}; PUT it to /__admin/scenarios/${parsed.name} or change its name:`,
    );
  }
  try {
    const outcome = world.uploadScenario({ ...parsed, file: `uploaded:${parsed.name}` }, replacing !== undefined);
    return { name: parsed.name, outcome };
  } catch (e) {
    if (e instanceof ScenarioError) throw errors.badRequest(e.message, undefined, e);
    throw e;
  }
}
