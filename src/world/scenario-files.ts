import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseScenario } from '../scenarios/parse-scenario.js';
import { ScenarioError } from '../scenarios/scenario-error.js';
import type { Scenario } from '../scenarios/scenario-schema.js';

export interface ScenarioFile {
  name: string;
  description: string;
  file: string;
  scenario: Scenario;
}

/**
 * Reads and validates every scenario file (*.yaml, *.yml, *.json) in the given folders. A bad file stops
 * start-up with a ScenarioError: a scenario a tester wrote should never be silently skipped.
 */
export function readScenarioFiles(dirs: readonly string[]): Map<string, ScenarioFile> {
  const out = new Map<string, ScenarioFile>();
  for (const dir of dirs) {
    for (const entry of readdirSync(dir).sort()) {
      if (!/\.(ya?ml|json)$/.test(entry)) continue;
      const file = join(dir, entry);
      const scenario = parseScenario(readFileSync(file, 'utf8'), file);
      const existing = out.get(scenario.name);
      if (existing) throw new ScenarioError(file, 'name', `scenario ${JSON.stringify(scenario.name)} is also defined in ${existing.file}`);
      out.set(scenario.name, { name: scenario.name, description: scenario.description, file, scenario });
    }
  }
  return out;
}
