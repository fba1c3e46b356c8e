import { errors } from '../domain/api-error.js';
import { MAX_ID, sequenceStart } from '../domain/ids.js';
import { Store } from './store.js';

/**
 * Id sources for rows a sandbox creates (lists, reviews, rentals, queue order). Kept in the state database
 * so that a reset or an exported scenario starts from the same numbers: answers stay byte-identical. The
 * API's queue adds take their `queue_item` value inside their INSERT instead (queue-triggers.ts).
 */
export class Sequences extends Store {
  // An UPDATE first, since the row is there for all but the first value: its program is a fraction of an
  // upsert's, and a statement costs a request by the memory it touches.
  // It moves only below MAX_ID: a sequence at the end stays there, and the write asking for one more is
  // refused (409) rather than given an id no route accepts.
  private readonly bumpStmt = this.sql<[string, number], number>(
    'UPDATE sequences SET value = value + 1 WHERE name = ? AND value < ? RETURNING value',
    'pluck',
  );
  // No row: the first value. A row the UPDATE left alone is at MAX_ID, and the INSERT is ignored.
  private readonly startStmt = this.sql('INSERT OR IGNORE INTO sequences (name, value) VALUES (?, ?)');
  private readonly raiseStmt = this.sql(
    'INSERT INTO sequences (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = max(value, excluded.value)',
  );

  /** The next value of the named sequence; the first is `start`. A 409 once MAX_ID is used. */
  next(name: string, start = sequenceStart(name)): number {
    const value = this.bumpStmt.get(name, MAX_ID);
    if (value !== undefined) return value;
    if (this.startStmt.run(name, start).changes === 0) throw errors.idsExhausted(name, MAX_ID);
    return start;
  }

  /** Moves the named sequence up to `value` (never down), so the values it gives next are above it. */
  raise(name: string, value: number): void {
    this.raiseStmt.run(name, value);
  }
}
