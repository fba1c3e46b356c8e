import type { Db } from './db.js';
import { preparedOnUse } from './prepared-on-use.js';

/**
 * A function that runs a write as one transaction (a savepoint when one is open already): a write that
 * throws changes nothing. better-sqlite3's `db.transaction` does the same but prepares nine statements on
 * every database the first time it is called; a sandbox runs two of them (BEGIN, COMMIT) for most of its
 * writes, and each statement prepared holds memory until the garbage collector reaches it, long after a
 * dropped sandbox closed its database (prepared-on-use.ts).
 */
export function writeTransaction(db: Db): <T>(fn: () => T) => T {
  const begin = preparedOnUse(() => db.prepare('BEGIN'));
  const commit = preparedOnUse(() => db.prepare('COMMIT'));
  const rollback = preparedOnUse(() => db.prepare('ROLLBACK'));
  const savepoint = preparedOnUse(() => db.prepare('SAVEPOINT write'));
  const release = preparedOnUse(() => db.prepare('RELEASE write'));
  const rollbackTo = preparedOnUse(() => db.prepare('ROLLBACK TO write'));
  return <T>(fn: () => T): T => {
    const nested = db.inTransaction;
    (nested ? savepoint : begin).run();
    try {
      const result = fn();
      (nested ? release : commit).run();
      return result;
    } catch (error) {
      // SQLite may have rolled back already (some errors end the transaction themselves).
      if (db.inTransaction) {
        if (nested) {
          rollbackTo.run();
          release.run();
        } else {
          rollback.run();
        }
      }
      throw error;
    }
  };
}
