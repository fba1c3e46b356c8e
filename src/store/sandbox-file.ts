import { createHash } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Db } from './db.js';
import { STATE_SCHEMA } from './schema.js';
import { registerStateFunctions } from './state-db.js';

// The files of the data folder (docs/reference/data-dir.md), each written whole (writeFileDurably); above all
// a sandbox kept in a file. A state database's serialized image is a database file already: a new sandbox is
// the template written out, plus one table saying whose it is, so a file can be read back without trusting
// its name.

/** What a sandbox file says about itself (its `sandbox_meta` table). */
export interface SandboxFileMeta {
  /** The consumer key whose sandbox it is. */
  key: string;
  /** The scenario it was made from. */
  scenario: string;
  /** Real time it was made, ms. */
  createdAt: number;
  /** Its own clock's mode as JSON, once one was set (Sandbox.ownClock). */
  clock: string | undefined;
}

/**
 * The state schema's fingerprint: a file written by a rentalsim whose state tables differ is not read as
 * this one's (it is set aside, never half understood).
 */
const STATE_SCHEMA_TAG = createHash('sha256').update(STATE_SCHEMA).digest('hex').slice(0, 16);

/** A file that is not a usable sandbox of this rentalsim, with why (it is set aside, not read). */
export class SandboxFileProblem extends Error {
  override name = 'SandboxFileProblem';
}

/**
 * Writes a new sandbox file at `path` from a template and opens it. The file appears whole or not at all:
 * the template with its meta is written beside, made durable, then renamed into place.
 */
export function createSandboxFile(path: string, template: Buffer, meta: SandboxFileMeta): Db {
  const copy = new Database(template);
  let image: Buffer;
  try {
    copy.exec('CREATE TABLE sandbox_meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;');
    const put = copy.prepare('INSERT INTO sandbox_meta (name, value) VALUES (?, ?)');
    const rows = { key: meta.key, scenario: meta.scenario, schema: STATE_SCHEMA_TAG, created_at: String(meta.createdAt), clock: meta.clock };
    for (const [name, value] of Object.entries(rows)) if (value !== undefined) put.run(name, value);
    image = copy.serialize();
  } finally {
    copy.close();
  }
  // The file format's read and write versions (bytes 18 and 19 of the header) are 2 for a WAL database: the
  // file opens in WAL mode with no switch, which would cost a rewrite of the header and a sync.
  image.fill(2, 18, 20);
  writeFileDurably(path, image);
  return prepared(new Database(path, { fileMustExist: true }));
}

/**
 * Opens a sandbox file found in the data folder and reads what it says about itself. Anything that is not a
 * whole sandbox file of this schema throws a SandboxFileProblem saying why, with nothing changed; a file
 * another process holds throws SandboxFileBusy.
 */
export function openSandboxFile(path: string): { db: Db; meta: SandboxFileMeta } {
  let db: Db;
  try {
    db = new Database(path, { fileMustExist: true });
  } catch (e) {
    throw new SandboxFileProblem(`cannot be opened (${(e as Error).message})`);
  }
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new SandboxFileProblem(`is damaged (quick_check: ${String(check)})`);
    const hasMeta = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'sandbox_meta'").get();
    if (!hasMeta) throw new SandboxFileProblem('is an SQLite file but not a rentalsim sandbox (no sandbox_meta table)');
    const meta = new Map(db.prepare<[], [string, string]>('SELECT name, value FROM sandbox_meta').raw().all());
    const [key, scenario, schema] = [meta.get('key'), meta.get('scenario'), meta.get('schema')];
    if (key === undefined || scenario === undefined) throw new SandboxFileProblem('has no consumer key or scenario in its sandbox_meta table');
    if (schema !== STATE_SCHEMA_TAG) {
      throw new SandboxFileProblem(`was written by a rentalsim with other state tables (schema ${schema ?? 'none'}, this one ${STATE_SCHEMA_TAG})`);
    }
    return { db: prepared(db), meta: { key, scenario, createdAt: Number(meta.get('created_at') ?? 0), clock: meta.get('clock') } };
  } catch (e) {
    if (db.open) db.close();
    if (e instanceof SandboxFileProblem) throw e;
    if ((e as { code?: string }).code === 'SQLITE_BUSY') throw new SandboxFileBusy(`${path} is in use by another process`);
    throw new SandboxFileProblem(`is not a readable SQLite database (${(e as Error).message})`);
  }
}

