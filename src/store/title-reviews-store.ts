import type { Review } from '../domain/types.js';
import type { Db } from './catalog-db.js';
import { preparedOnUse } from './prepared-on-use.js';

interface ReviewRow {
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
  nickname: string;
}

/** The reviews a sandbox's users wrote of one title; with the catalogue's own reviews they make a title's reviews. */
export class TitleReviewsStore {
  private readonly stmt;

  constructor(db: Db) {
    this.stmt = preparedOnUse(() =>
      db.prepare<[number], ReviewRow>('SELECT reviews.*, users.nickname FROM reviews JOIN users ON users.guid = reviews.user_guid WHERE reviews.title_id = ?'),
    );
  }

  ofTitle(titleId: number): Review[] {
    return this.stmt.all(titleId).map((r) => ({
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
    }));
  }
}
