import { describe, expect, it } from 'vitest';
import { binOf, titleStats } from './title-stats.js';

describe('title statistics', () => {
  it.each([
    ['a rating of 0 counts as half a star', 0, 0],
    ['half a star is the first bin', 0.5, 0],
    ['five stars is the last bin', 5, 9],
    ['3.2 rounds to the 3 star bin', 3.2, 5],
    ['3.3 rounds to the 3.5 star bin', 3.3, 6],
  ])('%s', (_name, rating, bin) => {
    expect(binOf(rating)).toBe(bin);
  });

  it('number_of_ratings is the sum of the bins', () => {
    expect(titleStats([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]).numberOfRatings).toBe(55);
  });

  it('the average is the bin-weighted mean rounded to the nearest half', () => {
    // 2 ratings of 4 and 1 of 5: mean 4.33 -> 4.5
    expect(titleStats([0, 0, 0, 0, 0, 0, 0, 2, 0, 1]).average).toBe(4.5);
    // 1 of 1, 1 of 2: mean 1.5
    expect(titleStats([0, 1, 0, 1, 0, 0, 0, 0, 0, 0]).average).toBe(1.5);
  });

  it('a title nobody rated has no average', () => {
    expect(titleStats(new Array(10).fill(0)).average).toBeUndefined();
  });

  it("users' ratings add to the catalogue's histogram", () => {
    const s = titleStats(new Array(10).fill(0), [5, 5, 1]);
    expect(s.histogram[9]).toBe(2);
    expect(s.histogram[1]).toBe(1);
    expect(s.numberOfRatings).toBe(3);
  });
});
