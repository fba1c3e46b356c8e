import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { FacetIndex, writeFacetIndex } from './facet-index.js';
import { CATALOG_SCHEMA } from './schema.js';

// A catalogue small enough to know every value id by hand. Title 4 is a disc of title 3, title 6 has no
// facet, and title 7, the largest id, has facets (the end of the packed lists). Rows go in out of id order
// and with 'drama' first, so an index that took the first spelling met instead of the binary minimum, or
// kept titles in insertion order, is seen.

// [id, parent]
const TITLES: Array<[number, number | null]> = [
  [1, null],
  [2, null],
  [3, null],
  [4, 3],
  [5, null],
  [6, null],
  [7, null],
];

// [title, facet, value]
const FACETS: Array<[number, string, string]> = [
  [7, 'genre', 'drama'],
  [1, 'genre', 'drama'],
  [4, 'genre', 'drama'],
  [5, 'genre', 'Drama'],
  [4, 'genre', 'Bonus'],
  [3, 'genre', 'Comedy'],
  [2, 'genre', 'Comedy'],
  [1, 'cast', 'anna'],
  [4, 'cast', 'anna'],
  [3, 'cast', 'Bob'],
  [2, 'cast', 'Bob'],
  [5, 'cast', 'Ågot'],
  [2, 'cast', 'émile zola'],
  [1, 'cast', 'Émile Zola'],
  [7, 'language', 'english'],
  [1, 'language', 'English'],
];

// Facets in binary order, values under NOCASE: 'anna' before 'Bob' (binary would swap them), and
// 'Émile Zola' / 'émile zola' two values, as NOCASE folds only A-Z.
const EXPECTED: Array<[facet: string, value: string, titles: number[]]> = [
  ['cast', 'anna', [1]],
  ['cast', 'Bob', [2, 3]],
  ['cast', 'Ågot', [5]],
  ['cast', 'Émile Zola', [1]],
  ['cast', 'émile zola', [2]],
  ['genre', 'Bonus', []],
  ['genre', 'Comedy', [2, 3]],
  ['genre', 'Drama', [1, 5, 7]],
  ['language', 'English', [1, 7]],
];

function facetIndex(): FacetIndex {
  const db = new Database(':memory:');
  db.exec(CATALOG_SCHEMA);
  const insertTitle = db.prepare(
    `INSERT INTO titles (id, kind, full_title, clean_title, can_rent, adult, format, cert_scheme, certificate, parent_id, base_ratings, data)
     VALUES (?, 'film', ?, ?, 1, 0, 'DVD', 'bbfc', 'U', ?, 0, '{}')`,
  );
  for (const [id, parent] of TITLES) insertTitle.run(id, `Title ${id}`, `title ${id}`, parent);
  const insertFacet = db.prepare('INSERT INTO title_facets (title_id, facet, value) VALUES (?, ?, ?)');
  for (const [title, facet, value] of FACETS) insertFacet.run(title, facet, value);
  writeFacetIndex(db);
  return new FacetIndex(db);
}

describe('FacetIndex', () => {
  const index = facetIndex();
  const idOf = (facet: string, value: string) => EXPECTED.findIndex(([f, v]) => f === facet && v === value);

  it('numbers the values from 0 by facet, then value under NOCASE, one id per NOCASE-equal value', () => {
    expect(index.size).toBe(EXPECTED.length);
    expect(EXPECTED.map(([facet, value]) => index.valueId(facet, value))).toEqual(EXPECTED.map((_, id) => id));
  });

  it("gives each facet's values one range of ids, [start, end)", () => {
    expect(index.range('cast')).toEqual({ start: 0, end: 5 });
    expect(index.range('genre')).toEqual({ start: 5, end: 8 });
    expect(index.range('language')).toEqual({ start: 8, end: 9 });
    for (const [id, [facet]] of EXPECTED.entries()) {
      const { start, end } = index.range(facet);
      expect(id >= start && id < end, `${id} in ${facet}`).toBe(true);
    }
  });

  it('gives a facet no title has an empty range', () => {
    const { start, end } = index.range('studio');
    expect(end - start).toBe(0);
  });

  it('finds a value in another ASCII case', () => {
    expect(index.valueId('genre', 'DRAMA')).toBe(idOf('genre', 'Drama'));
    expect(index.valueId('genre', 'drama')).toBe(idOf('genre', 'Drama'));
    expect(index.valueId('cast', 'BOB')).toBe(idOf('cast', 'Bob'));
    // Only A-Z fold: the accented letter must be the same.
    expect(index.valueId('cast', 'ÅGOT')).toBe(idOf('cast', 'Ågot'));
    expect(index.valueId('cast', 'ÉMILE ZOLA')).toBe(idOf('cast', 'Émile Zola'));
    expect(index.valueId('cast', 'éMILE ZOLA')).toBe(idOf('cast', 'émile zola'));
  });

  it('does not find a value in another case beyond A-Z, another facet, or a prefix', () => {
    expect(index.valueId('cast', 'ågot')).toBeUndefined();
    expect(index.valueId('cast', 'åGOT')).toBeUndefined();
    expect(index.valueId('language', 'Drama')).toBeUndefined();
    expect(index.valueId('genre', 'Dram')).toBeUndefined();
    expect(index.valueId('studio', 'Drama')).toBeUndefined();
  });

  it("shows each value's first spelling in binary order", () => {
    expect(EXPECTED.map((_, id) => index.shownValues([id])[0])).toEqual(EXPECTED.map(([, value]) => value));
    // Asked again (the memoised path), the same; several at once, in the order asked.
    expect(index.shownValues([idOf('genre', 'Drama')])).toEqual(['Drama']);
    const ids = EXPECTED.map((_, id) => id).reverse();
    expect(index.shownValues(ids)).toEqual(ids.map((id) => EXPECTED[id]![1]));
  });

  it('lists the listable titles of each value ascending, never a disc', () => {
    expect(EXPECTED.map((_, id) => [...index.titlesWith(id)])).toEqual(EXPECTED.map(([, , titles]) => titles));
  });

  it('countValues counts, per value, the titles asked that have it', () => {
    expect([...index.countValues(Int32Array.of(1))]).toEqual([1, 0, 0, 1, 0, 0, 0, 1, 1]);
    expect([...index.countValues(Int32Array.of(7, 1, 2))]).toEqual([1, 1, 0, 1, 1, 0, 1, 2, 2]);
    expect(index.countValues(Int32Array.of()).length).toBe(index.size);
  });

  it('countValues counts nothing for a disc, a title without facets or an id past the last', () => {
    expect([...index.countValues(Int32Array.of(4, 6, 0, 8, 1000))]).toEqual(new Array(index.size).fill(0));
  });

  it('countValues over every title counts what titlesWith lists, the inverse of each other', () => {
    const counts = index.countValues(Int32Array.from(TITLES, ([id]) => id));
    expect([...counts]).toEqual(EXPECTED.map(([, , titles]) => titles.length));
  });
});
