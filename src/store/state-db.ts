import Database from 'better-sqlite3';
import type { Db } from './catalog-db.js';
import { registerQueueDigest } from './queue-triggers.js';
import { STATE_SCHEMA } from './schema.js';
import { registerTableVersions } from './table-versions.js';

/** An empty state database with the schema in place. */
export function createStateDb(): Db {
  const db = new Database(':memory:');
  tune(db);
  db.exec(STATE_SCHEMA);
  return db;
}

/** A snapshot of a state database, from which sandboxes are copied (design: State). */
export function snapshotOf(db: Db): Buffer {
  return db.serialize();
}

/** A fresh, writable copy of a snapshot: what a reset or a new sandbox costs. */
export function stateDbFrom(snapshot: Buffer): Db {
  const db = new Database(snapshot);
  tune(db);
  return db;
}

// In-memory databases need no journal; without one a write is a plain page update.
function tune(db: Db): void {
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  // Triggers call these (queue-triggers.ts, table-versions.ts), so they must exist before the first write.
  registerQueueDigest(db);
  registerTableVersions(db);
}
