import type { Statement } from 'better-sqlite3';
import { likePrefix, type TermQuery } from '../domain/search-term.js';
import type { Db } from './catalog-db.js';
import { makeRoom } from '../domain/make-room.js';

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
 * Prepared statements keyed by their SQL, and the answers they gave. A search's SQL depends only on which
 * parameters were sent (not on their values), so the number of shapes is small. The catalogue never changes
 * within a scenario (and the simulator clock's day is a bound parameter), so an answer for the same SQL and
 * values is the same answer: repeated searches, the total of every page of one search and refinements over
 * a large catalogue are computed once. Both caches are bounded; the oldest entry goes first.
 */
export class StatementCache {
  private readonly statements = new Map<string, Statement>();
  private readonly answers = new Map<string, unknown>();

  constructor(
    private readonly db: Db,
    private readonly maxStatements = 500,
    private readonly maxAnswers = 2000,
  ) {}

  get(sql: string): Statement {
    let s = this.statements.get(sql);
    if (!s) {
      if (this.statements.size >= this.maxStatements) this.statements.clear();
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  /** All rows of a query, remembered. */
  all<T>(sql: string, params: readonly SqlValue[]): T[] {
    return this.remember(sql, params, () => this.get(sql).all(...params) as T[]);
  }

  /** The first row of a query, remembered. */
  first<T>(sql: string, params: readonly SqlValue[]): T {
    return this.remember(sql, params, () => this.get(sql).get(...params) as T);
  }

  private remember<T>(sql: string, params: readonly SqlValue[], run: () => T): T {
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    if (this.answers.has(key)) {
      const hit = this.answers.get(key) as T;
      // Refresh its place so frequently repeated searches stay.
      this.answers.delete(key);
      this.answers.set(key, hit);
      return hit;
    }
    const answer = run();
    makeRoom(this.answers, this.maxAnswers);
    this.answers.set(key, answer);
    return answer;
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
