import type { Review } from '../domain/types.js';
import { rowInserter, rowMapper, Store } from './store.js';

/** Reviews with their author's nickname, as `this.toReview` reads them. */
const REVIEWS_WITH_AUTHOR = 'SELECT reviews.*, users.nickname AS author FROM reviews JOIN users ON users.guid = reviews.user_guid';

/** Reviews written by a sandbox's users (the catalogue's public reviews live in the catalogue). */
export class ReviewsStore extends Store {
  private readonly toReview = rowMapper<Review>('spoilers');
  /** One page of the user's reviews, newest first. */
  readonly page = this.pager('reviews', REVIEWS_WITH_AUTHOR, 'ORDER BY reviews.created DESC, reviews.id DESC', this.toReview);
  /** One of the user's reviews; undefined when it is not theirs or does not exist. */
  readonly get = this.row<[string, number], Review>(`${REVIEWS_WITH_AUTHOR} WHERE reviews.user_guid = ? AND reviews.id = ?`, this.toReview);
  /** The reviews the sandbox's users wrote of one title; with the catalogue's own reviews they make a title's reviews. */
  readonly ofTitle = this.rows<[number], Review>(`${REVIEWS_WITH_AUTHOR} WHERE reviews.title_id = ?`, this.toReview);
  /** Adds a review (seeding a scenario); its author is the user's nickname, not stored with it. */
  readonly insert = rowInserter<Omit<Review, 'author'>>(this.db, 'reviews');
}
