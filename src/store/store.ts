import type { Statement } from 'better-sqlite3';
import { pageFrom } from '../domain/paging.js';
import type { Page, PageRequest } from '../domain/types.js';
import type { Db } from './db.js';
import { type OnUse, preparedOnUse } from './prepared-on-use.js';

/** A row as better-sqlite3 reads it: its values by column name. */
export type Row = Record<string, unknown>;

/** `user_guid` -> `userGuid`: a column's name as a key of the domain objects (src/domain/types.ts). */
function camelCase(column: string): string {
  return column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** Maps a row to a domain object; no row (a lookup that found none) to undefined. */
export type RowMapper<T> = <R extends Row | undefined>(row: R) => R extends undefined ? undefined : T;

/**
 * How every store reads its rows into domain objects: a column becomes its camelCase key, a column named in
 * `flags` (stored 0 or 1) a boolean, and a NULL column is left out (an optional field). Every row a mapper
 * reads has the same columns (one table's, or one SELECT's): their keys are worked out from the first. A
 * mapper keeps that layout, so each store makes its own (a field, not a module constant): no state is shared
 * between sandboxes or worlds.
 */
export function rowMapper<T>(...flags: string[]): RowMapper<T> {
  let layout: Array<{ column: string; key: string; flag: boolean }> | undefined;
  return ((row: Row | undefined) => {
    if (row === undefined) return undefined;
    layout ??= Object.keys(row).map((column) => ({ column, key: camelCase(column), flag: flags.includes(column) }));
    const out: Row = {};
    for (const { column, key, flag } of layout) {
      const value = row[column];
      if (value !== null) out[key] = flag ? value === 1 : value;
    }
    return out as T;
  }) as RowMapper<T>;
}

/** A store of one database (stores.ts): its statements, each prepared the first time it runs (prepared-on-use.ts). */
export abstract class Store {
  constructor(readonly db: Db) {}

  /** A statement of this store; `pluck` answers each row's first column alone. */
  protected sql<P extends unknown[] = unknown[], R = Row>(text: string, pluck?: 'pluck'): OnUse<Statement<P, R>> {
    return preparedOnUse(() => {
      const statement = this.db.prepare<P, R>(text);
      return pluck ? statement.pluck() : statement;
    });
  }

  /** Every row `text` answers for the parameters given, each mapped (by default, as stored). */
  protected rows<P extends unknown[], T>(text: string, map: RowMapper<T> = ((row) => row) as RowMapper<T>): (...params: P) => T[] {
    const statement = this.sql<P>(text);
    return (...params) => statement.all(...params).map(map);
  }

  /** The row `text` answers for the parameters given, mapped; undefined when there is none. */
  protected row<P extends unknown[], T>(text: string, map: RowMapper<T>): (...params: P) => T | undefined {
    const statement = this.sql<P>(text);
    return (...params) => map(statement.get(...params));
  }

  /** A write: `text` run with the parameters given. */
  protected write<P extends unknown[]>(text: string): (...params: P) => void {
    const statement = this.sql<P>(text);
    return (...params) => void statement.run(...params);
  }

  /**
   * One page of a user's rows, and how many they have: `select` (a SELECT over `table`) of the user's rows in
   * `order`, each mapped.
   */
  protected pager<T>(table: string, select: string, order: string, map: RowMapper<T>): (guid: string, req: PageRequest) => Page<T> {
    const count = this.sql<[string], number>(`SELECT count(*) FROM ${table} WHERE user_guid = ?`, 'pluck');
    const rows = this.sql<[string, number, number]>(`${select} WHERE ${table}.user_guid = ? ${order} LIMIT ? OFFSET ?`);
    return (guid, req) => pageFrom(req, rows.all(guid, req.itemsPerPage, req.startIndex - 1).map(map), count.get(guid)!);
  }
}

/**
 * How every row is written: an INSERT of every column of `table` (as schema.ts declares it), prepared on first
 * use, each value read from the object's camelCase key, a boolean written 0 or 1. Every column is named, so a
 * column's DEFAULT never applies: a key missing from the row is written as NULL. A column added to schema.ts
 * is written from the row object's key of the same name (camelCase), with no change here.
 */
export function rowInserter<T extends object>(db: Db, table: string): (row: T) => void {
  let made: { keys: string[]; insert: Statement } | undefined;
  return (row) => {
    if (!made) {
      const columns = db.prepare<[string], string>('SELECT name FROM pragma_table_info(?)').pluck().all(table);
      const insert = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
      made = { keys: columns.map(camelCase), insert };
    }
    made.insert.run(made.keys.map((k) => sqlValue((row as Row)[k])));
  };
}

function sqlValue(value: unknown): unknown {
  return typeof value === 'boolean' ? (value ? 1 : 0) : (value ?? null);
}
