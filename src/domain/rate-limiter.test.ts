import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITER_BOUNDS, RateLimiter } from './rate-limiter.js';

const DAY = 86_400_000;

describe('rate limiter', () => {
  it('is off with both limits at 0', () => {
    const r = new RateLimiter({ perSecond: 0, perDay: 0 });
    for (let i = 0; i < 1000; i++) expect(r.take('k', 0, 0).ok).toBe(true);
  });

  it('allows N requests per real second, then asks to retry after 1 s', () => {
    const r = new RateLimiter({ perSecond: 2, perDay: 0 });
    expect([r.take('k', 1000, 0), r.take('k', 1500, 0), r.take('k', 1999, 0)]).toEqual([
      { ok: true },
      { ok: true },
      { ok: false, limit: 'second', retryAfterSeconds: 1 },
    ]);
    expect(r.take('k', 2000, 0).ok).toBe(true);
  });

  it('counts each consumer on its own', () => {
    const r = new RateLimiter({ perSecond: 1, perDay: 0 });
    expect(r.take('a', 0, 0).ok).toBe(true);
    expect(r.take('b', 0, 0).ok).toBe(true);
    expect(r.take('a', 0, 0).ok).toBe(false);
  });

  it('allows N requests per simulator day, with Retry-After until the next midnight', () => {
    const r = new RateLimiter({ perSecond: 0, perDay: 2 });
    const noon = 10 * DAY + DAY / 2;
    r.take('k', 0, noon);
    r.take('k', 1, noon);
    expect(r.take('k', 2, noon)).toEqual({ ok: false, limit: 'day', retryAfterSeconds: 43_200 });
    expect(r.take('k', 3, 11 * DAY).ok).toBe(true);
  });

  it('refused requests do not count', () => {
    const r = new RateLimiter({ perSecond: 1, perDay: 2 });
    r.take('k', 0, 0);
    r.take('k', 10, 0); // refused: over the per-second limit
    expect(r.take('k', 1000, 0).ok).toBe(true);
  });
});

describe('rate limiter: what it remembers is bounded', () => {
  // The clock is the times each call is given: real milliseconds, then simulator milliseconds.
  it('forgets counts that hold nothing once their second is over (per-second limit only)', () => {
    const r = new RateLimiter({ perSecond: 1, perDay: 0 });
    for (let i = 0; i < 500; i++) r.take(`ci-run-${i}`, 200, 0);
    expect(r.held.keys).toBe(500);
    expect(r.take('ci-run-0', 999, 0).ok).toBe(false); // still held within its second
    expect(r.take('another', 1000, 0).ok).toBe(true);
    expect(r.held).toEqual({ keys: 1, bytes: 2 * 'another'.length + 96 });
  });

  it('keeps a count for its simulator day when days are limited, and forgets it once the day is over', () => {
    const r = new RateLimiter({ perSecond: 0, perDay: 2 });
    r.take('a', 0, DAY / 2);
    r.take('a', 1, DAY / 2);
    r.take('b', 2, DAY / 2);
    expect(r.take('c', 60_000, DAY / 2 + 60_000).ok).toBe(true); // a new second, the same day: all kept
    expect(r.held.keys).toBe(3);
    expect(r.take('a', 120_000, DAY / 2 + 120_000)).toMatchObject({ ok: false, limit: 'day' });
    expect(r.take('d', 180_000, DAY + 1).ok).toBe(true); // the next day: the others hold nothing
    expect(r.held.keys).toBe(1);
  });

  it('past its count bound forgets the counts held longest, and never refuses a consumer for room', () => {
    const r = new RateLimiter({ perSecond: 1, perDay: 0 }, { maxKeys: 3, maxBytes: RATE_LIMITER_BOUNDS.maxBytes });
    for (const key of ['k1', 'k2', 'k3', 'k4', 'k5']) expect(r.take(key, 0, 0).ok).toBe(true);
    expect(r.held.keys).toBe(3);
    expect(r.take('k5', 0, 0).ok).toBe(false); // the newest are still counted
    expect(r.take('k4', 0, 0).ok).toBe(false);
    expect(r.take('k1', 0, 0).ok).toBe(true); // forgotten: its allowance is back
  });

  it('past its byte bound forgets the counts held longest: long keys take the room of many short ones', () => {
    const r = new RateLimiter({ perSecond: 5, perDay: 0 }, { maxKeys: 1000, maxBytes: 4 * (2 * 10 + 96) });
    for (let i = 0; i < 4; i++) r.take(`short-key${i}`, 0, 0);
    expect(r.held.keys).toBe(4);
    r.take('x'.repeat(100), 0, 0);
    expect(r.held.keys).toBe(2); // 2 * 100 + 96 bytes needed the room of three short keys
    expect(r.held.bytes).toBeLessThanOrEqual(4 * (2 * 10 + 96));
  });

  it('stays within both bounds whatever keys arrive when, and counts the key it was just given (property)', () => {
    const bounds = { maxKeys: 20, maxBytes: 3000 };
    const step = fc.record({ key: fc.string({ minLength: 1, maxLength: 200 }), ms: fc.integer({ min: 0, max: 1500 }), days: fc.integer({ min: 0, max: 1 }) });
    fc.assert(
      fc.property(
        fc.constantFrom({ perSecond: 1, perDay: 0 }, { perSecond: 0, perDay: 1 }, { perSecond: 1, perDay: 3 }),
        fc.array(step, { maxLength: 200 }),
        (limits, steps) => {
          const r = new RateLimiter(limits, bounds);
          let real = 0;
          let sim = 0;
          for (const s of steps) {
            real += s.ms;
            sim += s.ms + s.days * DAY;
            const first = r.take(s.key, real, sim);
            expect(r.held.keys).toBeLessThanOrEqual(bounds.maxKeys);
            expect(r.held.bytes).toBeLessThanOrEqual(bounds.maxBytes);
            // Each set of limits allows one request at a time: a second at once is refused if the first was counted.
            if (first.ok) expect(r.take(s.key, real, sim).ok).toBe(false);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
