import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding package.json: above src/ when this file runs as itself (tests, under tsx), above
 * dist/src/ when it is tsc's output or inside the bundled dist/src/main.js.
 */
export function packageRoot(): string {
  return join(dirname(fileURLToPath(import.meta.url)), import.meta.url.endsWith('.ts') ? '..' : '../..');
}

/** The version in rentalsim's own package.json, the one `--version` and a CI log should show. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * A module of the package to run as its own thread or process (a worker, the catalogue writer): its file
 * and the node flags it needs. Found from the package root, since the caller may run from src/*.ts (tests,
 * under tsx), from dist/src/*.js, or inside the bundled dist/src/main.js; `fromUrl` is the caller's own
 * import.meta.url, which says which.
 */
export function packageModule(fromUrl: string, ...path: string[]): { file: string; execArgv: string[] } {
  const ts = fromUrl.endsWith('.ts');
  const last = `${path.pop()!}${ts ? '.ts' : '.js'}`;
  return { file: join(packageRoot(), ...(ts ? ['src'] : ['dist', 'src']), ...path, last), execArgv: ts ? ['--import', 'tsx'] : [] };
}
