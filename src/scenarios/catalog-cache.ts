import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readdirSync, readFileSync, statSync, unlinkSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { packageRoot } from '../package-root.js';
import type { CatalogOptions } from '../seeds/generate-catalog.js';
import type { Db } from '../store/catalog-db.js';
import { openCatalogSnapshot } from '../store/catalog-snapshot.js';

// This module runs from src/*.ts under tests (tsx, vitest), from dist/src/*.js when built, and inside the
// bundled dist/src/main.js (scripts/bundle-main.mjs); so the writer is found from the package root, not
// from this file's own place.
const EXT = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
const WRITER = join(packageRoot(), ...(EXT === '.ts' ? ['src'] : ['dist', 'src']), 'seeds', `write-catalog-snapshot${EXT}`);
/** Snapshots unused for this long are deleted when a new one is written. */
const STALE_MS = 7 * 24 * 3600 * 1000;

/**
 * The catalogue database for generator options: a snapshot file in the cache, made on first use by a child
 * process running the generator (docs/decisions/0004-catalogue-snapshots.md). The file name is a hash of
 * the options and of everything that decides the bytes: the source of the writer and every module it
 * imports, seeds/curated.yaml, and the faker and SQLite versions. Any change to those makes a new
 * snapshot, so a cached catalogue is never stale.
 */
export function catalogDbFor(options: CatalogOptions): Db {
  const dir = cacheDir();
  const file = join(dir, `catalog-${snapshotKey(options)}.sqlite`);
  if (existsSync(file)) {
    // Marks it as used, so pruning keeps it.
    const now = new Date();
    utimesSync(file, now, now);
  } else {
    writeSnapshot(options, file);
    pruneStale(dir, file);
  }
  return openCatalogSnapshot(file);
}

/**
 * The catalogue database for generator options if its snapshot is on disk already, else undefined: opening
 * one costs about a millisecond, generating one seconds (the large one a minute), so checking a scenario
 * that is not being loaded uses this and leaves generation to the load.
 */
export function cachedCatalogDb(options: CatalogOptions): Db | undefined {
  const file = join(cacheDir(), `catalog-${snapshotKey(options)}.sqlite`);
  return existsSync(file) ? openCatalogSnapshot(file) : undefined;
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

function writeSnapshot(options: CatalogOptions, file: string): void {
  const args = [...(EXT === '.ts' ? ['--import', 'tsx'] : []), WRITER, JSON.stringify(options), file];
  try {
    execFileSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 16 * 1024 * 1024 });
  } catch (e) {
    const stderr = String((e as { stderr?: Buffer }).stderr ?? '').trim();
    throw new Error(`rentalsim: generating the catalogue ${JSON.stringify(options)} failed: ${stderr || (e as Error).message}`);
  }
}

let codeHash: string | undefined;

function snapshotKey(options: CatalogOptions): string {
  codeHash ??= hashOfCode();
  return createHash('sha256')
    .update(JSON.stringify([options, codeHash]))
    .digest('hex')
    .slice(0, 24);
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
      const target = moduleFile(dirname(file), m[1]!);
      if (target) visit(target);
    }
  };
  visit(WRITER);
  const curated = join(packageRoot(), 'seeds', 'curated.yaml');
  if (existsSync(curated)) hash.update(readFileSync(curated));
  const require = createRequire(import.meta.url);
  for (const pkg of ['@faker-js/faker/package.json', 'better-sqlite3/package.json']) {
    hash.update((JSON.parse(readFileSync(require.resolve(pkg), 'utf8')) as { version: string }).version);
  }
  return hash.digest('hex');
}

/** `./x.js` as written in an import: the .js file when built, the .ts file when running from source. */
function moduleFile(dir: string, spec: string): string | undefined {
  const file = join(dir, spec);
  if (existsSync(file)) return file;
  const ts = file.replace(/\.js$/, '.ts');
  return existsSync(ts) ? ts : undefined;
}

/** Snapshots of older code or options pile up (the large one is 240 MB): drop those unused for a week. */
function pruneStale(dir: string, keep: string): void {
  const now = Date.now();
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (file === keep || !/^catalog-[0-9a-f]+\.sqlite$/.test(name)) continue;
    try {
      if (now - statSync(file).mtimeMs > STALE_MS) unlinkSync(file);
    } catch {
      // another process pruned it first
    }
  }
}
