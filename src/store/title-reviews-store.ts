import type { Review } from '../domain/types.js';
import type { Db } from './catalog-db.js';
import { preparedOnUse } from './prepared-on-use.js';
import { REVIEWS_WITH_AUTHOR, toReview } from './reviews-store.js';
import type { Row } from './row-mapper.js';

/** The reviews a sandbox's users wrote of one title; with the catalogue's own reviews they make a title's reviews. */
export class TitleReviewsStore {
  private readonly stmt = preparedOnUse(() => this.db.prepare<[number], Row>(`${REVIEWS_WITH_AUTHOR} WHERE reviews.title_id = ?`));

  constructor(private readonly db: Db) {}

  ofTitle(titleId: number): Review[] {
    return this.stmt.all(titleId).map(toReview);
  }
}
