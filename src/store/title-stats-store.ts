import type { Db } from './catalog-db.js';

/** The ratings a sandbox's users gave one title: they add to the catalogue's histogram. */
export class TitleStatsStore {
  private readonly stmt;

  constructor(db: Db) {
    this.stmt = db.prepare<[number], { rating: number }>('SELECT rating FROM ratings WHERE title_id = ?').pluck(false);
  }

  userRatingsOf(titleId: number): number[] {
    return this.stmt.all(titleId).map((r) => r.rating);
  }
}
