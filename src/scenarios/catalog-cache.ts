import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { accessSync, constants, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setPriority, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { packageModule, packageRoot } from '../package-root.js';
import type { CatalogOptions } from '../seeds/generate-catalog.js';

const WRITER = packageModule(import.meta.url, 'seeds', 'write-catalog-snapshot');
/** Snapshots unused for this long are deleted when a new one is written. */
const STALE_MS = 7 * 24 * 3600 * 1000;
/**
 * Most bytes the snapshots in the cache folder take together (README: Scenarios): 1 GiB, room for the
 * large scenario's (the biggest by far), the default's and a dozen uploads at their size caps. Past it, the
 * snapshots unused longest go first when a new one is written, never one the writer is told to keep.
 */
export const CATALOG_CACHE_BYTES = 1024 * 1024 * 1024;
/** How much lower than the simulator's the priority of a build after start-up is (nice). */
const BUILD_NICENESS = 10;
/** Most bytes of the generator's output a start-up build keeps (its stderr goes into the error of a failed build); past them the generator is killed. */
const OUTPUT_BYTES = 16 * 1024 * 1024;
/**
 * Most characters of the generator's stderr a build after start-up keeps for the error of a failed build,
 * which an admin answer can quote; the rest is read and dropped, and the generator runs on.
 */
const STDERR_KEPT = 16 * 1024;

/**
 * The snapshot file of generator options, in the cache, made first by a child process running the generator
 * if it is not there (docs/decisions/0004-catalogue-snapshots.md). The file name is a hash of
 * the options and of everything that decides the bytes: the source of the writer and every module it
 * imports, seeds/curated.yaml and seeds/word-lists.yaml, and the faker and SQLite versions. Any change to those makes a new
 * snapshot, so a cached catalogue is never stale.
 *
 * This one waits for the child: only start-up uses it, before anything listens. Everything a request can
 * start builds with `buildCatalogSnapshot`, which leaves the event loop free meanwhile.
 */
export function catalogSnapshotNow(options: CatalogOptions): string {
  const file = catalogSnapshotFile(options);
  if (existsSync(file)) return file;
  try {
    execFileSync(process.execPath, writerArgs(options, file), { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: OUTPUT_BYTES });
  } catch (e) {
    throw generationFailed(options, e as { stderr: Buffer }, (e as Error).message);
  }
  pruneCatalogSnapshots([file]);
  return file;
}

/** The hash of the writer's code and data (hashOfCode), which every snapshot's name includes. */
let codeHash: string | undefined;

/** Where the snapshot of these options is, or would be, kept. */
export function catalogSnapshotFile(options: CatalogOptions): string {
  codeHash ??= hashOfCode();
  const key = JSON.stringify([options, codeHash]);
  return join(cacheDir(), `catalog-${createHash('sha256').update(key).digest('hex').slice(0, 24)}.sqlite`);
}

/**
 * Writes the snapshot of these options unless it is on disk, in a child process the event loop does not
 * wait for; answers whether it wrote one (a caller that then refuses the scenario deletes what it made).
 * The snapshot is neither opened nor marked as used here: that is for a load that keeps it.
 */
export async function buildCatalogSnapshot(options: CatalogOptions): Promise<{ file: string; written: boolean }> {
  const file = catalogSnapshotFile(options);
  if (existsSync(file)) return { file, written: false };
  // Not execFile: it pipes stdin and stdout too, and kills the child past its maxBuffer.
  const child = spawn(process.execPath, writerArgs(options, file), { stdio: ['ignore', 'ignore', 'pipe'] });
  // Below the simulator's own priority: on a machine with few cores the build takes one for seconds, and
  // the requests answered meanwhile should not wait for it.
  try {
    if (child.pid !== undefined) setPriority(child.pid, BUILD_NICENESS);
  } catch {
    // not allowed here (some containers): the build runs at the simulator's priority
  }
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    if (stderr.length < STDERR_KEPT) stderr += chunk.slice(0, STDERR_KEPT - stderr.length);
  });
  // Rejects if the child cannot be started ('error'). Its exit code is null if a signal ended it.
  await once(child, 'close');
  if (child.exitCode !== 0 || !existsSync(file)) throw generationFailed(options, { stderr }, `the generator exited with ${child.exitCode}`);
  return { file, written: true };
}

