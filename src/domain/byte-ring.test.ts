import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteRing } from './byte-ring.js';

const bytes = (...xs: number[]) => Uint8Array.from(xs);

describe('ByteRing', () => {
  it('reads back what was put', () => {
    const ring = new ByteRing(8);
    const a = ring.put(bytes(1, 2, 3));
    const b = ring.put(bytes(4, 5));
    expect([...ring.read(a, 3)!]).toEqual([1, 2, 3]);
    expect([...ring.read(b, 2)!]).toEqual([4, 5]);
  });

  it('starts again at the beginning when a write would not fit, and the bytes written over read as gone', () => {
    const ring = new ByteRing(8);
    const a = ring.put(bytes(1, 2, 3, 4, 5));
    const b = ring.put(bytes(6, 7, 8, 9)); // 3 bytes left: skips them, writes over a
    expect(ring.read(a, 5)).toBeUndefined();
    expect([...ring.read(b, 4)!]).toEqual([6, 7, 8, 9]);
    const c = ring.put(bytes(10, 11, 12, 13));
    expect([...ring.read(b, 4)!]).toEqual([6, 7, 8, 9]);
    expect([...ring.read(c, 4)!]).toEqual([10, 11, 12, 13]);
    ring.put(bytes(14));
    expect(ring.read(b, 4)).toBeUndefined();
  });

  it('refuses bytes larger than itself, and reads nothing never written', () => {
    const ring = new ByteRing(4);
    expect(() => ring.put(bytes(1, 2, 3, 4, 5))).toThrow(RangeError);
    expect(ring.read(0, 1)).toBeUndefined();
    const a = ring.put(bytes(1));
    expect(ring.read(a, 2)).toBeUndefined();
    ring.clear();
    expect(ring.read(a, 1)).toBeUndefined();
  });

  it('every read is what was put, or undefined once written over (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }), fc.array(fc.uint8Array({ maxLength: 64 })), (size, writes) => {
        const ring = new ByteRing(size);
        const kept: Array<{ at: number; data: Uint8Array }> = [];
        for (const w of writes) {
          const data = w.subarray(0, size);
          kept.push({ at: ring.put(data), data });
          // The newest write is always readable; an older one is readable exactly while its bytes are intact.
          expect([...ring.read(kept.at(-1)!.at, data.length)!]).toEqual([...data]);
          for (const k of kept) {
            const got = ring.read(k.at, k.data.length);
            if (got) expect([...got]).toEqual([...k.data]);
          }
        }
      }),
    );
  });

  it('a ring of (k + 1) * m bytes keeps the last k writes of at most m bytes each (what the journal sizes it by) (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 16 }), fc.integer({ min: 1, max: 8 }), fc.array(fc.nat(16), { maxLength: 80 }), (m, k, lengths) => {
        const ring = new ByteRing((k + 1) * m);
        const kept: Array<{ at: number; data: Uint8Array }> = [];
        lengths.forEach((n, i) => {
          const data = new Uint8Array(Math.min(n, m)).fill(i % 256);
          kept.push({ at: ring.put(data), data });
          for (const w of kept.slice(-k)) expect([...(ring.read(w.at, w.data.length) ?? [-1])]).toEqual([...w.data]);
        });
      }),
    );
  });
});
