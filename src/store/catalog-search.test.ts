import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_REFINEMENT_VALUES } from '../domain/search-facets.js';
import { mostFrequent } from './catalog-search.js';

/** What mostFrequent must answer, by the plain sort it avoids: the SQL search's `ORDER BY count DESC, value LIMIT 50`. */
function bySort(counts: Uint32Array, range: { start: number; end: number }): number[] {
  const ids: number[] = [];
  for (let v = range.start; v < range.end; v++) if (counts[v]! > 0) ids.push(v);
  return ids.sort((a, b) => counts[b]! - counts[a]! || a - b).slice(0, MAX_REFINEMENT_VALUES);
}

const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k);

describe('mostFrequent', () => {
  it('lists the ids most counted first, equal counts by smaller id, skipping ids counted 0', () => {
    const counts = Uint32Array.of(0, 3, 5, 3, 0, 5, 1, 2);
    expect(mostFrequent(counts, { start: 0, end: counts.length })).toEqual([2, 5, 1, 3, 7, 6]);
  });

  it('keeps to the range, its end excluded', () => {
    const counts = Uint32Array.of(9, 1, 2, 0, 3, 9, 9);
    expect(mostFrequent(counts, { start: 1, end: 5 })).toEqual([4, 2, 1]);
    expect(mostFrequent(counts, { start: 5, end: 6 })).toEqual([5]);
  });

  it('answers nothing for an empty range or a range of zeros', () => {
    const counts = Uint32Array.of(4, 0, 0, 4);
    expect(mostFrequent(counts, { start: 2, end: 2 })).toEqual([]);
    expect(mostFrequent(counts, { start: 1, end: 3 })).toEqual([]);
  });

  it(`answers at most ${MAX_REFINEMENT_VALUES}, the smallest ids among hundreds of equal counts`, () => {
    expect(MAX_REFINEMENT_VALUES).toBe(50);
    const counts = new Uint32Array(600).fill(7);
    expect(mostFrequent(counts, { start: 0, end: 600 })).toEqual(ids(0, 50));
    expect(mostFrequent(counts, { start: 100, end: 600 })).toEqual(ids(100, 150));
  });

  it('lets a later, larger count in ahead of a full list of ties, dropping its largest id', () => {
    const counts = new Uint32Array(400).fill(1);
    counts[350] = 2;
    counts[399] = 3;
    expect(mostFrequent(counts, { start: 0, end: 400 })).toEqual([399, 350, ...ids(0, 48)]);
  });

  it('keeps a larger count seen first when many smaller ones follow', () => {
    const counts = new Uint32Array(300).fill(1);
    counts[0] = 0;
    counts[1] = 5;
    expect(mostFrequent(counts, { start: 0, end: 300 })).toEqual([1, ...ids(2, 51)]);
  });

  it('answers what sorting by count descending, then id, answers', () => {
    const count = fc.oneof({ weight: 3, arbitrary: fc.nat({ max: 4 }) }, { weight: 1, arbitrary: fc.nat({ max: 1_000_000 }) });
    // size 'max': fast-check's default size keeps arrays short, and the list must often fill past 50.
    const input = fc
      .array(count, { maxLength: 400, size: 'max' })
      .chain((values) => fc.tuple(fc.constant(Uint32Array.from(values)), fc.nat({ max: values.length }), fc.nat({ max: values.length })))
      .map(([counts, a, b]) => ({ counts, range: { start: Math.min(a, b), end: Math.max(a, b) } }));
    fc.assert(
      fc.property(input, ({ counts, range }) => {
        expect(mostFrequent(counts, range)).toEqual(bySort(counts, range));
      }),
      { numRuns: 500 },
    );
  });
});
