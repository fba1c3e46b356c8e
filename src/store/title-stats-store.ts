import type { Db } from './catalog-db.js';
import { tableVersion } from './table-versions.js';
import { preparedOnUse } from './prepared-on-use.js';

/** Titles with ratings above which the set of them is not kept: each title asks the index instead. */
const MAX_RATED_TITLES = 10_000;

/**
 * The ratings a sandbox's users gave one title: they add to the catalogue's histogram.
 *
 * Every title of every page asks, and in most sandboxes almost no title has a rating: the titles that do
 * are kept as a set, read again only when the ratings table changed (src/store/table-versions.ts), so a
 * title without ratings costs a set lookup instead of a statement, for every title of a page.
 */
export class TitleStatsStore {
  private readonly ratingsOf = preparedOnUse(() => this.db.prepare<[number], number>('SELECT rating FROM ratings WHERE title_id = ?').pluck());
  private readonly ratedTitles = preparedOnUse(() => this.db.prepare<[number], number>('SELECT DISTINCT title_id FROM ratings LIMIT ?').pluck());
  /** The titles with a rating, as of `version`; undefined when there are more than MAX_RATED_TITLES. */
  private rated: Set<number> | undefined;
  private version = -1;

  constructor(private readonly db: Db) {}

  userRatingsOf(titleId: number): number[] {
    return this.mayBeRated(titleId) ? this.ratingsOf.all(titleId) : [];
  }

  private mayBeRated(titleId: number): boolean {
    // Inside a transaction the table may hold writes a rollback will undo, without the version moving back.
    if (this.db.inTransaction) return true;
    const now = tableVersion(this.db, 'ratings');
    if (now !== this.version) {
      const ids = this.ratedTitles.all(MAX_RATED_TITLES + 1);
      this.rated = ids.length > MAX_RATED_TITLES ? undefined : new Set(ids);
      this.version = now;
    }
    return this.rated === undefined || this.rated.has(titleId);
  }
}
