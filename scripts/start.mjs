// @ts-check
// `npm start`: builds dist/ only when a source changed since the last good build, then runs the simulator in
// this same process. Plain JavaScript because it runs before anything is compiled. Rebuilding on every start
// (tsc, 9 to 25 s) made the first answer wait; a start with nothing to build costs one stat per source file.
// npm runs this through `sh -c`, and `exec` in the start script makes this process npm's own child, so the
// SIGTERM or SIGINT that npm passes on reaches the simulator and not just a shell that would leave it orphaned.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const MAIN = join(ROOT, 'dist', 'src', 'main.js');
/** What the last good build was made from: a digest of every input's path, size and modification time. */
const STAMP = join(ROOT, 'dist', '.sources-digest');
/** What the build reads (test files are excluded there, so editing one needs no build). */
const INPUTS = ['src', 'bench', 'tsconfig.json', 'tsconfig.build.json', 'scripts/bundle-main.mjs'];

/** The digest of the inputs as they are now; undefined where there are no sources (an installed package). */
function sourcesDigest() {
  if (!existsSync(join(ROOT, 'src'))) return undefined;
  const hash = createHash('sha1');
  const visit = (/** @type {string} */ path) => {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) visit(join(path, name));
    } else if (!path.endsWith('.test.ts')) {
      hash.update(`${relative(ROOT, path)}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  };
  for (const input of INPUTS) visit(join(ROOT, input));
  return hash.digest('hex');
}

/**
 * Runs tsc, then bundles main.js (scripts/bundle-main.mjs says why), each in a child process: a signal
 * meanwhile stops it too, so a start given up during the build leaves nothing behind.
 */
async function build() {
  let tsc;
  try {
    tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  } catch {
    fail('dist/ is missing or older than src/ and TypeScript is not installed: run npm install');
  }
  process.stderr.write('rentalsim: building dist/ (sources changed since the last build)\n');
  await run([tsc, '-p', 'tsconfig.build.json'], 'the build failed (tsc above); fix the errors and start again');
  await run([join(ROOT, 'scripts', 'bundle-main.mjs')], 'bundling dist/src/main.js failed (esbuild above)');
}

/** One node child of the build; on failure, `why` and exit 1; on a signal, this process ends by it too. */
function run(/** @type {string[]} */ args, /** @type {string} */ why) {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
  const forward = (/** @type {NodeJS.Signals} */ signal) => child.kill(signal);
  process.on('SIGTERM', forward);
  process.on('SIGINT', forward);
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      process.off('SIGTERM', forward);
      process.off('SIGINT', forward);
      if (signal) return void process.kill(process.pid, signal); // stopped as asked, by the same signal
      if (code !== 0) fail(why);
      resolve(undefined);
    });
  });
}

/** @returns {never} */
function fail(/** @type {string} */ line) {
  process.stderr.write(`rentalsim: ${line}\n`);
  process.exit(1);
}

const digest = sourcesDigest();
const built = existsSync(MAIN) && existsSync(STAMP) ? readFileSync(STAMP, 'utf8') : undefined;
if (digest !== undefined && digest !== built) {
  await build();
  mkdirSync(dirname(STAMP), { recursive: true });
  // The digest taken before the build: a file saved while tsc ran makes the next start build again.
  writeFileSync(STAMP, digest);
} else if (!existsSync(MAIN)) {
  fail('dist/src/main.js is missing and there are no sources to build it from');
}
await import(pathToFileURL(MAIN).href);
