import type { Db } from './catalog-db.js';

/**
 * Id sources for rows a sandbox creates (lists, reviews, rentals, queue order). Kept in the state database
 * so that a reset or an exported scenario starts from the same numbers: answers stay byte-identical. The
 * API's queue adds take their `queue_item` value inside their INSERT instead (queue-triggers.ts).
 */
export class Sequences {
  private readonly bumpStmt;
  private readonly startStmt;

  constructor(db: Db) {
    // An UPDATE first, since the row is there for all but the first value: its program is a fraction of an
    // upsert's, and a statement costs a request by the memory it touches.
    this.bumpStmt = db.prepare<[string], number>('UPDATE sequences SET value = value + 1 WHERE name = ? RETURNING value').pluck();
    this.startStmt = db.prepare<[string, number]>('INSERT INTO sequences (name, value) VALUES (?, ?)');
  }

  /** The next value of the named sequence; the first is `start`. */
  next(name: string, start = 1): number {
    const value = this.bumpStmt.get(name);
    if (value !== undefined) return value;
    this.startStmt.run(name, start);
    return start;
  }
}
