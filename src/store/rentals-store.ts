import type { Rental } from '../domain/types.js';
import { rowInserter, rowMapper, Store } from './store.js';

// Newest shipped first (docs/reference/subscriber-resources.md#routes); `shipped` is a date, so the rental id
// (issue order) breaks ties.
const NEWEST_SHIPPED_FIRST = 'ORDER BY shipped DESC, id DESC';

/** Discs a user has had: the rented history, and those still at home (not returned). */
export class RentalsStore extends Store {
  private readonly toRental = rowMapper<Rental>();
  /** One page of everything the user rented, newest shipped first; discs still out have no `returned`. */
  readonly page = this.pager('rentals', 'SELECT * FROM rentals', NEWEST_SHIPPED_FIRST, this.toRental);
  /** Discs at home now (shipped, not returned), newest shipped first. */
  readonly atHome = this.rows<[string], Rental>(`SELECT * FROM rentals WHERE user_guid = ? AND returned IS NULL ${NEWEST_SHIPPED_FIRST}`, this.toRental);
  /**
   * Marks a title at home as returned on a date; undefined when that title is not at home. The disc out
   * longest comes back first when the same title is at home twice.
   */
  readonly markReturned = this.row<[{ guid: string; titleId: number; date: string }], Rental>(
    `UPDATE rentals SET returned = @date WHERE id = (SELECT id FROM rentals WHERE user_guid = @guid AND title_id = @titleId AND returned IS NULL
     ORDER BY shipped, id LIMIT 1) RETURNING *`,
    this.toRental,
  );
  /** Records a disc sent to the user (admin: business events, seeding); one not returned is at home. */
  readonly insert = rowInserter<Rental>(this.db, 'rentals');
}
