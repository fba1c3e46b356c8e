import type { Db } from './db.js';
import { preparedOnUse } from './prepared-on-use.js';

/**
 * A function that runs a write as one transaction: a savepoint, which outside a transaction opens one (its
 * RELEASE commits it) and inside one nests. A write that throws changes nothing. better-sqlite3's
 * `db.transaction` does the same but prepares nine statements on every database the first time it is called;
 * a sandbox runs two (SAVEPOINT, RELEASE) for most of its writes, and each statement prepared holds memory
 * until the garbage collector reaches it, long after a dropped sandbox closed its database (prepared-on-use.ts).
 */
export function writeTransaction(db: Db): <T>(fn: () => T) => T {
  const savepoint = preparedOnUse(() => db.prepare('SAVEPOINT write'));
  const release = preparedOnUse(() => db.prepare('RELEASE write'));
  const rollbackTo = preparedOnUse(() => db.prepare('ROLLBACK TO write'));
  return <T>(fn: () => T): T => {
    savepoint.run();
    try {
      const result = fn();
      release.run();
      return result;
    } catch (error) {
      // SQLite may have rolled back already (some errors end the transaction themselves).
      if (db.inTransaction) {
        rollbackTo.run();
        release.run();
      }
      throw error;
    }
  };
}
