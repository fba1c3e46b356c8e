import type { Statement } from 'better-sqlite3';
import type { Db } from './db.js';

// Change counters for tables that are read on every request but written seldom, so that what is read from
// them can be kept across writes to other tables (the data version, dataVersion below, moves on any write).
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

/** Entries kept between two writes at most; lookups of keys that do not exist (hostile input) count too. */
const MAX_ENTRIES = 1000;

/**
 * `read`, its answers by key kept while `table` is unchanged (its version, tableVersion above): a write to it
 * empties the memo. Values are frozen, since every caller shares them.
 */
export function versionedMemo<K, V extends object>(db: Db, table: string, read: (key: K) => V | undefined): (key: K) => V | undefined {
  const entries = new Map<K, V | null>();
  let version = -1;
  return (key) => {
    // Inside a transaction a read may see writes a rollback will undo (the version would not go back).
    if (db.inTransaction) return read(key);
    const now = tableVersion(db, table);
    if (now !== version || entries.size >= MAX_ENTRIES) {
      entries.clear();
      version = now;
    }
    let value = entries.get(key);
    if (value === undefined) {
      value = read(key) ?? null;
      if (value) Object.freeze(value);
      entries.set(key, value);
    }
    return value ?? undefined;
  };
}

/** The connection's own statement, kept on the connection (one statement per database, prepared once). */
const STATEMENT = Symbol('rentalsim.dataVersion');
type WithStatement = Db & { [STATEMENT]?: Statement<[], number> };

/**
 * A number that grows with every row the connection inserts, updates or deletes (SQLite's total_changes(),
 * which also counts writes a transaction later rolled back). While it stays the same, nothing in the
 * database changed, so anything computed from it still holds: see sendRememberedXml in src/http/send-xml.ts.
 */
export function dataVersion(db: Db): number {
  const s = ((db as WithStatement)[STATEMENT] ??= db.prepare<[], number>('SELECT total_changes()').pluck());
  return s.get()!;
}
