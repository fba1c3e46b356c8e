import { MAX_REFINEMENT_VALUES, isFlagFacet, releaseWindow, type FlagFacet, type TitleFacet } from '../domain/search-facets.js';
import type { FilterGroup, TitleSearch } from '../domain/search-request.js';
import type { PageRequest } from '../domain/types.js';
import type { CatalogStore } from './catalog-store.js';
import { placeholders, StatementCache, termOrder, Where, type Counted, type FacetCounts, type IdPage } from './catalog-search-sql.js';

export type { FacetCounts, IdPage } from './catalog-search-sql.js';
import { PeopleSearch } from './catalog-search-people.js';

/**
 * Catalogue search over the index: FTS5 for the term, `title_facets` for filters and refinements. Each
 * request builds its SQL from the parameters it has, with bound values only; no title is read into
 * JavaScript unless it is on the page.
 *
 * Order: without a term, most rated first (base_ratings DESC, id), as the real service did (fidelity 4).
 * With a term, best match first: the clean title equal to the term, then clean titles starting with it,
 * then any other match; each tier most rated first.
 */
export class CatalogSearch {
  private readonly sql;
  readonly people;

  constructor(catalog: CatalogStore) {
    this.sql = new StatementCache(catalog.db);
    this.people = new PeopleSearch(this.sql);
  }

  titles(s: TitleSearch, page: PageRequest, today: string): IdPage {
    if (s.term.kind === 'nothing') return { ids: [], total: 0 };
    const w = titleWhere(s, today);
    const total = (this.sql.get(`SELECT count(*) AS n FROM titles t WHERE ${w.sql}`).get(...w.params) as { n: number }).n;
    if (total === 0 || page.startIndex > total) return { ids: [], total };
    const order = termOrder(s.term, 't.clean_title');
    const rows = this.sql.get(`SELECT t.id AS id FROM titles t WHERE ${w.sql} ORDER BY ${order.sql}t.base_ratings DESC, t.id LIMIT ? OFFSET ?`)
      .all(...w.params, ...order.params, page.itemsPerPage, page.startIndex - 1) as Array<{ id: number }>;
    return { ids: rows.map((r) => r.id), total };
  }

  /** For each asked facet, its values among the matching titles with counts, most frequent first (capped). */
  titleRefinements(s: TitleSearch, today: string): FacetCounts<TitleFacet>[] {
    if (s.refine.length === 0) return [];
    if (s.term.kind === 'nothing') return s.refine.map((facet) => ({ facet, values: [] }));
    const w = titleWhere(s, today);
    return s.refine.map((facet) => ({ facet, values: isFlagFacet(facet) ? this.flagCount(facet, w, today) : this.facetValues(facet, w) }));
  }

  private facetValues(facet: TitleFacet, w: Where): Counted[] {
    return this.sql.get(
      `SELECT f.value AS value, count(*) AS count FROM title_facets f
       WHERE f.facet = ? AND f.title_id IN (SELECT t.id FROM titles t WHERE ${w.sql})
       GROUP BY f.value ORDER BY count DESC, f.value LIMIT ?`,
    ).all(facet, ...w.params, MAX_REFINEMENT_VALUES) as Counted[];
  }

  /** A flag facet has one value, its own name, shown when at least one matching title has it. */
  private flagCount(facet: FlagFacet, w: Where, today: string): Counted[] {
    const flag = new Where();
    addFlag(flag, facet, today);
    const { n } = this.sql.get(`SELECT count(*) AS n FROM titles t WHERE ${w.sql} AND ${flag.sql}`).get(...w.params, ...flag.params) as { n: number };
    return n > 0 ? [{ value: facet, count: n }] : [];
  }
}

/** Discs of a multi-disc title are their own rows (parent_id set) but never search results. */
function titleWhere(s: TitleSearch, today: string): Where {
  const w = new Where().add('t.parent_id IS NULL');
  if (s.kinds.length < 3) w.addIn('t.kind', s.kinds);
  if (s.term.kind === 'match') w.add('t.id IN (SELECT rowid FROM titles_fts WHERE titles_fts MATCH ?)', s.term.fts);
  for (const f of s.filters) addFilter(w, f, today);
  return w;
}

function addFilter(w: Where, f: FilterGroup<TitleFacet>, today: string): void {
  if (isFlagFacet(f.facet)) addFlag(w, f.facet, today);
  else w.add(`t.id IN (SELECT title_id FROM title_facets WHERE facet = ? AND value IN ${placeholders(f.values.length)})`, f.facet, ...f.values);
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

const searches = new WeakMap<CatalogStore, CatalogSearch>();

/** The search of a scenario's catalogue, made once per catalogue (it caches prepared statements). */
export function catalogSearchOf(catalog: CatalogStore): CatalogSearch {
  let s = searches.get(catalog);
  if (!s) {
    s = new CatalogSearch(catalog);
    searches.set(catalog, s);
  }
  return s;
}
