import Database from 'better-sqlite3';
import type { Db } from './catalog-db.js';

/**
 * Opens a catalogue snapshot file read-only. The catalogue is never written, so the file is read through
 * SQLite's page cache rather than copied into memory: the 100,000-title catalogue (hundreds of MB) stays in
 * the OS's file cache, shared by every process that uses it, and a start-up costs an open, not a load.
 * Exclusive locking keeps the shared lock taken on the first read, so no statement pays for re-locking the
 * file or re-checking that it changed (nothing writes it; a new snapshot is a new file).
 */
export function openCatalogSnapshot(file: string): Db {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma('locking_mode = EXCLUSIVE');
  // Up to 4 MB of pages in the process: the B-tree's inner pages, which every read walks. Searches read
  // in-memory indexes (decision 0031), so what SQLite reads is mostly title rows by id, scattered over the
  // file: a cache four times larger kept only a few per cent of a large catalogue's rows, measured no faster
  // (new pages of a search on large, expand=all at 250 titles) and took more RSS
  // (docs/decisions/0004-catalogue-snapshots.md).
  db.pragma('cache_size = -4096');
  return db;
}
