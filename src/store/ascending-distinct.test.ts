import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ascendingDistinct } from './ascending-distinct.js';

describe('ascendingDistinct', () => {
  it('gives each id once, ascending, whatever the lists hold (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: 0, max: 199 }), { maxLength: 60 }), { maxLength: 5 }), (lists) => {
        const expected = [...new Set(lists.flat())].sort((a, b) => a - b);
        expect([
          ...ascendingDistinct(
            lists.map((l) => Int32Array.from(l)),
            200,
          ),
        ]).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('answers an empty array for no ids, and keeps the first and last possible id', () => {
    expect(ascendingDistinct([], 10)).toEqual(new Int32Array(0));
    expect([...ascendingDistinct([Int32Array.of(9, 0, 9)], 10)]).toEqual([0, 9]);
  });
});
