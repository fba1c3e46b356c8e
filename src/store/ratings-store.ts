import type { UserRating } from '../domain/types.js';
import { Sequences } from './sequences.js';
import { rowInserter, rowMapper, Store } from './store.js';

// Newest first (docs/reference/subscriber-resources.md#routes): `updated` has whole seconds, so `seq` (bumped
// on every write) breaks ties.
const NEWEST_FIRST = 'ORDER BY updated DESC, seq DESC';
const RATING = 'SELECT user_guid, title_id, rating, updated FROM ratings';

/** A user's title ratings. TitleStatsStore reads the same table for the titles' histograms. */
export class RatingsStore extends Store {
  private readonly toRating = rowMapper<UserRating>();
  /** One page of the user's ratings, newest first. */
  readonly page = this.pager('ratings', RATING, NEWEST_FIRST, this.toRating);
  private readonly seq = new Sequences(this.db);
  /** Every rating of the user, newest first. */
  readonly all = this.rows<[string], UserRating>(`${RATING} WHERE user_guid = ? ${NEWEST_FIRST}`, this.toRating);
  readonly get = this.row<[string, number], UserRating>(`${RATING} WHERE user_guid = ? AND title_id = ?`, this.toRating);
  private readonly updateStmt = this.sql('UPDATE ratings SET rating = ?, updated = ?, seq = ? WHERE user_guid = ? AND title_id = ?');
  private readonly insertRow = rowInserter<UserRating & { seq: number }>(this.db, 'ratings');

  /** Adds a rating, last in order unless `seq` places it (a scenario's `order`); the caller has checked the title is not rated yet. */
  insert(guid: string, titleId: number, rating: number, updated: string, seq = this.seq.next('rating')): UserRating {
    const r = { userGuid: guid, titleId, rating, updated };
    this.insertRow({ ...r, seq });
    return r;
  }

  /** Changes a rating; undefined when the user has not rated the title. */
  update(guid: string, titleId: number, rating: number, updated: string): UserRating | undefined {
    const changed = this.updateStmt.run(rating, updated, this.seq.next('rating'), guid, titleId).changes;
    return changed > 0 ? { userGuid: guid, titleId, rating, updated } : undefined;
  }
}
