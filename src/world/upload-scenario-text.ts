import { errors } from '../domain/api-error.js';
import { ScenarioError } from '../scenarios/scenario-error.js';
import { scenarioEntryLater } from './scenario-files.js';
import type { World } from './world.js';

/**
 * The largest catalogue an uploaded scenario may ask for (README: Scenarios). Anyone who reaches the admin
 * API can upload, and every new seed or size is a catalogue generated in a child process (a core busy and
 * much memory while it runs) and a snapshot kept on disk: at these caps a small part of the snapshot
 * cache's budget, and its search indexes read in steps short enough for the event loop. Larger
 * catalogues (the built-in `large`, 100,000 titles) are the operator's: a file in --scenario-dir.
 */
export const UPLOAD_CATALOG_CAPS = { titles: 20_000, people: 20_000 } as const;

/**
 * Validates and adds scenario text (POST /__admin/scenarios, sim.scenarios.add); a bad file is a 400 naming
 * the path inside it and the problem. Resolves to the scenario's name and outcome once its catalogue is built.
 * With `replacing` (PUT /__admin/scenarios/{name}) the text must give that name, and replaces the uploaded
 * scenario of that name if there is one; built-in and folder scenarios are files, not replaced here (409).
 */
export async function uploadScenarioText(world: World, text: string, replacing?: string) {
  const parsed = await scenarioEntryLater(text, 'uploaded scenario', 'uploaded', world.scenarioParser);
  if (parsed.error) throw errors.badRequest(parsed.error.message, undefined, parsed.error);
  if (replacing !== undefined && parsed.name !== replacing) {
    throw errors.badRequest(
      `the file's name: is ${JSON.stringify(parsed.name)}, not ${JSON.stringify(replacing)}; PUT it to /__admin/scenarios/${parsed.name} or change its name:`,
    );
  }
  // Before anything is built: a catalogue over the upload caps is a 400 saying the cap and where larger ones go.
  for (const what of ['titles', 'people'] as const) {
    const asked = parsed.scenario!.catalog[what];
    const cap = UPLOAD_CATALOG_CAPS[what];
    if (asked > cap) {
      throw errors.badRequest(
        `uploaded scenario: catalog.${what}: ${asked} is over the ${cap} an uploaded scenario may generate; ` +
          'put a larger catalogue in a scenario file of --scenario-dir (README: Scenarios)',
      );
    }
  }
  try {
    const outcome = await world.uploadScenario({ ...parsed, file: `uploaded:${parsed.name}` }, replacing !== undefined, text);
    return { name: parsed.name, outcome };
  } catch (e) {
    if (e instanceof ScenarioError) throw errors.badRequest(e.message, undefined, e);
    throw e;
  }
}
