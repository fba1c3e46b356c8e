import type { Statement } from 'better-sqlite3';
import { likePrefix, type TermQuery } from '../domain/search-term.js';
import type { Db } from './catalog-db.js';

export type SqlValue = string | number | null;

/** A WHERE clause built one condition at a time; every value is a bound parameter, never spliced into SQL. */
export class Where {
  private readonly parts: string[] = [];
  readonly params: SqlValue[] = [];

  add(condition: string, ...params: SqlValue[]): this {
    this.parts.push(condition);
    this.params.push(...params);
    return this;
  }

  /** `column IN (?, ?, ...)` for a list of values. */
  addIn(column: string, values: readonly SqlValue[]): this {
    return this.add(`${column} IN ${placeholders(values.length)}`, ...values);
  }

  get sql(): string {
    return this.parts.length === 0 ? '1' : this.parts.join(' AND ');
  }
}

/** `(?, ?, ...)` with n placeholders. */
export function placeholders(n: number): string {
  return `(${Array.from({ length: n }, () => '?').join(', ')})`;
}

/**
 * Prepared statements keyed by their SQL. A search's SQL depends only on which parameters were sent (not on
 * their values), so the number of shapes is small; the cache is still bounded.
 */
export class StatementCache {
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly db: Db, private readonly max = 500) {}

  get(sql: string): Statement {
    let s = this.statements.get(sql);
    if (!s) {
      if (this.statements.size >= this.max) this.statements.clear();
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }
}

export interface Counted {
  value: string;
  count: number;
}

/** Ids of one page of results and the number of all matches. */
export interface IdPage {
  ids: number[];
  total: number;
}

export interface FacetCounts<F extends string> {
  facet: F;
  values: Counted[];
}

/** ORDER BY prefix ranking how well a name matches the term (see CatalogSearch); empty without a term. */
export function termOrder(term: TermQuery, column: string): { sql: string; params: string[] } {
  if (term.kind !== 'match') return { sql: '', params: [] };
  return {
    sql: `CASE WHEN ${column} = ? COLLATE NOCASE THEN 0 WHEN ${column} LIKE ? ESCAPE '\\' THEN 1 ELSE 2 END, `,
    params: [term.text, likePrefix(term.text)],
  };
}

