import { ascendingDistinct } from './ascending-distinct.js';
import type { Db } from './db.js';
import { IndexData, writeIndexData } from './search-index-data.js';

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
  // A word appears once per place it occurs (column, offset): each title once.
  const byWord = db.prepare<[], [string, string]>('SELECT term, json_group_array(DISTINCT doc) FROM temp.title_words GROUP BY term').raw().all();
  db.exec('DROP TABLE temp.title_words');
  byWord.sort(([a], [b]) => (a < b ? -1 : 1));
  const starts = new Uint32Array(byWord.length + 1);
  const ids: number[] = [];
  byWord.forEach(([, titles], i) => {
    for (const id of (JSON.parse(titles) as number[]).sort((a, b) => a - b)) ids.push(id);
    starts[i + 1] = ids.length;
  });
  writeIndexData(db, 'terms', { words: JSON.stringify(byWord.map(([word]) => word)), starts, ids: Int32Array.from(ids) });
}

/** A word TermIndex answers: ASCII letters and digits, one token that FTS5's tokenizer only lower-cases. */
export function isIndexedWord(word: string): boolean {
  return /^[A-Za-z0-9]+$/.test(word);
}

/** Above idLimit / MARK_FROM ids, a union marks the ids (a pass over every id) rather than sorting them. */
const MARK_FROM = 32;

/** The term index of one catalogue (see writeTermIndex), read once. */
export class TermIndex extends IndexData {
  private readonly words = JSON.parse(this.text('terms.words')) as string[];
  private readonly starts = this.array('terms.starts', Uint32Array);
  private readonly ids = this.array('terms.ids', Int32Array);
  /** One past the largest id. */
  private readonly idLimit = this.ids.reduce((max, id) => Math.max(max, id), -1) + 1;

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
