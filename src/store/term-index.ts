import { ascendingDistinct } from './ascending-distinct.js';
import type { Db } from './db.js';
import { readIndexArray, readIndexText, writeIndexData } from './search-index-data.js';

/**
 * The words of the titles' full-text index (titles_fts) as it holds them, each with the ids of the titles
 * that have it: the index FTS5 keeps, in arrays (decision 0031). A prefix search is then a binary search
 * and a union of a few lists, where FTS5 decoded every match's position list: "the*" (40,000 titles on the
 * large catalogue) costs a fraction of what it did in SQLite (decision 0031).
 *
 * The words come from FTS5's own vocabulary table, so they are its tokenizer's output (lower-cased,
 * diacritics removed) and nothing is tokenized twice. Written with the catalogue snapshot (catalog-db.ts):
 * `terms.words` (JSON, in JavaScript's string order), `terms.starts` and `terms.ids` (each word's titles,
 * ascending, one list after another).
 */
export function writeTermIndex(db: Db): void {
  db.exec('CREATE VIRTUAL TABLE temp.title_words USING fts5vocab(main, titles_fts, instance)');
  const byWord = new Map<string, number[]>();
  for (const [word, id] of db.prepare<[], [string, number]>('SELECT term, doc FROM temp.title_words').raw().iterate()) {
    const ids = byWord.get(word);
    if (ids) ids.push(id);
    else byWord.set(word, [id]);
  }
  db.exec('DROP TABLE temp.title_words');
  const words = [...byWord.keys()].sort();
  const starts = new Uint32Array(words.length + 1);
  const ids: number[] = [];
  words.forEach((word, i) => {
    // A word appears once per place it occurs (column, offset): each title once, ascending.
    const titles = [...new Set(byWord.get(word))].sort((a, b) => a - b);
    for (const id of titles) ids.push(id);
    starts[i + 1] = ids.length;
  });
  writeIndexData(db, 'terms.words', JSON.stringify(words));
  writeIndexData(db, 'terms.starts', starts);
  writeIndexData(db, 'terms.ids', Int32Array.from(ids));
}

/** A word TermIndex answers: ASCII letters and digits, one token that FTS5's tokenizer only lower-cases. */
export function isIndexedWord(word: string): boolean {
  return /^[A-Za-z0-9]+$/.test(word);
}

/** Above idLimit / MARK_FROM ids, a union marks the ids (a pass over every id) rather than sorting them. */
const MARK_FROM = 32;

/** The term index of one catalogue (see writeTermIndex), read once. */
export class TermIndex {
  private readonly words: string[];
  private readonly starts: Uint32Array;
  private readonly ids: Int32Array;
  /** One past the largest id. */
  private readonly idLimit: number;

  constructor(db: Db) {
    this.words = JSON.parse(readIndexText(db, 'terms.words')) as string[];
    this.starts = readIndexArray(db, 'terms.starts', Uint32Array);
    this.ids = readIndexArray(db, 'terms.ids', Int32Array);
    this.idLimit = this.ids.reduce((max, id) => Math.max(max, id), -1) + 1;
  }

  /**
   * Ids of the titles (discs too, as titles_fts holds them) with a word starting with any of `prefixes`,
   * ascending: FTS5's `"p1"* OR "p2"*`. Each prefix must be lower-case ASCII letters and digits (isIndexedWord).
   */
  withPrefixes(prefixes: readonly string[]): Int32Array {
    const ranges = prefixes.map((p) => this.wordsStartingWith(p)).filter((r) => r.end > r.start);
    if (ranges.length === 0) return new Int32Array(0);
    const [only] = ranges;
    if (ranges.length === 1 && only!.end - only!.start === 1) return this.listOf(only!).slice();
    const total = ranges.reduce((n, r) => n + this.starts[r.end]! - this.starts[r.start]!, 0);
    const lists = ranges.map((r) => this.listOf(r));
    return total > this.idLimit / MARK_FROM ? ascendingDistinct(lists, this.idLimit) : unionBySort(lists, total);
  }

  /** The words starting with `prefix`: [start, end) in `words`, found by binary search. */
  private wordsStartingWith(prefix: string): { start: number; end: number } {
    let lo = 0;
    let hi = this.words.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.words[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    let end = lo;
    while (end < this.words.length && this.words[end]!.startsWith(prefix)) end++;
    return { start: lo, end };
  }

  /** The titles of the words [start, end), one word's ascending list after another. */
  private listOf(r: { start: number; end: number }): Int32Array {
    return this.ids.subarray(this.starts[r.start], this.starts[r.end]);
  }
}

/** The distinct ids of `lists` (`total` in all), ascending, by one sort. */
function unionBySort(lists: readonly Int32Array[], total: number): Int32Array {
  const all = new Int32Array(total);
  let n = 0;
  for (const list of lists) {
    all.set(list, n);
    n += list.length;
  }
  all.sort();
  let kept = 0;
  for (let i = 0; i < all.length; i++) if (kept === 0 || all[i] !== all[kept - 1]) all[kept++] = all[i]!;
  return all.slice(0, kept);
}
