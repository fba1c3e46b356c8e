import { describe, expect, it } from 'vitest';
import { flattenRope } from './flatten-rope.js';

describe('flattenRope', () => {
  it.each([
    ['an empty string', ''],
    ['a rope of many pieces', Array.from({ length: 50 }, (_, i) => `<b>${i}</b>`).reduce((a, b) => a + b, '')],
    ['text outside ASCII', 'Amélie ☃ 𝄞'],
  ])('gives back %s unchanged', (_rule, s) => {
    expect(flattenRope(s)).toBe(s);
  });
});
