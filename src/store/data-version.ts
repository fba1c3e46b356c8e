import type { Statement } from 'better-sqlite3';
import type { Db } from './catalog-db.js';

/** The connection's own statement, kept on the connection (one statement per database, prepared once). */
const STATEMENT = Symbol('rentalsim.dataVersion');
type WithStatement = Db & { [STATEMENT]?: Statement<[], number> };

/**
 * A number that grows with every row the connection inserts, updates or deletes (SQLite's total_changes(),
 * which also counts writes a transaction later rolled back). While it stays the same, nothing in the
 * database changed, so anything computed from it still holds: see src/http/remembered-answers.ts.
 */
export function dataVersion(db: Db): number {
  const s = ((db as WithStatement)[STATEMENT] ??= db.prepare<[], number>('SELECT total_changes()').pluck());
  return s.get()!;
}
