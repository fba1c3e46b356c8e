import {
  isFlagFacet,
  MAX_REFINEMENT_VALUES,
  releaseWindow,
  type Counted,
  type FacetCounts,
  type FlagFacet,
  type TitleFacet,
} from '../../src/domain/search-facets.js';
import type { IdPage, TitleSearch } from '../../src/domain/search-request.js';
import { likePrefix } from '../../src/domain/search-term.js';
import type { PageRequest } from '../../src/domain/types.js';
import type { Db } from '../../src/store/db.js';

// The oracle of catalogue search's tests: the same title search written in SQL over the catalogue's tables
// (titles, titles_fts, title_facets), read plainly, with no index of its own. The simulator answers every
// search from its in-memory indexes (src/store/catalog-search.ts); the property tests hold every page, total
// and refinement to what this answers (src/store/catalog-search-term.test.ts, catalog-search-facets.test.ts).
//
// SQLite differs from the rule in two places no test sends: its LIKE reads a pattern up to the first NUL, so
// a term holding NUL compares only the text before it; and a pattern over 50,000 bytes is an error.

type SqlValue = string | number;

/** Catalogue search in SQL over one catalogue database. */
export class TitleSearchOracle {
  constructor(private readonly db: Db) {}

  titles(s: TitleSearch, page: PageRequest, today: string): IdPage {
    if (s.term.kind === 'nothing') return { ids: [], total: 0 };
    const w = titleWhere(s, today);
    const total = this.db
      .prepare(`SELECT count(*) FROM titles t WHERE ${w.sql}`)
      .pluck()
      .get(...w.params) as number;
    if (total === 0 || page.startIndex > total) return { ids: [], total };
    // Best match first (decision 0030): the clean title equal to the text (NOCASE), then starting with it
    // (LIKE, as case-blind as NOCASE), then any other match; each tier most rated first.
    const text = s.term.kind === 'match' ? s.term.text : undefined;
    const ids = this.db
      .prepare(
        `SELECT t.id FROM titles t WHERE ${w.sql}
         ORDER BY ${text !== undefined ? "CASE WHEN t.clean_title = ? COLLATE NOCASE THEN 0 WHEN t.clean_title LIKE ? ESCAPE '\\' THEN 1 ELSE 2 END, " : ''}
                  t.base_ratings DESC, t.id
         LIMIT ? OFFSET ?`,
      )
      .pluck()
      .all(...w.params, ...(text !== undefined ? [text, likePrefix(text)] : []), page.itemsPerPage, page.startIndex - 1) as number[];
    return { ids, total };
  }

  /** For each asked facet, its values among the matching titles with counts, most frequent first (capped). */
  refinements(s: TitleSearch, today: string): FacetCounts<TitleFacet>[] {
    if (s.refine.length === 0) return [];
    if (s.term.kind === 'nothing') return s.refine.map((facet) => ({ facet, values: [] }));
    const w = titleWhere(s, today);
    return s.refine.map((facet) => ({ facet, values: isFlagFacet(facet) ? this.flagCount(facet, w, today) : this.facetValues(facet, w) }));
  }

  private facetValues(facet: TitleFacet, w: Where): Counted[] {
    // Values equal under NOCASE are one value; its first spelling in binary order is shown.
    return this.db
      .prepare(
        `SELECT min(f.value COLLATE BINARY) AS value, count(*) AS count FROM titles t JOIN title_facets f ON f.title_id = t.id AND f.facet = ?
         WHERE ${w.sql} GROUP BY f.value ORDER BY count DESC, f.value LIMIT ?`,
      )
      .all(facet, ...w.params, MAX_REFINEMENT_VALUES) as Counted[];
  }

  /** A flag facet has one value, its own name, shown when at least one matching title has it. */
  private flagCount(facet: FlagFacet, w: Where, today: string): Counted[] {
    const flag = flagWhere(facet, today);
    const n = this.db
      .prepare(`SELECT count(*) FROM titles t WHERE ${w.sql} AND ${flag.sql}`)
      .pluck()
      .get(...w.params, ...flag.params) as number;
    return n > 0 ? [{ value: facet, count: n }] : [];
  }
}

/**
 * Best match first as one rule over a title and a text, both folded by foldAscii: 0 the same title, 1
 * starting with the text, 2 any other match (the ORDER BY of TitleSearchOracle.titles).
 */
export function matchTier(foldedTitle: string, foldedText: string): 0 | 1 | 2 {
  if (foldedTitle === foldedText) return 0;
  return foldedTitle.startsWith(foldedText) ? 1 : 2;
}

interface Where {
  sql: string;
  params: SqlValue[];
}

/** The conditions of a search. Discs of a multi-disc title are their own rows (parent_id set) but never results. */
function titleWhere(s: TitleSearch, today: string): Where {
  const parts = ['t.parent_id IS NULL'];
  const params: SqlValue[] = [];
  const add = (w: Where) => {
    parts.push(w.sql);
    params.push(...w.params);
  };
  if (s.kinds.length < 3) add({ sql: `t.kind IN (${s.kinds.map(() => '?').join(', ')})`, params: [...s.kinds] });
  if (s.term.kind === 'match') add({ sql: 't.id IN (SELECT rowid FROM titles_fts WHERE titles_fts MATCH ?)', params: [s.term.fts] });
  for (const f of s.filters) {
    if (isFlagFacet(f.facet)) add(flagWhere(f.facet, today));
    else {
      add({
        sql: `t.id IN (SELECT title_id FROM title_facets WHERE facet = ? AND value IN (${f.values.map(() => '?').join(', ')}))`,
        params: [f.facet, ...f.values],
      });
    }
  }
  return { sql: parts.join(' AND '), params };
}

function flagWhere(facet: FlagFacet, today: string): Where {
  if (facet === 'most_popular') return { sql: 't.popularity_rank IS NOT NULL', params: [] };
  const win = releaseWindow(facet, today);
  if (win.after !== undefined) return { sql: 't.release_date > ?', params: [win.after] };
  return { sql: 't.release_date BETWEEN ? AND ?', params: [win.from!, win.to!] };
}
