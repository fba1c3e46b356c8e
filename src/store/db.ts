import type Database from 'better-sqlite3';

/**
 * A SQLite connection, catalogue or state. Its own module so that the schema's parts (table-versions.ts,
 * queue-triggers.ts) can name it without importing catalog-db.ts, which imports the schema: no circle.
 */
export type Db = Database.Database;
