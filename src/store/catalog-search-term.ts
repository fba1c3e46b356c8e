import { asciiFolded } from '../domain/search-term.js';
import type { TitleKind } from '../domain/types.js';
import type { Db } from './catalog-db.js';
import { kindMask, textHeadOf, type TitleRanks } from './catalog-search-ranks.js';

/** Orders remembered at once, and ids held by them all (4 bytes each). */
const MAX_ORDERS = 2000;
const MAX_HELD_IDS = 500_000;
/** Titles of one word remembered at once, and ids held by them all. */
const MAX_WORDS = 5000;
const MAX_WORD_IDS = 500_000;

/**
 * A term search without filters, ordered in JavaScript: the matches are read once (rowids only), and sorted
 * by (tier, rank) over TitleRanks, instead of SQLite reading every match's index row twice (once to count,
 * once to sort by tier and rating). The order is the SQL search's own (CatalogSearch): the clean title equal
 * to the text, then starting with it, then the rest, each most rated first.
 *
 * The term's FTS query is its words' groups ANDed (search-term.ts), so its matches are the intersection of
 * each group's matches. A one-word search keeps its titles (bounded): searches share words ("dark", "night"),
 * and a new search of words searched before is an intersection of sorted lists, not an FTS query.
 *
 * The whole order is remembered per term and kinds (bounded), so every page of a search and its total come
 * from one match. Texts whose tiers JavaScript cannot compare as SQLite does (search-term.ts, asciiFolded)
 * are left to the SQL search: `ordered` answers undefined.
 */
export class TermOrders {
  private readonly match;
  private readonly orders = new BoundedIds(MAX_ORDERS, MAX_HELD_IDS);
  private readonly words = new BoundedIds(MAX_WORDS, MAX_WORD_IDS);

  constructor(
    db: Db,
    private readonly ranks: () => TitleRanks,
  ) {
    // One JSON array instead of a row per match: a third cheaper to read than plucking rows.
    this.match = db.prepare<[string], string>('SELECT json_group_array(rowid) FROM titles_fts WHERE titles_fts MATCH ?').pluck();
  }

  /** Ids of the titles of `kinds` matching the term, best match first; undefined for a text left to SQL. */
  ordered(term: { groups: string[]; text: string }, kinds: readonly TitleKind[]): Int32Array | undefined {
    const folded = asciiFolded(term.text);
    if (folded === undefined) return undefined;
    const mask = kindMask(kinds);
    const key = `${mask}\u0000${term.groups.join('\u0000')}\u0000${term.text}`;
    return this.orders.get(key) ?? this.orders.set(key, this.order(term.groups, folded, mask));
  }

  private order(groups: string[], foldedText: string, mask: number): Int32Array {
    const ranks = this.ranks();
    const n = ranks.size;
    const ids = this.matches(groups);
    const textHead = textHeadOf(foldedText);
    // Sort keys tier * n + rank: one numeric sort of small integers gives tier first, then rank.
    const keys = new Int32Array(ids.length);
    let count = 0;
    for (let i = 0; i < ids.length; i++) {
      const rank = ranks.rankIf(ids[i]!, mask);
      if (rank >= 0) keys[count++] = ranks.tier(rank, foldedText, textHead) * n + rank;
    }
    const sorted = keys.subarray(0, count).sort();
    const out = new Int32Array(count);
    for (let i = 0; i < count; i++) out[i] = ranks.idAt[sorted[i]! % n]!;
    return out;
  }

  /**
   * Title ids matching every group, ascending. A one-word search is matched alone and kept; a search whose
   * words were all searched before intersects their lists; any other runs its whole query once (a broad
   * word like "the" is then never read whole just to be intersected with a narrow one).
   */
  private matches(groups: string[]): Int32Array {
    if (groups.length === 1) return this.words.get(groups[0]!) ?? this.words.set(groups[0]!, this.matchAll(groups[0]!));
    const known = groups.map((g) => this.words.get(g));
    if (known.every((ids) => ids !== undefined)) return intersection(known as Int32Array[]);
    return this.matchAll(groups.join(' AND '));
  }

  /** Ids matching an FTS query, ascending (sorted here: an aggregate's order is not promised). */
  private matchAll(fts: string): Int32Array {
    return new Int32Array(JSON.parse(this.match.get(fts)!) as number[]).sort();
  }
}

/** Ids in every list; each list sorted ascending. Walks the shortest, binary-searching the others. */
export function intersection(lists: readonly Int32Array[]): Int32Array {
  const [first, ...rest] = [...lists].sort((a, b) => a.length - b.length);
  if (!first) return new Int32Array(0);
  let acc = first;
  for (const other of rest) {
    const out = new Int32Array(acc.length);
    let k = 0;
    let lo = 0;
    for (const v of acc) {
      let hi = other.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (other[mid]! < v) lo = mid + 1;
        else hi = mid;
      }
      if (lo < other.length && other[lo] === v) out[k++] = v;
    }
    acc = out.subarray(0, k);
  }
  return acc;
}

/** Id lists by key, at most `maxEntries` of them holding at most `maxIds` ids together; oldest used out first. */
export class BoundedIds {
  private readonly entries = new Map<string, Int32Array>();
  private held = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxIds: number,
  ) {}

  get(key: string): Int32Array | undefined {
    const ids = this.entries.get(key);
    if (ids) {
      // Refresh its place so the lists in use stay.
      this.entries.delete(key);
      this.entries.set(key, ids);
    }
    return ids;
  }

  set(key: string, ids: Int32Array): Int32Array {
    this.held += ids.length - (this.entries.get(key)?.length ?? 0);
    this.entries.delete(key);
    this.entries.set(key, ids);
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.held <= this.maxIds) break;
      if (oldest === key) break;
      this.entries.delete(oldest);
      this.held -= old.length;
    }
    return ids;
  }
}
