import type { Statement } from 'better-sqlite3';
import type { Counted, FacetCounts, PersonFacet } from '../domain/search-facets.js';
import type { IdPage, PersonSearch } from '../domain/search-request.js';
import { likePrefix } from '../domain/search-term.js';
import type { PageRequest } from '../domain/types.js';
import type { Db } from './db.js';
import { keptIn } from './catalog-store.js';

type SqlValue = string | number;

const MAX_STATEMENTS = 200;

/**
 * People search: FTS5 over names, `person_roles` for the kind and the role filter. Without a term the people
 * in the most titles come first (popularity, then id); with a term, best match first as for titles: the name
 * equal to the term (NOCASE), then names starting with it, then the rest. Its SQL is built from the
 * parameters sent, every value bound, never spliced into the text.
 */
export class PeopleSearch {
  /** Prepared statements by their SQL, which depends only on which parameters were sent: a few shapes. */
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly db: Db) {}

  search(s: PersonSearch, page: PageRequest): IdPage {
    if (s.term.kind === 'nothing') return { ids: [], total: 0 };
    const w = personWhere(s);
    const total = this.prepared(`SELECT count(*) FROM people p WHERE ${w.sql}`, 'pluck').get(...w.params) as number;
    if (total === 0 || page.startIndex > total) return { ids: [], total };
    const text = s.term.kind === 'match' ? s.term.text : undefined;
    const ids = this.prepared(
      `SELECT p.id FROM people p WHERE ${w.sql}
         ORDER BY ${text !== undefined ? "CASE WHEN p.name = ? COLLATE NOCASE THEN 0 WHEN p.name LIKE ? ESCAPE '\\' THEN 1 ELSE 2 END, " : ''}p.popularity DESC, p.id
         LIMIT ? OFFSET ?`,
      'pluck',
    ).all(...w.params, ...(text !== undefined ? [text, likePrefix(text)] : []), page.itemsPerPage, page.startIndex - 1) as number[];
    return { ids, total };
  }

  /** The only people facet is `role`: the roles of the matching people, most frequent first. */
  refinements(s: PersonSearch): FacetCounts<PersonFacet>[] {
    if (s.refine.length === 0) return [];
    if (s.term.kind === 'nothing') return [{ facet: 'role', values: [] }];
    const w = personWhere(s);
    const values = this.prepared(
      `SELECT r.role AS value, count(*) AS count FROM person_roles r WHERE r.person_id IN (SELECT p.id FROM people p WHERE ${w.sql})
         GROUP BY r.role ORDER BY count DESC, r.role`,
    ).all(...w.params) as Counted[];
    return [{ facet: 'role', values }];
  }

  /** The statement of `sql`, prepared once; `pluck` answers each row's first column alone. */
  private prepared(sql: string, pluck?: 'pluck'): Statement {
    return keptIn(this.statements, sql, () => this.db.prepare(sql).pluck(pluck !== undefined), MAX_STATEMENTS);
  }
}

function personWhere(s: PersonSearch): { sql: string; params: SqlValue[] } {
  const parts: string[] = [];
  const params: SqlValue[] = [];
  if (s.role) {
    parts.push('p.id IN (SELECT person_id FROM person_roles WHERE role = ?)');
    params.push(s.role);
  }
  if (s.term.kind === 'match') {
    parts.push('p.id IN (SELECT rowid FROM people_fts WHERE people_fts MATCH ?)');
    params.push(s.term.fts);
  }
  for (const f of s.filters) {
    parts.push(`p.id IN (SELECT person_id FROM person_roles WHERE role IN (${f.values.map(() => '?').join(', ')}))`);
    params.push(...f.values);
  }
  return { sql: parts.join(' AND ') || '1', params };
}
