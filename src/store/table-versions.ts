import type { Statement } from 'better-sqlite3';
import type { Db } from './catalog-db.js';

// Change counters for tables that are read on every request but written seldom, so that what is read from
// them can be kept across writes to other tables (the data version, data-version.ts, moves on any write).
// Triggers count every insert, update and delete, whoever makes it; a rollback takes the count back with it.

const COUNTED = ['users'];

/** Appended to the state schema (schema.ts). */
export const TABLE_VERSIONS = `
CREATE TABLE table_versions (
  name TEXT PRIMARY KEY,
  version INTEGER NOT NULL
) WITHOUT ROWID;
${COUNTED.map((t) => `INSERT INTO table_versions (name, version) VALUES ('${t}', 0);
${['INSERT', 'UPDATE', 'DELETE'].map((op) => `CREATE TRIGGER ${t}_version_${op.toLowerCase()} AFTER ${op} ON ${t} BEGIN
  UPDATE table_versions SET version = version + 1 WHERE name = '${t}';
END;`).join('\n')}`).join('\n')}
`;

const statements = new WeakMap<Db, Statement<[string], number>>();

/** A number that changes whenever a row of `table` (one of COUNTED) is inserted, updated or deleted. */
export function tableVersion(db: Db, table: string): number {
  let s = statements.get(db);
  if (!s) {
    s = db.prepare<[string], number>('SELECT version FROM table_versions WHERE name = ?').pluck();
    statements.set(db, s);
  }
  return s.get(table)!;
}
