import type { Db } from './catalog-db.js';

/**
 * Id sources for rows a sandbox creates (lists, reviews, rentals, queue order). Kept in the state database
 * so that a reset or an exported scenario starts from the same numbers: answers stay byte-identical.
 */
export class Sequences {
  private readonly nextStmt;

  constructor(db: Db) {
    this.nextStmt = db.prepare<[string, number], { value: number }>(
      `INSERT INTO sequences (name, value) VALUES (?, ?)
       ON CONFLICT (name) DO UPDATE SET value = value + 1 RETURNING value`,
    );
  }

  /** The next value of the named sequence; the first is `start`. */
  next(name: string, start = 1): number {
    return this.nextStmt.get(name, start)!.value;
  }
}
