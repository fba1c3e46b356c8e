import type { Person, Review, Title } from '../domain/types.js';
import { makeRoom } from '../domain/make-room.js';
import { Store } from './store.js';

/** Parsed titles and people kept at once; the large scenario's 150,000 rows would otherwise all end in memory. */
const MAX_MEMOISED = 5_000;
/**
 * People's names kept at once: every name of the large catalogue (50,000, ~14 characters each: ~4 MB with
 * the map). A first expand=all page of 250 titles names ~1,500 cast members, each also in a dozen other
 * titles; kept 5,000 at a time they were mostly read again, a measurable part of such a page's time. A count bounds the
 * bytes too: names come only from the generator (a few dozen characters at most) and the package's curated
 * file, since a scenario sets how many people there are, never their names.
 */
const MAX_NAMES = 100_000;

/**
 * Read access to a scenario's catalogue. The catalogue never changes within a scenario, so parsed titles
 * and people are kept (keptIn) for the life of the scenario (up to MAX_MEMOISED of each, oldest out first).
 */
export class CatalogStore extends Store {
  private readonly titles = new Map<number, Title | null>();
  private readonly people = new Map<number, Person | null>();
  private readonly names = new Map<number, string | null>();
  /** What other modules derive from this catalogue and keep (its search, category terms): see `derived`. */
  private readonly kept = new Map<object, unknown>();
  // Plucked: the data text itself, without a row object per read (a good part of what reading a title costs).
  private readonly titleStmt = this.sql<[number], string>('SELECT data FROM titles WHERE id = ?', 'pluck');
  private readonly personStmt = this.sql<[number], string>('SELECT data FROM people WHERE id = ?', 'pluck');
  private readonly nameStmt = this.sql<[number], string>('SELECT name FROM people WHERE id = ?', 'pluck');
  private readonly reviewsStmt = this.sql<[number], string>('SELECT data FROM catalog_reviews WHERE title_id = ? ORDER BY id', 'pluck');
  private readonly popularStmt = this.sql<[number], number>(
    'SELECT id FROM titles WHERE popularity_rank IS NOT NULL ORDER BY popularity_rank, id LIMIT ?',
    'pluck',
  );
  private readonly countStmt = this.sql<[], { titles: number; people: number }>(
    'SELECT (SELECT count(*) FROM titles) AS titles, (SELECT count(*) FROM people) AS people',
  );

  /** The title, or undefined when the catalogue has no such id. */
  title(id: number): Title | undefined {
    return keptIn(this.titles, id, () => parsed<Title>(this.titleStmt.get(id)), MAX_MEMOISED) ?? undefined;
  }

  /** Titles for the ids that exist, in the order asked. */
  titlesById(ids: readonly number[]): Title[] {
    return ids.map((id) => this.title(id)).filter((t) => t !== undefined);
  }

  person(id: number): Person | undefined {
    return keptIn(this.people, id, () => parsed<Person>(this.personStmt.get(id)), MAX_MEMOISED) ?? undefined;
  }

  /**
   * A person's name alone, as expanded cast lists show it: reading the name column skips parsing the whole
   * person (a prolific actor's filmography runs to kilobytes), which made a first expand=all page of 250
   * titles slow on the large catalogue.
   */
  personName(id: number): string | undefined {
    return keptIn(this.names, id, () => this.nameStmt.get(id) ?? null, MAX_NAMES) ?? undefined;
  }

  /** Public reviews of a title from the catalogue (users' own reviews live in the sandbox state). */
  catalogReviews(titleId: number): Review[] {
    return this.reviewsStmt.all(titleId).map((data) => JSON.parse(data) as Review);
  }

  /** Title ids in the catalogue's "most popular" ranking, most popular first (Title.popularityRank). */
  popularTitleIds(limit: number): number[] {
    return this.popularStmt.all(limit);
  }

  counts(): { titles: number; people: number } {
    return this.countStmt.get()!;
  }

  /**
   * A value derived from this catalogue, made on first use and kept with it (the catalogue never changes),
   * so it goes when the catalogue goes and no other catalogue (another simulator's) sees it. `key` names the
   * kind of value: one object per kind, owned by the module that makes it.
   */
  derived<T>(key: object, make: (catalog: this) => T): T {
    return keptIn(this.kept, key, () => make(this)) as T;
  }
}

/**
 * The longest string key a cache keeps (characters; 2 KiB in UTF-16). Search caches are keyed by the term and
 * filters sent, and one request body may carry a term of 64 KiB: kept under such keys, a tenant's distinct long
 * terms would hold hundreds of MB and push every other tenant's entries out. No ordinary search's key comes near
 * it; a longer one is answered the same way, only not remembered, so a cache of n entries holds at most n * 2 KiB of keys.
 */
export const MAX_KEPT_KEY = 1024;

/**
 * The value kept in `map` for `key`, or made, kept and answered; oldest out first past `max`. A row that
 * does not exist is kept as null, so it is not read again. A key longer than MAX_KEPT_KEY is not kept.
 */
export function keptIn<K, V>(map: Map<K, V>, key: K, make: () => V, max = Number.POSITIVE_INFINITY): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    if (typeof key !== 'string' || key.length <= MAX_KEPT_KEY) {
      makeRoom(map, max);
      map.set(key, value);
    }
  }
  return value;
}

function parsed<T>(data: string | undefined): T | null {
  return data === undefined ? null : (JSON.parse(data) as T);
}
