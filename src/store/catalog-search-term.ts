import { foldAscii, wordAlternatives } from '../domain/search-term.js';
import type { TitleKind } from '../domain/types.js';
import type { Db } from './catalog-db.js';
import { kindMask, textHeadOf, type TitleRanks } from './catalog-search-ranks.js';
import { isIndexedWord, type TermIndex } from './term-index.js';

/** Orders remembered at once, and ids held by them all (4 bytes each). */
const MAX_ORDERS = 2000;
const MAX_HELD_IDS = 500_000;
/** Titles of one word remembered at once, and ids held by them all. */
const MAX_WORDS = 5000;
const MAX_WORD_IDS = 500_000;

/** A term's words, each with its FTS5 expression (parseTerm, search-term.ts), and its text. */
type MatchTerm = { groups: string[]; words: string[]; text: string };

/**
 * The titles matching a term in answer order: the matches are found once (ids only), and ordered by (tier,
 * rank) over TitleRanks (CatalogSearch): the clean title equal to the text, then starting with it, then the
 * rest, each most rated first. The text and titles are compared A-Z folded (foldAscii), as SQLite's NOCASE
 * and LIKE compare them.
 *
 * The term's FTS query is its words' groups ANDed (search-term.ts), so its matches are the intersection of
 * each group's matches. A word of ASCII letters and digits is matched from TermIndex (FTS5's own words, in
 * arrays); any other word by FTS5. A word's titles are kept (bounded): searches share words ("dark",
 * "night"), and a search of words matched before is an intersection of sorted lists.
 *
 * The whole order is remembered per term and kinds (bounded), so every page of a search and its total come
 * from one match.
 */
export class TermOrders {
  private readonly match;
  private readonly orders = new BoundedIds(MAX_ORDERS, MAX_HELD_IDS);
  private readonly words = new BoundedIds(MAX_WORDS, MAX_WORD_IDS);

  /** `indexes` reads the catalogue's indexes on first use (CatalogSearch). */
  constructor(
    db: Db,
    private readonly indexes: { ranks(): TitleRanks; terms(): TermIndex },
  ) {
    // One JSON array instead of a row per match: a third cheaper to read than plucking rows.
    this.match = db.prepare<[string], string>('SELECT json_group_array(rowid) FROM titles_fts WHERE titles_fts MATCH ?').pluck();
  }

  /** Ids of the titles of `kinds` matching the term, best match first. */
  ordered(term: MatchTerm, kinds: readonly TitleKind[]): Int32Array {
    const mask = kindMask(kinds);
    const key = `${mask}\u0000${term.groups.join('\u0000')}\u0000${term.text}`;
    return this.orders.get(key) ?? this.orders.set(key, tieredOrder(this.matches(term), this.indexes.ranks(), foldAscii(term.text), mask));
  }

  /**
   * Title ids matching every group, ascending: the intersection of each word's titles when every word is
   * indexed or was matched before; otherwise the whole query in FTS5, once (so a broad word like "the" is
   * never read whole by FTS5 just to be intersected with a narrow one).
   */
  private matches({ groups, words }: MatchTerm): Int32Array {
    const lists = groups.map((group, i) => this.words.get(group) ?? this.indexed(group, words[i]!));
    if (lists.every((ids) => ids !== undefined)) return lists.length === 1 ? lists[0]! : intersection(lists as Int32Array[]);
    if (groups.length === 1) return this.words.set(groups[0]!, this.matchAll(groups[0]!));
    return this.matchAll(groups.join(' AND '));
  }

  /** The titles of a word from TermIndex (its prefix and its singular or plural: parseTerm's group), kept. */
  private indexed(group: string, word: string): Int32Array | undefined {
    if (!isIndexedWord(word)) return undefined;
    return this.words.set(group, this.indexes.terms().withPrefixes(wordAlternatives(word.toLowerCase())));
  }

  /** Ids matching an FTS query, ascending (sorted here: an aggregate's order is not promised). */
  private matchAll(fts: string): Int32Array {
    return new Int32Array(JSON.parse(this.match.get(fts)!) as number[]).sort();
  }
}

/**
 * The titles `ids` (distinct) of the kinds of `mask` (0: every kind) in answer order: by tier (TitleRanks.tier), then by
 * rank. Few matches are sorted by the key tier * n + rank; many are placed by marking their ranks and reading
 * the ranks in order once, which costs the catalogue's size rather than a sort of 40,000 keys ("the").
 */
export function tieredOrder(ids: Int32Array, ranks: TitleRanks, foldedText: string, mask: number): Int32Array {
  return ids.length > ranks.size / MARK_FROM ? orderByMarks(ids, ranks, foldedText, mask) : orderBySort(ids, ranks, foldedText, mask);
}

/** Above size / MARK_FROM matches, marking ranks (a pass over every rank) is cheaper than sorting. */
const MARK_FROM = 64;

export function orderBySort(ids: Int32Array, ranks: TitleRanks, foldedText: string, mask: number): Int32Array {
  const n = ranks.size;
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

export function orderByMarks(ids: Int32Array, ranks: TitleRanks, foldedText: string, mask: number): Int32Array {
  const textHead = textHeadOf(foldedText);
  // 1 + the tier of each matching rank, 0 for the rest; and where each tier's titles start in the answer.
  const marks = new Uint8Array(ranks.size);
  const starts = [0, 0, 0, 0];
  for (let i = 0; i < ids.length; i++) {
    const rank = ranks.rankIf(ids[i]!, mask);
    if (rank < 0 || marks[rank] !== 0) continue;
    const tier = ranks.tier(rank, foldedText, textHead);
    marks[rank] = tier + 1;
    starts[tier + 1]!++;
  }
  starts[2]! += starts[1]!;
  starts[3]! += starts[2]!;
  const out = new Int32Array(starts[3]!);
  const { idAt } = ranks;
  for (let rank = 0; rank < marks.length; rank++) {
    const mark = marks[rank]!;
    if (mark !== 0) out[starts[mark - 1]!++] = idAt[rank]!;
  }
  return out;
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
