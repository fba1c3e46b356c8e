import type { EstimatedWait } from '../domain/queue-availability.js';
import { rowInserter, Store } from './store.js';

/** A title's stock facts, as seeding writes them and an export reads them (rowMapper's keys). */
export type Stock = { titleId: number; estimatedWait?: EstimatedWait | undefined; failAdd: boolean };

/** The scenario's per-title business facts: wait estimates and titles that always fail to add. */
export class StockStore extends Store {
  private readonly stmt = this.sql<[number], { estimated_wait: EstimatedWait | null; fail_add: number }>(
    'SELECT estimated_wait, fail_add FROM stock WHERE title_id = ?',
  );
  /** Sets a title's facts (seeding a scenario). */
  readonly insert = rowInserter<Stock>(this.db, 'stock');

  /** The wait the scenario sets for a title, or undefined to derive it (domain/queue-availability.ts). */
  waitOf(titleId: number): EstimatedWait | undefined {
    return this.stmt.get(titleId)?.estimated_wait ?? undefined;
  }

  failsAdd(titleId: number): boolean {
    return this.stmt.get(titleId)?.fail_add === 1;
  }
}
