// @ts-check
// The last step of `npm run build` (and of `npm start`'s build): dist/src/main.js, the command that starts the
// simulator, is bundled in place into one file holding rentalsim's modules and its JavaScript dependencies.
//
// Why: a start loaded some 450 modules (rentalsim's 210, zod's 95, express and its helpers' ~140), and finding,
// reading and compiling them one by one was a third of the time to the first answer (decision 0009 has the
// figures; the bench measures start-up to first answer).
//
// What stays as it was: the library (dist/src/index.js and everything it imports) is tsc's output, module by
// module, so an embedding test runner imports what it always did; better-sqlite3 stays outside (a native
// addon); the catalogue generator runs in a child process from dist/src/seeds/. Nothing is minified, so a
// stack trace names rentalsim's own functions. Plain tsc output of main.js works as well, only slower to start:
// without esbuild (dependencies installed without dev ones) the build says so and leaves it unbundled.
import { chmodSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const MAIN = join(ROOT, 'dist', 'src', 'main.js');
const BANNER = "import { createRequire as rentalsimCreateRequire } from 'node:module'; const require = rentalsimCreateRequire(import.meta.url);";

/** @returns {Promise<boolean>} whether main.js was bundled */
export async function bundleMain() {
  const bundled = await bundle();
  // tsc and esbuild write a new file without the execute bit, and npm sets it only when it links the bin:
  // `npx rentalsim` in a checkout linked it once, so after `npm run clean && npm run build` it ran into
  // "Permission denied". The bin is executable however it was built.
  chmodSync(MAIN, 0o755);
  return bundled;
}

async function bundle() {
  let esbuild;
  try {
    esbuild = await import(createRequire(import.meta.url).resolve('esbuild'));
  } catch {
    process.stderr.write('rentalsim: esbuild is not installed, so dist/src/main.js stays unbundled (it starts ~30% slower)\n');
    return false;
  }
  // Bundled already (this script run twice without tsc between): a second banner would declare require twice.
  if (readFileSync(MAIN, 'utf8').includes(BANNER)) return true;
  await esbuild.build({
    entryPoints: [MAIN],
    outfile: MAIN,
    allowOverwrite: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['better-sqlite3'],
    // express and its helpers are CommonJS and call require() for node's own modules; in an ES module
    // bundle that needs a require of its own.
    banner: { js: BANNER },
    logLevel: 'warning',
  });
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleMain();
