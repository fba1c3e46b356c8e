import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, type Config } from './config.js';
import { SCENARIO_FILE } from './world/scenario-files.js';

// What stops start-up with one line naming the flag to change, rather than a stack.

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

/**
 * A listen() failure the user can fix, as a ConfigError naming the flag to change; anything else as it
 * came. The original error stays as `cause` (a library caller retrying on EADDRINUSE finds its code there).
 */
export function listenProblem(e: unknown, { host, port }: Pick<Config, 'host' | 'port'>): unknown {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  const message = new Map([
    ['EADDRINUSE', `--port (PORT): port ${port} on ${host} is in use; choose another (--port 0 picks a free one)`],
    ['EACCES', `--port (PORT): no permission to listen on port ${port} (ports below 1024 need privileges); choose another`],
    ['EADDRNOTAVAIL', `--host (HOST): ${JSON.stringify(host)} is not an address of this machine`],
    ['EAFNOSUPPORT', `--host (HOST): this machine cannot listen on ${JSON.stringify(host)} (its address family is not supported)`],
    // Every failure of the name lookup: no such name, or none answered now.
    ...['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL'].map((c) => [c, `--host (HOST): cannot find the address of ${JSON.stringify(host)}`] as const),
  ]).get(code ?? '');
  return message === undefined ? e : new ConfigError(message, { cause: e });
}