/**
 * Takes the data folder for this simulator: an empty SQLite file whose connection keeps an exclusive lock
 * until it is closed (a lock the operating system drops if the process dies, even by SIGKILL). A second
 * simulator on the folder, in this process or another, is refused with SandboxFileBusy.
 */
export function lockFolder(path: string): Db {
  const db = new Database(path);
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE; COMMIT;');
    return db;
  } catch (e) {
    db.close();
    if ((e as { code?: string }).code === 'SQLITE_BUSY') throw new SandboxFileBusy(`${path} is held by another simulator`);
    throw e;
  }
}

/** A sandbox file another process has open: the data folder is in use (two simulators must not share one). */
export class SandboxFileBusy extends Error {
  override name = 'SandboxFileBusy';
}

/** Records the sandbox's own clock (its mode as JSON) in its file. */
export function writeSandboxClock(db: Db, clock: string): void {
  db.prepare("INSERT INTO sandbox_meta (name, value) VALUES ('clock', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value").run(clock);
}

/** The files a sandbox database may take besides its main file. */
export const SANDBOX_FILE_SUFFIXES = ['-wal', '-shm'] as const;

/** Deletes a sandbox file and its log and shared-memory files (and a rollback journal), whichever exist. */
export function removeSandboxFile(path: string): void {
  for (const suffix of ['', ...SANDBOX_FILE_SUFFIXES, '-journal']) rmSync(path + suffix, { force: true });
}

/**
 * Makes an open sandbox file ready for reads and writes. The connection holds the file alone (EXCLUSIVE
 * locking: no lock to take per statement, no shared-memory file, and a second process on the folder is
 * refused).
 */
function prepared(db: Db): Db {
  db.pragma('locking_mode = EXCLUSIVE');
  // How a sandbox file commits (docs/decisions/0081-sandbox-files.md): WAL, and `synchronous = NORMAL`, which
  // survives a crash of the process (a commit is in the operating system's hands before the answer); a power
  // cut may lose the last commits but leaves the database whole.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // A log past 256 KiB is cut back to it at the next checkpoint, so a busy sandbox's log does not stay big.
  db.pragma(`journal_size_limit = ${256 * 1024}`);
  // Pages the log takes before a commit checkpoints it into the database (SQLite's default is 1,000). A
  // checkpoint waits for two syncs on the event loop; a queue write changes about six 1 KiB pages, so at 4,000
  // a busy sandbox checkpoints every few hundred writes rather than every 160 or so. Its log takes at most
  // about 4 MiB meanwhile: 200 sandboxes at once stay under the default budget
  // (docs/decisions/0081-sandbox-files.md).
  db.pragma('wal_autocheckpoint = 4000');
  registerStateFunctions(db);
  return db;
}

/**
 * Runs `beforeWrite` before every row any statement inserts, updates or deletes in the sandbox's tables
 * (temporary triggers, this connection's alone, never in the file): it throws to refuse the write (the data
 * folder at its budget), and sees every write, whichever store makes it and whether in a transaction or not.
 * Set up when a sandbox is first used, not when it is read back at start-up (most of what opening one costs).
 */
export function guardWrites(db: Db, beforeWrite: () => void): void {
  db.function('before_write', { deterministic: false }, () => {
    beforeWrite();
    return null;
  });
  const tables = db
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'sandbox_meta'")
    .pluck()
    .all() as string[];
  const triggers = tables.flatMap((t) =>
    ['INSERT', 'UPDATE', 'DELETE'].map((op) => `CREATE TEMP TRIGGER "before_${t}_${op}" BEFORE ${op} ON main."${t}" BEGIN SELECT before_write(); END;`),
  );
  db.exec(`BEGIN;\n${triggers.join('\n')}\nCOMMIT;`);
}

/**
 * Writes a file whole: beside it, made durable (`flush`: synced before it is closed), then renamed over it,
 * so a crash leaves the old file or the new one, never half of one. A failed write leaves no temporary file behind.
 */
export function writeFileDurably(file: string, data: string | Uint8Array): void {
  const tmp = `${file}.tmp`;
  try {
    writeFileSync(tmp, data, { flush: true });
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}
