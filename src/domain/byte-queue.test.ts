import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteQueue } from './byte-queue.js';

const MiB = 1 << 20;
const filled = (length: number, value: number) => new Uint8Array(length).fill(value);

describe('ByteQueue', () => {
  it('reads back what was pushed, as a copy of it', () => {
    const q = new ByteQueue();
    const source = Uint8Array.from([1, 2, 3]);
    const a = q.push(source);
    const b = q.push(Uint8Array.from([4, 5]));
    source[0] = 9;
    expect([...q.read(a, 3)]).toEqual([1, 2, 3]);
    expect([...q.read(b, 2)]).toEqual([4, 5]);
  });

  it('starts a new chunk when a record does not fit the last, and gives a chunk back once all its records are forgotten', () => {
    const q = new ByteQueue();
    const a = q.push(filled(MiB - 10, 1));
    const b = q.push(filled(20, 2)); // does not fit the first chunk's last 10 bytes
    expect(q.allocated).toBe(2 * MiB);
    q.forgetBefore(b);
    expect([...q.read(b, 20)]).toEqual(Array(20).fill(2));
    expect(() => q.read(a, 1)).toThrow(RangeError);
    // The first chunk is kept as the spare and used for the next chunk: no third allocation.
    expect(q.allocated).toBe(2 * MiB);
    q.push(filled(MiB - 30, 3));
    q.push(filled(100, 4));
    expect(q.allocated).toBe(2 * MiB);
  });

  it('a record larger than a chunk gets one of its own, which goes when forgotten', () => {
    const q = new ByteQueue();
    const big = q.push(filled(3 * MiB, 7));
    const after = q.push(filled(5, 8));
    expect(q.read(big, 3 * MiB).every((b) => b === 7)).toBe(true);
    q.forgetBefore(after);
    expect(q.allocated).toBe(MiB);
    expect([...q.read(after, 5)]).toEqual([8, 8, 8, 8, 8]);
  });

  it('clear forgets everything and keeps one chunk for what comes next', () => {
    const q = new ByteQueue();
    for (let i = 0; i < 3; i++) q.push(filled(MiB, i));
    q.clear();
    expect(q.allocated).toBe(MiB);
    const a = q.push(Uint8Array.from([42]));
    expect([...q.read(a, 1)]).toEqual([42]);
  });

  it('every record not yet forgotten reads back as pushed, and memory follows what is held (property)', () => {
    const record = fc.tuple(fc.integer({ min: 0, max: 600_000 }), fc.integer({ min: 0, max: 255 }));
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 8 }), (records, keep) => {
        const q = new ByteQueue();
        const held: Array<{ at: number; length: number; value: number }> = [];
        for (const [length, value] of records) {
          held.push({ at: q.push(filled(length, value)), length, value });
          if (held.length > keep) {
            held.shift();
            q.forgetBefore(held[0]!.at);
          }
        }
        for (const { at, length, value } of held) expect(q.read(at, length).every((b) => b === value)).toBe(true);
        const heldBytes = held.reduce((n, r) => n + r.length, 0);
        // Each held record's chunk, at most one chunk a record, plus the spare.
        expect(q.allocated).toBeLessThanOrEqual(heldBytes + (held.length + 1) * MiB);
      }),
      { numRuns: 60 },
    );
  });
});
