import type { Page, PageRequest, Rental } from '../domain/types.js';
import type { Db } from './catalog-db.js';

interface RentalRow { id: number; user_guid: string; title_id: number; priority: number; shipped: string; returned: string | null }

const toRental = (r: RentalRow): Rental => ({
  id: r.id, userGuid: r.user_guid, titleId: r.title_id, priority: r.priority, shipped: r.shipped,
  ...(r.returned !== null ? { returned: r.returned } : {}),
});

// Newest shipped first (fidelity 7); `shipped` is a date, so the rental id (issue order) breaks ties.
const NEWEST_SHIPPED_FIRST = 'ORDER BY shipped DESC, id DESC';

/** Discs a user has had: the rented history, and those still at home (not returned). */
export class RentalsStore {
  private readonly countStmt;
  private readonly pageStmt;
  private readonly atHomeStmt;

  constructor(db: Db) {
    this.countStmt = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM rentals WHERE user_guid = ?');
    this.pageStmt = db.prepare<[string, number, number], RentalRow>(
      `SELECT * FROM rentals WHERE user_guid = ? ${NEWEST_SHIPPED_FIRST} LIMIT ? OFFSET ?`,
    );
    this.atHomeStmt = db.prepare<[string], RentalRow>(`SELECT * FROM rentals WHERE user_guid = ? AND returned IS NULL ${NEWEST_SHIPPED_FIRST}`);
  }

  /** One page of everything the user rented, newest shipped first; discs still out have no `returned`. */
  page(guid: string, req: PageRequest): Page<Rental> {
    return {
      items: this.pageStmt.all(guid, req.itemsPerPage, req.startIndex - 1).map(toRental),
      total: this.countStmt.get(guid)!.n,
      startIndex: req.startIndex,
      itemsPerPage: req.itemsPerPage,
    };
  }

  /** Discs at home now (shipped, not returned), newest shipped first. */
  atHome(guid: string): Rental[] {
    return this.atHomeStmt.all(guid).map(toRental);
  }
}
