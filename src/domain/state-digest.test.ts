import { describe, expect, it } from 'vitest';
import { DIGEST_MODULUS, rowDigest, setDigest, withRow } from './state-digest.js';

const A = ['queue_items', 10, 1001, 2, 7, 0];
const B = ['queue_items', 20, 1001, 2, 8, 0];
const C = ['queue_discs', 10, 13, 1];

describe('rowDigest', () => {
  it('is an integer below 2^52, the same for the same values', () => {
    const d = rowDigest(A);
    expect(Number.isSafeInteger(d)).toBe(true);
    expect(d).toBeGreaterThanOrEqual(0);
    expect(d).toBeLessThan(DIGEST_MODULUS);
    expect(rowDigest([...A])).toBe(d);
  });

  it.each([
    ['another value', A, ['queue_items', 10, 1001, 3, 7, 0]],
    ['the same values in another order (a swapped priority and seq)', A, ['queue_items', 10, 1001, 7, 2, 0]],
    ['another table', ['queue_items', 10, 13, 1], C],
  ])('differs for %s', (_rule, a, b) => {
    expect(rowDigest(a)).not.toBe(rowDigest(b));
  });
});

describe('setDigest and withRow', () => {
  it.each([
    ['the empty set is 0', [], 0],
    ['one row is its row digest', [A], rowDigest(A)],
  ])('%s', (_rule, rows, expected) => {
    expect(setDigest(rows)).toBe(expected);
  });

  it('depends on which rows are there, not on the order they came in', () => {
    expect(setDigest([A, B, C])).toBe(setDigest([C, A, B]));
    expect(setDigest([A, B, C])).not.toBe(setDigest([A, B]));
  });

  it.each([
    [
      'discs moved up one position',
      [
        ['queue_discs', 10, 13, 3],
        ['queue_discs', 10, 14, 4],
      ],
      [
        ['queue_discs', 10, 13, 2],
        ['queue_discs', 10, 14, 3],
      ],
    ],
    [
      'seqs moved on by one',
      [
        ['queue_items', 1, 1001, 2, 8, 0],
        ['queue_items', 2, 1001, 2, 9, 0],
      ],
      [
        ['queue_items', 1, 1001, 2, 9, 0],
        ['queue_items', 2, 1001, 2, 10, 0],
      ],
    ],
    [
      'priorities traded between items',
      [
        ['queue_items', 1, 1001, 1, 8, 0],
        ['queue_items', 2, 1001, 3, 9, 0],
      ],
      [
        ['queue_items', 1, 1001, 3, 8, 0],
        ['queue_items', 2, 1001, 1, 9, 0],
      ],
    ],
    [
      'three priorities turned round (titles in arithmetic progression)',
      [
        ['queue_items', 10, 1001, 1, 1, 0],
        ['queue_items', 20, 1001, 2, 2, 0],
        ['queue_items', 15, 1001, 3, 3, 0],
      ],
      [
        ['queue_items', 10, 1001, 2, 1, 0],
        ['queue_items', 20, 1001, 3, 2, 0],
        ['queue_items', 15, 1001, 1, 3, 0],
      ],
    ],
  ])('differs for sets that differ in a regular way: %s', (_rule, a, b) => {
    expect(setDigest(a)).not.toBe(setDigest(b));
  });

  it('removing a row undoes adding it, whatever came between', () => {
    const before = setDigest([A, C]);
    const added = withRow(withRow(before, rowDigest(B), 1), rowDigest(['queue_discs', 20, 14, 1]), 1);
    const undone = withRow(withRow(added, rowDigest(B), -1), rowDigest(['queue_discs', 20, 14, 1]), -1);
    expect(undone).toBe(before);
    expect(withRow(rowDigest(A), rowDigest(A), -1)).toBe(0);
  });

  it('stays an exact integer below 2^52 near the modulus', () => {
    const d = withRow(DIGEST_MODULUS - 1, DIGEST_MODULUS - 1, 1);
    expect(d).toBe(DIGEST_MODULUS - 2);
  });
});
