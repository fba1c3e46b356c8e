import type { Db } from './db.js';

// Change counters for tables that are read on every request but written seldom, so that what is read from
// them can be kept across writes to other tables (the data version, data-version.ts, moves on any write).
// Triggers count every insert, update and delete, whoever makes it, by calling table_changed(); the
// counts live in JavaScript, so reading one costs no statement (a statement costs a request several µs).
// A rolled-back write still counts: a memo is then emptied once more than needed, never kept too long.

const COUNTED = ['users', 'queues', 'tokens', 'ratings'] as const;

/** Each connection's counts, kept on the connection itself: they describe its tables and go with it. */
const COUNTS = Symbol('rentalsim.tableVersions');
type Counted = Db & { [COUNTS]?: Map<string, number> };

/** The SQL function the triggers below call; registered on every state database before its first write. */
export function registerTableVersions(db: Db): void {
  const mine = new Map<string, number>();
  (db as Counted)[COUNTS] = mine;
  db.function('table_changed', { deterministic: false }, (table: unknown) => {
    mine.set(String(table), (mine.get(String(table)) ?? 0) + 1);
    return null;
  });
}

/** Appended to the state schema (schema.ts). */
export const TABLE_VERSIONS = COUNTED.flatMap((t) =>
  ['INSERT', 'UPDATE', 'DELETE'].map((op) => `\nCREATE TRIGGER ${t}_version_${op.toLowerCase()} AFTER ${op} ON ${t} BEGIN SELECT table_changed('${t}'); END;`),
).join('');

/** A number that changes whenever a row of `table` (one of COUNTED) is inserted, updated or deleted. */
export function tableVersion(db: Db, table: string): number {
  return (db as Counted)[COUNTS]?.get(table) ?? 0;
}