/** The error of a generator run that wrote no snapshot: what it wrote to stderr, or `otherwise` if nothing. */
function generationFailed(options: CatalogOptions, run: { stderr?: string | Buffer }, otherwise: string): Error {
  return new Error(`rentalsim: generating the catalogue ${JSON.stringify(options)} failed: ${String(run.stderr ?? '').trim() || otherwise}`);
}

/** Marks a snapshot as used now, so it is the last to be pruned. */
export function touchCatalogSnapshot(file: string): void {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // pruned by another process meanwhile: it is written again when next needed
  }
}

/** `.cache/catalog` in the package; the system's temporary folder when that cannot be written (a read-only image). */
function cacheDir(): string {
  for (const dir of [join(packageRoot(), '.cache', 'catalog'), join(tmpdir(), 'rentalsim-catalog')]) {
    try {
      mkdirSync(dir, { recursive: true });
      accessSync(dir, constants.W_OK);
      return dir;
    } catch {
      // try the next one
    }
  }
  throw new Error(`rentalsim: no writable folder for catalogue snapshots (tried ${join(packageRoot(), '.cache', 'catalog')} and ${tmpdir()})`);
}

function writerArgs(options: CatalogOptions, file: string): string[] {
  return [...WRITER.execArgv, WRITER.file, JSON.stringify(options), file];
}

/** The writer's source and that of every module it imports (relative imports, followed), plus data and versions. */
function hashOfCode(): string {
  const hash = createHash('sha256');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    hash.update(relative(packageRoot(), file)).update('\0').update(source).update('\0');
    for (const m of source.matchAll(/\b(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      // `./x.js` as written: the .js file when built, the .ts file when running from source.
      const js = join(dirname(file), m[1]!);
      const target = [js, js.replace(/\.js$/, '.ts')].find((f) => existsSync(f));
      if (target) visit(target);
    }
  };
  visit(WRITER.file);
  for (const data of ['curated.yaml', 'word-lists.yaml']) {
    const file = join(packageRoot(), 'seeds', data);
    if (existsSync(file)) hash.update(readFileSync(file));
  }
  const require = createRequire(import.meta.url);
  for (const pkg of ['@faker-js/faker/package.json', 'better-sqlite3/package.json']) {
    hash.update((JSON.parse(readFileSync(require.resolve(pkg), 'utf8')) as { version: string }).version);
  }
  return hash.digest('hex');
}

/**
 * Snapshots of older code, options or uploads pile up (the large one takes hundreds of MB, an upload at the
 * caps a fraction of it): those unused for a week go, then the ones unused longest until the folder is within `budget` bytes.
 * The files in `keep` (the one just written, the catalogues in use) are never deleted, nor counted out.
 */
export function pruneCatalogSnapshots(keep: readonly string[], budget = CATALOG_CACHE_BYTES, dir = cacheDir()): void {
  const now = Date.now();
  const kept = new Set(keep);
  const files: Array<{ file: string; bytes: number; used: number }> = [];
  let total = 0;
  for (const name of readdirSync(dir)) {
    if (!/^catalog-[0-9a-f]+\.sqlite$/.test(name)) continue;
    const file = join(dir, name);
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) continue; // another process pruned it first
    total += stat.size;
    if (!kept.has(file)) files.push({ file, bytes: stat.size, used: stat.mtimeMs });
  }
  files.sort((a, b) => a.used - b.used);
  for (const f of files) {
    if (now - f.used <= STALE_MS && total <= budget) break;
    rmSync(f.file, { force: true });
    total -= f.bytes;
  }
}
