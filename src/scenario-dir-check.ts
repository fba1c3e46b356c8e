import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from './config.js';
import { SCENARIO_FILE } from './world/scenario-files.js';

const LABEL = '--scenario-dir (SCENARIO_DIR)';

/**
 * Stops start-up with one line naming the path when --scenario-dir is not a folder of readable scenario
 * files: missing, a file, a folder we may not list, or an entry named like a scenario that is a folder or
 * may not be read. What a readable file says is the scenario reader's to judge.
 */
export function checkScenarioDir(dir: string): void {
  const stat = statSync(dir, { throwIfNoEntry: false });
  if (!stat) throw new ConfigError(`${LABEL}: no folder ${JSON.stringify(dir)}`);
  if (!stat.isDirectory()) throw new ConfigError(`${LABEL}: ${JSON.stringify(dir)} is a file, not a folder`);
  for (const entry of attempt(dir, 'read the folder', () => readdirSync(dir))) {
    if (!SCENARIO_FILE.test(entry)) continue;
    const file = join(dir, entry);
    if (statSync(file).isDirectory()) throw new ConfigError(`${LABEL}: ${JSON.stringify(file)} is a folder, not a scenario file`);
    attempt(file, 'read', () => accessSync(file, constants.R_OK));
  }
}

function attempt<T>(path: string, what: string, action: () => T): T {
  try {
    return action();
  } catch (e) {
    throw new ConfigError(`${LABEL}: cannot ${what} ${JSON.stringify(path)} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, { cause: e });
  }
}
