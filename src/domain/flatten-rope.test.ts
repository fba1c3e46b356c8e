import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
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

  // A rope of 200 pieces is some 400 heap objects; flattened, the rope node and one string of its text. Held
  // by thousands, as the title fragment cache holds them, that is several times the memory. Measured after
  // flattenRope() has run often enough for the optimising compiler to take it over: that compiler once dropped the
  // character read flattenRope() made, whose result went unused (src/domain/flatten-rope.ts).
  it('leaves the ropes it is given flat, hot or not', () => {
    const rope = (i: number) => {
      let s = '';
      for (let k = 0; k < 200; k++) s += `<a k="${k}">${i}</a>`;
      return s;
    };
    // As the title fragment cache calls it: in a loop, inlined there once that loop is compiled.
    const flatEach = (texts: string[]) => {
      for (const t of texts) flattenRope(t);
      return texts;
    };
    // When the compiler takes it over depends on timing: measured after each of several rounds of calls.
    const short = Array.from({ length: 10 }, (_, j) => `t${j}`);
    const asRopes = heapHeldBy(() => Array.from({ length: 500 }, (_, i) => rope(i)));
    const flattened: number[] = [];
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 10_000; i++) flatEach(short.map((t) => t + i));
      flattened.push(heapHeldBy(() => flatEach(Array.from({ length: 500 }, (_, i) => rope(i)))));
    }
    expect(Math.max(...flattened)).toBeLessThan(asRopes / 2);
  });
});

/** Bytes of heap what `make` returns holds, after a full garbage collection before and after. */
function heapHeldBy(make: () => unknown): number {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  const before = getHeapStatistics().used_heap_size;
  const held = make();
  gc();
  const after = getHeapStatistics().used_heap_size;
  expect(held).toBeDefined(); // keeps it alive until measured
  return after - before;
}
