import type { EstimatedWait } from '../domain/queue-availability.js';
import type { Db } from './catalog-db.js';
import { preparedOnUse } from './prepared-on-use.js';
import { rowInserter } from './row-mapper.js';

/** The scenario's per-title business facts: wait estimates and titles that always fail to add. */
export class StockStore {
  private readonly stmt = preparedOnUse(() =>
    this.db.prepare<[number], { estimated_wait: string | null; fail_add: number }>('SELECT estimated_wait, fail_add FROM stock WHERE title_id = ?'),
  );
  /** Sets a title's facts (seeding a scenario). */
  readonly insert;

  constructor(private readonly db: Db) {
    this.insert = rowInserter<{ titleId: number; estimatedWait?: EstimatedWait | undefined; failAdd: boolean }>(
      db,
      'stock',
      'title_id estimated_wait fail_add',
    );
  }

  /** The wait the scenario sets for a title, or undefined to derive it (domain/queue-availability.ts). */
  waitOf(titleId: number): EstimatedWait | undefined {
    return (this.stmt.get(titleId)?.estimated_wait ?? undefined) as EstimatedWait | undefined;
  }

  failsAdd(titleId: number): boolean {
    return this.stmt.get(titleId)?.fail_add === 1;
  }
}
