import type { Db } from './catalog-db.js';
import { preparedOnUse } from './prepared-on-use.js';

/** Which titles a user already has something to do with, across the state tables (for recommendations). */
export class UserTitlesStore {
  private readonly heldStmt = preparedOnUse(() =>
    this.db
      .prepare<[{ guid: string }], number>(
        `SELECT title_id FROM ratings WHERE user_guid = @guid
     UNION SELECT title_id FROM queue_items WHERE user_guid = @guid
     UNION SELECT disc_id FROM queue_discs WHERE user_guid = @guid
     UNION SELECT title_id FROM rentals WHERE user_guid = @guid`,
      )
      .pluck(),
  );

  constructor(private readonly db: Db) {}

  /** Titles the user rated, queued (with their discs) or rented at any time. */
  heldTitleIds(guid: string): Set<number> {
    return new Set(this.heldStmt.all({ guid }));
  }
}
