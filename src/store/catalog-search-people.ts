import type { PersonFacet } from '../domain/search-facets.js';
import type { PersonSearch } from '../domain/search-request.js';
import type { PageRequest } from '../domain/types.js';
import { placeholders, termOrder, Where, type Counted, type FacetCounts, type IdPage, type StatementCache } from './catalog-search-sql.js';

/**
 * People search: FTS5 over names, `person_roles` for the kind and the role filter. Without a term the people
 * in the most titles come first (popularity, then id); with a term, best match first as for titles.
 */
export class PeopleSearch {
  constructor(private readonly sql: StatementCache) {}

  search(s: PersonSearch, page: PageRequest): IdPage {
    if (s.term.kind === 'nothing') return { ids: [], total: 0 };
    const w = personWhere(s);
    const { n: total } = this.sql.first<{ n: number }>(`SELECT count(*) AS n FROM people p WHERE ${w.sql}`, w.params);
    if (total === 0 || page.startIndex > total) return { ids: [], total };
    const order = termOrder(s.term, 'p.name');
    const rows = this.sql.all<{ id: number }>(`SELECT p.id AS id FROM people p WHERE ${w.sql} ORDER BY ${order.sql}p.popularity DESC, p.id LIMIT ? OFFSET ?`, [
      ...w.params,
      ...order.params,
      page.itemsPerPage,
      page.startIndex - 1,
    ]);
    return { ids: rows.map((r) => r.id), total };
  }

  /** The only people facet is `role`: the roles of the matching people, most frequent first. */
  refinements(s: PersonSearch): FacetCounts<PersonFacet>[] {
    if (s.refine.length === 0) return [];
    if (s.term.kind === 'nothing') return [{ facet: 'role', values: [] }];
    const w = personWhere(s);
    const values = this.sql.all<Counted>(
      `SELECT r.role AS value, count(*) AS count FROM person_roles r WHERE r.person_id IN (SELECT p.id FROM people p WHERE ${w.sql})
       GROUP BY r.role ORDER BY count DESC, r.role`,
      w.params,
    );
    return [{ facet: 'role', values }];
  }
}

function personWhere(s: PersonSearch): Where {
  const w = new Where();
  if (s.role) w.add('p.id IN (SELECT person_id FROM person_roles WHERE role = ?)', s.role);
  if (s.term.kind === 'match') w.add('p.id IN (SELECT rowid FROM people_fts WHERE people_fts MATCH ?)', s.term.fts);
  for (const f of s.filters) w.add(`p.id IN (SELECT person_id FROM person_roles WHERE role IN ${placeholders(f.values.length)})`, ...f.values);
  return w;
}
