import type { Statement } from 'better-sqlite3';
import type { Db } from './catalog-db.js';

const statements = new WeakMap<Db, Statement<[], number>>();

/**
 * A number that grows with every row the connection inserts, updates or deletes (SQLite's total_changes(),
 * which also counts writes a transaction later rolled back). While it stays the same, nothing in the
 * database changed, so anything computed from it still holds: see src/http/answer-cache.ts.
 */
export function dataVersion(db: Db): number {
  let s = statements.get(db);
  if (!s) {
    s = db.prepare<[], number>('SELECT total_changes()').pluck();
    statements.set(db, s);
  }
  return s.get()!;
}
