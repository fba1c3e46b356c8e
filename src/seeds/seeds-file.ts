import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A file of the package's seeds/ folder (curated.yaml, word-lists.yaml), found by walking up from this
 * module, which works from src/ (tests, tsx) and from dist/src/ (the built package) alike.
 */
export function seedsFile(name: string): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, 'seeds', name);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`seeds/${name} not found above ${fileURLToPath(import.meta.url)}`);
  }
}
