import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter.js';

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
