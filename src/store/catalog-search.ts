import { MAX_REFINEMENT_VALUES, isFlagFacet, releaseWindow, type FlagFacet, type TitleFacet } from '../domain/search-facets.js';
import type { TitleSearch } from '../domain/search-request.js';
import type { PageRequest } from '../domain/types.js';
import type { CatalogStore } from './catalog-store.js';
import { placeholders, StatementCache, termOrder, Where, type Counted, type FacetCounts, type IdPage } from './catalog-search-sql.js';

export type { FacetCounts, IdPage } from './catalog-search-sql.js';
import { PeopleSearch } from './catalog-search-people.js';
import { TermOrders } from './catalog-search-term.js';
import { TitleRanks } from './catalog-search-ranks.js';
import { FacetIndex } from './facet-index.js';
import { IndexedTitleSearch } from './indexed-title-search.js';
import { TermIndex } from './term-index.js';

/** Above this many matches a search without a term reads its page by walking titles_by_ratings. */
const ORDERED_WALK_FROM = 1000;

/**
 * Catalogue search. Searches are answered from in-memory indexes built with the catalogue (IndexedTitleSearch:
 * TermIndex for the term's matches, FTS5 for words outside ASCII, TitleRanks for the order, FacetIndex for
 * filters and refinements). The same search in SQL (titlesBySql, titleRefinementsBySql) answers texts the
 * indexes leave out and is their oracle in tests: it builds its SQL from the parameters it has, with bound
 * values only.
 *
 * Order: without a term, most rated first (base_ratings DESC, id), as the real service did (fidelity 4).
 * With a term, best match first: the clean title equal to the term, then clean titles starting with it,
 * then any other match; each tier most rated first.
 */
export class CatalogSearch {
  private readonly sql;
  private readonly indexed;
  readonly people;
  // Read by warm() when a scenario loads (Catalogs.for), or on first use by a search made without it (tests).
  private ranksMemo?: TitleRanks;
  private facetsMemo?: FacetIndex;
  private termsMemo?: TermIndex;
  private readonly terms: () => TermIndex;

  constructor(catalog: CatalogStore) {
    this.sql = new StatementCache(catalog.db);
    const ranks = () => (this.ranksMemo ??= new TitleRanks(catalog.db));
    const facets = () => (this.facetsMemo ??= new FacetIndex(catalog.db));
    this.terms = () => (this.termsMemo ??= new TermIndex(catalog.db));
    this.indexed = new IndexedTitleSearch(ranks, facets, new TermOrders(catalog.db, ranks, this.terms));
    this.people = new PeopleSearch(this.sql);
  }

  /**
   * Reads the indexes and counts each catalogue's refinements without a term now, rather than on the first
   * search, which would otherwise wait for them: 70 to 190 ms on the large catalogue, 3 to 15 ms on the
   * default one. A client's first refine=all is then about as fast as its next.
   */
  warm(): void {
    for (const step of this.warmSteps()) step();
  }

  /** What `warm` does, in steps a caller may run a turn of the event loop apart (Catalogs.warm). */
  warmSteps(): Array<() => void> {
    return [...this.indexed.warmSteps(), () => void this.terms()];
  }

  titles(s: TitleSearch, page: PageRequest, today: string): IdPage {
    if (s.term.kind === 'nothing') return { ids: [], total: 0 };
    const ids = this.indexed.titles(s, today);
    return ids ? pageOfOrder(ids, page) : this.titlesBySql(s, page, today);
  }

  /** Every search in SQL: the only way for filters and texts TermOrders leaves out, and its oracle in tests. */
  titlesBySql(s: TitleSearch, page: PageRequest, today: string): IdPage {
    if (s.term.kind === 'nothing') return { ids: [], total: 0 };
    const w = titleWhere(s, today);
    const { n: total } = this.sql.first<{ n: number }>(`SELECT count(*) AS n FROM titles t WHERE ${w.sql}`, w.params);
    if (total === 0 || page.startIndex > total) return { ids: [], total };
    const order = termOrder(s.term, 't.clean_title');
    // Many matches and no term: walking the most-rated index in order, checking each title's facets, finds a
    // page sooner than collecting and sorting every match.
    const walk = s.term.kind === 'none' && total > ORDERED_WALK_FROM;
    const pw = walk ? titleWhere(s, today, 'probe') : w;
    const rows = this.sql.all<{ id: number }>(
      `SELECT t.id AS id FROM titles t${walk ? ' INDEXED BY titles_by_ratings' : ''} WHERE ${pw.sql}
       ORDER BY ${order.sql}t.base_ratings DESC, t.id LIMIT ? OFFSET ?`,
      [...pw.params, ...order.params, page.itemsPerPage, page.startIndex - 1],
    );
    return { ids: rows.map((r) => r.id), total };
  }

