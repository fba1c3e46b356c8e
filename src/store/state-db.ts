import Database from 'better-sqlite3';
import type { Db } from './db.js';
import { registerQueueDigest } from './queue-triggers.js';
import { STATE_SCHEMA } from './schema.js';
import { registerTableVersions } from './table-versions.js';

/** An empty state database with the schema in place. */
export function createStateDb(): Db {
  const db = new Database(':memory:');
  // Small pages, set before the first table (a copy keeps them): an in-memory database keeps its rollback
  // journal in memory (journal_mode OFF is refused for it, and a failed write needs the journal to roll
  // back), so every write first copies each page it changes, whole. A queue add or delete changes five or
  // six pages (the table, its indexes, the digest, the sequence); at 1 KiB instead of 4 KiB a signed queue
  // write costs less CPU in the running server, and reads cost the same (docs/decisions/0008-request-cost.md).
  db.pragma('page_size = 1024');
  registerStateFunctions(db);
  db.exec(STATE_SCHEMA);
  return db;
}

/** A fresh, writable copy of a snapshot (a state database's `serialize()`): what a reset or a new sandbox costs. */
export function stateDbFrom(snapshot: Buffer): Db {
  const db = new Database(snapshot);
  registerStateFunctions(db);
  return db;
}

/** The functions the state schema's triggers call (queue-triggers.ts, table-versions.ts): on every connection, before its first write. */
export function registerStateFunctions(db: Db): void {
  registerQueueDigest(db);
  registerTableVersions(db);
}
