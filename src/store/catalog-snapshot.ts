import Database from 'better-sqlite3';
import type { Db } from './catalog-db.js';

/**
 * Opens a catalogue snapshot file read-only. The catalogue is never written, so the file is read through
 * SQLite's page cache rather than copied into memory: the 100,000-title catalogue (about 240 MB) stays in
 * the OS's file cache, shared by every process that uses it, and a start-up costs an open, not a load.
 * Exclusive locking keeps the shared lock taken on the first read, so no statement pays for re-locking the
 * file or re-checking that it changed (nothing writes it; a new snapshot is a new file).
 */
export function openCatalogSnapshot(file: string): Db {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma('locking_mode = EXCLUSIVE');
  // Up to 16 MB of pages in the process: all of a default catalogue, the hot part (indexes) of a large one;
  // title rows are read once and memoised (CatalogStore).
  db.pragma('cache_size = -16384');
  return db;
}
