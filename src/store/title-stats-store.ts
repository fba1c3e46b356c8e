import { Store } from './store.js';
import { versionedMemo } from './table-versions.js';

/** Titles with ratings above which the set of them is not kept: each title asks the index instead. */
const MAX_RATED_TITLES = 10_000;

/**
 * The ratings a sandbox's users gave one title: they add to the catalogue's histogram.
 *
 * Every title of every page asks, and in most sandboxes almost no title has a rating: the titles that do
 * are kept as a set, read again only when the ratings table changed (src/store/table-versions.ts), so a
 * title without ratings costs a set lookup instead of a statement, for every title of a page.
 */
export class TitleStatsStore extends Store {
  private readonly ratingsOf = this.sql<[number], number>('SELECT rating FROM ratings WHERE title_id = ?', 'pluck');
  private readonly ratedTitles = this.sql<[number], number>('SELECT DISTINCT title_id FROM ratings LIMIT ?', 'pluck');
  /** The titles with a rating (one entry), kept until the ratings table changes; undefined when there are too many to keep. */
  private readonly rated = versionedMemo(this.db, 'ratings', (_: 0) => {
    const ids = this.ratedTitles.all(MAX_RATED_TITLES + 1);
    return ids.length > MAX_RATED_TITLES ? undefined : new Set(ids);
  });

  userRatingsOf(titleId: number): number[] {
    return this.userRatingsLookup()(titleId);
  }

  /**
   * userRatingsOf for the titles of one read that writes nothing while it uses the answer (a page of search
   * results): whether a transaction is open, and which titles have ratings, are asked once, not per title.
   */
  userRatingsLookup(): (titleId: number) => number[] {
    const all = (titleId: number) => this.ratingsOf.all(titleId);
    // Inside a transaction the table may hold writes a rollback will undo, without the version moving back.
    if (this.db.inTransaction) return all;
    const rated = this.rated(0);
    return rated === undefined ? all : (titleId) => (rated.has(titleId) ? all(titleId) : []);
  }
}
