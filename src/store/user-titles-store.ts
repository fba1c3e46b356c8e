import { Store } from './store.js';

/** Which titles a user already has something to do with, across the state tables (for recommendations). */
export class UserTitlesStore extends Store {
  private readonly heldStmt = this.sql<[{ guid: string }], number>(
    `SELECT title_id FROM ratings WHERE user_guid = @guid
     UNION SELECT title_id FROM queue_items WHERE user_guid = @guid
     UNION SELECT disc_id FROM queue_discs WHERE user_guid = @guid
     UNION SELECT title_id FROM rentals WHERE user_guid = @guid`,
    'pluck',
  );

  /** Titles the user rated, queued (with their discs) or rented at any time. */
  heldTitleIds(guid: string): Set<number> {
    return new Set(this.heldStmt.all({ guid }));
  }
}
