import Database from 'better-sqlite3';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { wordAlternatives } from '../domain/search-term.js';
import { testWorld } from '../../test/support/world.js';
import type { Db } from './db.js';
import { CATALOG_SCHEMA } from './schema.js';
import { isIndexedWord, TermIndex, writeTermIndex } from './term-index.js';

// TermIndex answers a word's FTS5 prefix query from arrays. FTS5 itself is the oracle: for every prefix the
// index answers, the same ids as `"prefix"*` (and `"a"* OR "b"*` for a word's singular/plural).

function ftsIds(db: Db, prefixes: readonly string[]): number[] {
  const query = prefixes.map((p) => `"${p}"*`).join(' OR ');
  return db.prepare<[string], number>('SELECT rowid FROM titles_fts WHERE titles_fts MATCH ? ORDER BY rowid').pluck().all(query);
}

/** Every prefix of every word of the texts, lower-cased, that TermIndex answers. */
function prefixesOf(texts: readonly string[]): string[] {
  const words = texts.flatMap((t) => t.toLowerCase().split(/[^a-z0-9]+/)).filter((w) => w !== '');
  return [...new Set(words.flatMap((w) => Array.from({ length: w.length }, (_, n) => w.slice(0, n + 1))))];
}

describe('TermIndex, on titles its tokenizer folds', () => {
  // Diacritics (removed by the tokenizer), case, punctuation, digits, non-Latin scripts, and a disc (6 of
  // 5): FTS5 holds every row, and so does the index. Ids out of order, with gaps.
  const TITLES: Array<[number, string, string]> = [
    [9, 'Amélie', 'Amélie (2001)'],
    [2, 'Café Society', 'Café Society'],
    [14, 'THE END', 'The End: Director’s Cut'],
    [3, 'Theatre of Blood', 'Theatre of Blood'],
    [5, 'X-Men 2', 'X2: X-Men United'],
    [6, 'X-Men 2', 'X-Men 2: Disc 2'],
    [7, 'Ørsted’s Ærø', 'Ørsted’s Ærø'],
    [8, '東京 Story', 'Tokyo Story'],
    [11, "O'Brien's Fireflies", "O'Brien's Fireflies"],
    [12, 'Firefly', 'Firefly: The Series'],
    [4, 'Naïve Émile', 'NAÏVE ÉMILE'],
  ];
  let db: Db;
  let index: TermIndex;
  beforeAll(() => {
    db = new Database(':memory:');
    db.exec(CATALOG_SCHEMA);
    const insert = db.prepare('INSERT INTO titles_fts (rowid, clean_title, full_title) VALUES (?, ?, ?)');
    for (const row of TITLES) insert.run(...row);
    writeTermIndex(db);
    index = new TermIndex(db);
  });

  it('gives what FTS5 gives for every prefix of every word, and for letters no word starts with', () => {
    const prefixes = [...prefixesOf(TITLES.flatMap(([, clean, full]) => [clean, full])), 'q', 'zz', 'theatres', '0'];
    expect(prefixes.length).toBeGreaterThan(60);
    for (const p of prefixes) expect(Array.from(index.withPrefixes([p])), p).toEqual(ftsIds(db, [p]));
  });

  it('finds a title by its letters without diacritics, as FTS5 does', () => {
    expect(Array.from(index.withPrefixes(['amel']))).toEqual([9]);
    expect(Array.from(index.withPrefixes(['cafe']))).toEqual([2]);
    expect(Array.from(index.withPrefixes(['naive', 'emile']))).toEqual([4]);
  });

  it('unites a word and its singular or plural, each title once', () => {
    expect(Array.from(index.withPrefixes(wordAlternatives('fireflies')))).toEqual([11, 12]);
    expect(Array.from(index.withPrefixes(['x', 'x2', 'x']))).toEqual(ftsIds(db, ['x', 'x2']));
  });

  it('answers nothing for no prefix', () => {
    expect(Array.from(index.withPrefixes([]))).toEqual([]);
  });
});

describe('TermIndex on the default catalogue', () => {
  let db: Db;
  let index: TermIndex;
  let prefixes: string[];
  beforeAll(() => {
    db = testWorld('default').world.scenario.catalog.db;
    index = new TermIndex(db);
    prefixes = prefixesOf(db.prepare<[], string>('SELECT full_title FROM titles').pluck().all());
  });

  it('gives what FTS5 gives for any prefixes of the catalogue words, alone or united (property)', () => {
    expect(prefixes.length).toBeGreaterThan(500);
    // One letter unites thousands of ids (the marking union), longer prefixes a few (the sorting union).
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...prefixes), { minLength: 1, maxLength: 3 }), (ps) => {
        expect(Array.from(index.withPrefixes(ps))).toEqual(ftsIds(db, ps));
      }),
      { numRuns: 400 },
    );
    for (const p of prefixes.filter((q) => q.length <= 2)) expect(Array.from(index.withPrefixes([p])), p).toEqual(ftsIds(db, [p]));
  });
});

describe('isIndexedWord', () => {
  it.each([
    ['the', true],
    ['THE', true],
    ['x2', true],
    ['2001', true],
    ['amélie', false],
    ['東京', false],
    ['', false],
    ['o-brien', false],
  ])('%j: %s', (word, expected) => {
    expect(isIndexedWord(word)).toBe(expected);
  });
});
