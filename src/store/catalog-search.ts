import type { FacetCounts, TitleFacet } from '../domain/search-facets.js';
import type { IdPage, TitleSearch } from '../domain/search-request.js';
import type { PageRequest } from '../domain/types.js';
import type { CatalogStore } from './catalog-store.js';
import { PeopleSearch } from './catalog-search-people.js';
import { TermOrders } from './catalog-search-term.js';
import { TitleRanks } from './catalog-search-ranks.js';
import { FacetIndex } from './facet-index.js';
import { IndexedTitleSearch } from './indexed-title-search.js';
import { TermIndex } from './term-index.js';

/**
 * Catalogue search (decisions 0030 and 0031). Every title search is answered from in-memory indexes built
 * with the catalogue (IndexedTitleSearch): TermIndex for the term's matches (FTS5 for words outside ASCII),
 * TitleRanks for the order, FacetIndex for filters and refinements. The same search written in SQL is the
 * oracle of its tests (test/support/title-search-oracle.ts).
 *
 * Order: without a term, most rated first (base_ratings DESC, id), as the real service did
 * (docs/reference/catalogue-search.md, Order).
 * With a term, best match first: the clean title equal to the term, then clean titles starting with it,
 * then any other match; each tier most rated first.
 */
export class CatalogSearch {
  private readonly indexed;
  readonly people;
  // Read by warm() when a scenario loads (Catalogs.for), or on first use by a search made without it (tests).
  private ranksMemo?: TitleRanks;
  private facetsMemo?: FacetIndex;
  private termsMemo?: TermIndex;
  private readonly facets: () => FacetIndex;
  private readonly terms: () => TermIndex;

  constructor(catalog: CatalogStore) {
    const ranks = () => (this.ranksMemo ??= new TitleRanks(catalog.db));
    this.facets = () => (this.facetsMemo ??= new FacetIndex(catalog.db));
    this.terms = () => (this.termsMemo ??= new TermIndex(catalog.db));
    this.indexed = new IndexedTitleSearch(ranks, this.facets, new TermOrders(catalog.db, ranks, this.terms));
    this.people = new PeopleSearch(catalog.db);
  }

  /**
   * Reads the indexes and counts each catalogue's refinements without a term now, rather than on the first
   * search, which would otherwise wait for them (decision 0031 has the cost). A client's first refine=all is
   * then about as fast as its next.
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
    const order = this.indexed.titles(s, today);
    const total = order.length;
    if (total === 0 || page.startIndex > total) return { ids: [], total };
    return { ids: Array.from(order.subarray(page.startIndex - 1, page.startIndex - 1 + page.itemsPerPage)), total };
  }

  /** Titles of a collection by collection id, ascending (discs of a series have no facet values: never members). */
  collectionMembers(collectionId: number): number[] {
    const value = this.facets().valueId('collection_id', String(collectionId));
    return value === undefined ? [] : Array.from(this.facets().titlesWith(value));
  }

  /** For each asked facet, its values among the matching titles with counts, most frequent first (capped). */
  titleRefinements(s: TitleSearch, today: string): FacetCounts<TitleFacet>[] {
    if (s.refine.length === 0) return [];
    if (s.term.kind === 'nothing') return s.refine.map((facet) => ({ facet, values: [] }));
    return this.indexed.refinements(s, today);
  }
}

/** The search of a scenario's catalogue, made once per catalogue and kept on it (it holds its indexes). */
export function catalogSearchOf(catalog: CatalogStore): CatalogSearch {
  return catalog.derived(CatalogSearch, (c) => new CatalogSearch(c));
}
