import { pageFrom } from '../domain/paging.js';
import type { Page, PageRequest, Review } from '../domain/types.js';
import type { Db } from './catalog-db.js';
import { preparedOnUse } from './prepared-on-use.js';
import { type Row, rowInserter, rowMapper } from './row-mapper.js';

/** Reviews with their author's nickname, as `toReview` reads them. */
export const REVIEWS_WITH_AUTHOR = 'SELECT reviews.*, users.nickname AS author FROM reviews JOIN users ON users.guid = reviews.user_guid';

export const toReview = rowMapper<Review>('spoilers');

/** Reviews written by a sandbox's users (the catalogue's public reviews live in the catalogue). */
export class ReviewsStore {
  private readonly countStmt = preparedOnUse(() => this.db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM reviews WHERE user_guid = ?'));
  private readonly pageStmt = preparedOnUse(() =>
    this.db.prepare<[string, number, number], Row>(
      `${REVIEWS_WITH_AUTHOR} WHERE reviews.user_guid = ? ORDER BY reviews.created DESC, reviews.id DESC LIMIT ? OFFSET ?`,
    ),
  );
  private readonly oneStmt = preparedOnUse(() =>
    this.db.prepare<[string, number], Row>(`${REVIEWS_WITH_AUTHOR} WHERE reviews.user_guid = ? AND reviews.id = ?`),
  );
  /** Adds a review (seeding a scenario); its author is the user's nickname, not stored with it. */
  readonly insert;

  constructor(private readonly db: Db) {
    this.insert = rowInserter<Omit<Review, 'author'>>(
      db,
      'reviews',
      'id user_guid title_id created review_title review_text helpful unhelpful spoilers rating',
    );
  }

  /** One page of the user's reviews, newest first. */
  page(guid: string, req: PageRequest): Page<Review> {
    return pageFrom(req, this.pageStmt.all(guid, req.itemsPerPage, req.startIndex - 1).map(toReview), this.countStmt.get(guid)!.n);
  }

  /** One of the user's reviews; undefined when it is not theirs or does not exist. */
  get(guid: string, id: number): Review | undefined {
    const row = this.oneStmt.get(guid, id);
    return row && toReview(row);
  }
}
