import type { Page, PageRequest, Review } from '../domain/types.js';
import type { Db } from './catalog-db.js';
import { preparedOnUse } from './prepared-on-use.js';
import { pageFrom } from '../domain/paging.js';

/** A row of the reviews table (STATE_SCHEMA, schema.ts). */
export interface ReviewRow {
  id: number;
  user_guid: string;
  title_id: number;
  created: string;
  review_title: string;
  review_text: string;
  helpful: number;
  unhelpful: number;
  spoilers: number;
  rating: number;
}

/** A review with its author's nickname: the rows of REVIEWS_WITH_AUTHOR. */
export type AuthoredReviewRow = ReviewRow & { nickname: string };

export const REVIEWS_WITH_AUTHOR = 'SELECT reviews.*, users.nickname FROM reviews JOIN users ON users.guid = reviews.user_guid';

export const toReview = (r: AuthoredReviewRow): Review => ({
  id: r.id,
  titleId: r.title_id,
  userGuid: r.user_guid,
  author: r.nickname,
  created: r.created,
  reviewTitle: r.review_title,
  reviewText: r.review_text,
  helpful: r.helpful,
  unhelpful: r.unhelpful,
  spoilers: r.spoilers === 1,
  rating: r.rating,
});

/** Reviews written by a sandbox's users (the catalogue's public reviews live in the catalogue). */
export class ReviewsStore {
  private readonly countStmt = preparedOnUse(() => this.db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM reviews WHERE user_guid = ?'));
  private readonly pageStmt = preparedOnUse(() =>
    this.db.prepare<[string, number, number], AuthoredReviewRow>(
      `${REVIEWS_WITH_AUTHOR} WHERE reviews.user_guid = ? ORDER BY reviews.created DESC, reviews.id DESC LIMIT ? OFFSET ?`,
    ),
  );
  private readonly oneStmt = preparedOnUse(() =>
    this.db.prepare<[string, number], AuthoredReviewRow>(`${REVIEWS_WITH_AUTHOR} WHERE reviews.user_guid = ? AND reviews.id = ?`),
  );

  constructor(private readonly db: Db) {}

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
