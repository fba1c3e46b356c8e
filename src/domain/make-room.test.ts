import { describe, expect, it } from 'vitest';
import { makeRoom } from './make-room.js';

const mapOf = (n: number) => new Map<number, string>(Array.from({ length: n }, (_, i) => [i, `v${i}`] as const));

describe('makeRoom', () => {
  it.each([
    ['below the bound nothing goes', 5, 10, [0, 1, 2, 3, 4]],
    ['at the bound a tenth of it goes, oldest first', 10, 10, [1, 2, 3, 4, 5, 6, 7, 8, 9]],
    ['a bound of 20 drops the two oldest', 20, 20, Array.from({ length: 18 }, (_, i) => i + 2)],
    ['over the bound it comes back under it, oldest first', 15, 10, [6, 7, 8, 9, 10, 11, 12, 13, 14]],
    ['a bound of 1 empties the map', 1, 1, []],
  ])('%s', (_rule, size, max, kept) => {
    const map = mapOf(size);
    makeRoom(map, max);
    expect([...map.keys()]).toEqual(kept);
  });

  it('keeps a cache under its bound through any number of insertions, keeping the newest', () => {
    const map = new Map<number, number>();
    for (let i = 0; i < 10_000; i++) {
      makeRoom(map, 100);
      map.set(i, i);
      expect(map.size).toBeLessThanOrEqual(100);
    }
    expect(map.has(9_999)).toBe(true);
    expect(map.size).toBeGreaterThanOrEqual(90);
  });

  it('counts a re-inserted entry as new', () => {
    const map = mapOf(10);
    map.delete(0);
    map.set(0, 'again');
    makeRoom(map, 10);
    expect(map.has(0)).toBe(true);
    expect(map.has(1)).toBe(false);
  });
});
