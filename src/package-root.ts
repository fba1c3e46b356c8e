import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding package.json, found from this file whether it runs from src/ (tests) or dist/src/. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('rentalsim: package.json not found above ' + fileURLToPath(import.meta.url));
    dir = up;
  }
  return dir;
}

/** The built-in scenario files. */
export const BUILTIN_SCENARIO_DIR = join(packageRoot(), 'scenarios');
