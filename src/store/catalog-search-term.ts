import { asciiFolded, matchTier } from '../domain/search-term.js';
import type { TitleKind } from '../domain/types.js';
import type { Db } from './catalog-db.js';
import { kindMask, TitleRanks } from './catalog-search-ranks.js';

/** Orders remembered at once, and ids held by them all (4 bytes each). */
const MAX_ORDERS = 2000;
const MAX_HELD_IDS = 500_000;

/**
 * A term search without filters, ordered in JavaScript: the FTS match is read once (its rowids only), and
 * the matches are sorted by (tier, rank) over TitleRanks, instead of SQLite reading every match's index row
 * twice (once to count, once to sort by tier and rating). The order is the SQL search's own (CatalogSearch):
 * the clean title equal to the text, then starting with it, then the rest, each most rated first.
 *
 * The whole order is remembered per term and kinds (bounded), so every page of a search and its total come
 * from one match. Texts whose tiers JavaScript cannot compare as SQLite does (search-term.ts, asciiFolded)
 * are left to the SQL search: `ordered` answers undefined.
 */
export class TermOrders {
  private ranksMemo?: TitleRanks;
  private readonly match;
  private readonly orders = new Map<string, Int32Array>();
  private held = 0;

  constructor(private readonly db: Db) {
    this.match = db.prepare<[string], number>('SELECT rowid FROM titles_fts WHERE titles_fts MATCH ?').pluck();
  }

  private get ranks(): TitleRanks {
    return (this.ranksMemo ??= new TitleRanks(this.db));
  }

  /** Ids of the titles of `kinds` matching the term, best match first; undefined for a text left to SQL. */
  ordered(term: { fts: string; text: string }, kinds: readonly TitleKind[]): Int32Array | undefined {
    const folded = asciiFolded(term.text);
    if (folded === undefined) return undefined;
    const mask = kindMask(kinds);
    const key = `${mask}\u0000${term.fts}\u0000${term.text}`;
    let order = this.orders.get(key);
    if (order) {
      // Refresh its place so the pages of a search being read stay.
      this.orders.delete(key);
    } else {
      order = this.order(term.fts, folded, mask);
      this.held += order.length;
      while (this.orders.size > 0 && (this.orders.size >= MAX_ORDERS || this.held > MAX_HELD_IDS)) {
        const [oldest, ids] = this.orders.entries().next().value!;
        this.orders.delete(oldest);
        this.held -= ids.length;
      }
    }
    this.orders.set(key, order);
    return order;
  }

  private order(fts: string, foldedText: string, mask: number): Int32Array {
    const ranks = this.ranks;
    const n = ranks.size;
    const rowids = this.match.all(fts);
    // Sort keys tier * n + rank: one numeric sort of small integers gives tier first, then rank.
    const keys = new Int32Array(rowids.length);
    let count = 0;
    for (const id of rowids) {
      const rank = ranks.rankIf(id, mask);
      if (rank >= 0) keys[count++] = matchTier(ranks.foldedTitleAt[rank]!, foldedText) * n + rank;
    }
    const sorted = keys.subarray(0, count).sort();
    const ids = new Int32Array(count);
    for (let i = 0; i < count; i++) ids[i] = ranks.idAt[sorted[i]! % n]!;
    return ids;
  }
}
