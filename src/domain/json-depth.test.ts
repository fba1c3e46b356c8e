import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-depth.js';

const nested = (levels: number, leaf: unknown = 1): unknown => {
  let v = leaf;
  for (let i = 0; i < levels; i++) v = i % 2 === 0 ? [v] : { a: v };
  return v;
};

describe('JSON nesting depth', () => {
  it.each([
    ['a scalar nests nothing', 1, 0, false],
    ['null nests nothing', null, 0, false],
    ['one object is one level', { a: 1 }, 1, false],
    ['one object is over a limit of 0', { a: 1 }, 0, true],
    ['three levels fit in three', nested(3), 3, false],
    ['four levels do not', nested(4), 3, true],
    ['the deepest branch counts, not the first', { a: 1, b: [[[1]]] }, 3, true],
  ])('%s', (_rule, value, max, deeper) => {
    expect(nestsDeeperThan(value, max)).toBe(deeper);
  });

  it('walks 200,000 levels without running out of stack', () => {
    expect(nestsDeeperThan(JSON.parse('['.repeat(200_000) + ']'.repeat(200_000)), 100)).toBe(true);
    expect(nestsDeeperThan(nested(100), 100)).toBe(false);
  });
});