  /** Titles of a collection (discs of a series are not members of their own), by collection id. */
  collectionMembers(collectionId: number): number[] {
    return this.sql
      .all<{ id: number }>(
        `SELECT t.id AS id FROM title_facets f JOIN titles t ON t.id = f.title_id
       WHERE f.facet = 'collection_id' AND f.value = ? AND t.parent_id IS NULL ORDER BY t.id`,
        [String(collectionId)],
      )
      .map((r) => r.id);
  }

  /** For each asked facet, its values among the matching titles with counts, most frequent first (capped). */
  titleRefinements(s: TitleSearch, today: string): FacetCounts<TitleFacet>[] {
    if (s.refine.length === 0) return [];
    if (s.term.kind === 'nothing') return s.refine.map((facet) => ({ facet, values: [] }));
    return this.indexed.refinements(s, today) ?? this.titleRefinementsBySql(s, today);
  }

  /** Refinements counted in SQL: the oracle of the counts in tests. */
  titleRefinementsBySql(s: TitleSearch, today: string): FacetCounts<TitleFacet>[] {
    if (s.refine.length === 0) return [];
    if (s.term.kind === 'nothing') return s.refine.map((facet) => ({ facet, values: [] }));
    const w = titleWhere(s, today);
    return s.refine.map((facet) => ({ facet, values: isFlagFacet(facet) ? this.flagCount(facet, w, today) : this.facetValues(facet, w) }));
  }

  private facetValues(facet: TitleFacet, w: Where): Counted[] {
    return this.sql.all<Counted>(
      // Values equal under NOCASE are one value; its first spelling in binary order is shown, as in FacetIndex.
      `SELECT min(f.value COLLATE BINARY) AS value, count(*) AS count FROM titles t JOIN title_facets f ON f.title_id = t.id AND f.facet = ?
       WHERE ${w.sql} GROUP BY f.value ORDER BY count DESC, f.value LIMIT ?`,
      [facet, ...w.params, MAX_REFINEMENT_VALUES],
    );
  }

  /** A flag facet has one value, its own name, shown when at least one matching title has it. */
  private flagCount(facet: FlagFacet, w: Where, today: string): Counted[] {
    const flag = new Where();
    addFlag(flag, facet, today);
    const { n } = this.sql.first<{ n: number }>(`SELECT count(*) AS n FROM titles t WHERE ${w.sql} AND ${flag.sql}`, [...w.params, ...flag.params]);
    return n > 0 ? [{ value: facet, count: n }] : [];
  }
}

function pageOfOrder(order: Int32Array, page: PageRequest): IdPage {
  const total = order.length;
  if (total === 0 || page.startIndex > total) return { ids: [], total };
  return { ids: Array.from(order.subarray(page.startIndex - 1, page.startIndex - 1 + page.itemsPerPage)), total };
}

/**
 * The conditions of a search. `collect` finds the matching titles from the index (the term's FTS matches,
 * a facet value's titles); `probe` checks one title at a time, for walking titles in rating order.
 * Discs of a multi-disc title are their own rows (parent_id set) but never search results.
 */
function titleWhere(s: TitleSearch, today: string, mode: 'collect' | 'probe' = 'collect'): Where {
  const w = new Where().add('t.parent_id IS NULL');
  if (s.kinds.length < 3) w.addIn('t.kind', s.kinds);
  if (s.term.kind === 'match') w.add('t.id IN (SELECT rowid FROM titles_fts WHERE titles_fts MATCH ?)', s.term.fts);
  for (const f of s.filters) {
    if (isFlagFacet(f.facet)) addFlag(w, f.facet, today);
    else if (mode === 'probe') {
      w.add(
        `EXISTS (SELECT 1 FROM title_facets f WHERE f.facet = ? AND f.value IN ${placeholders(f.values.length)} AND f.title_id = t.id)`,
        f.facet,
        ...f.values,
      );
    } else {
      w.add(`t.id IN (SELECT title_id FROM title_facets WHERE facet = ? AND value IN ${placeholders(f.values.length)})`, f.facet, ...f.values);
    }
  }
  return w;
}

function addFlag(w: Where, facet: FlagFacet, today: string): void {
  if (facet === 'most_popular') {
    w.add('t.popularity_rank IS NOT NULL');
    return;
  }
  const win = releaseWindow(facet, today);
  if (win.after !== undefined) w.add('t.release_date > ?', win.after);
  else w.add('t.release_date BETWEEN ? AND ?', win.from!, win.to!);
}

/** The search of a scenario's catalogue, made once per catalogue and kept on it (it caches prepared statements). */
export function catalogSearchOf(catalog: CatalogStore): CatalogSearch {
  return catalog.derived(CatalogSearch, (c) => new CatalogSearch(c));
}
