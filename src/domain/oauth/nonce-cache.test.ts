import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NonceCache, nonceKey } from './nonce-cache.js';

const NOW = 1_700_000_000;
const key = (nonce: string, timestamp = NOW, token?: string, consumerKey = 'ck') => nonceKey({ consumerKey, token, timestamp, nonce });
const cache = (maxEntries = 100) => new NonceCache({ windowSeconds: 300, maxEntries });

describe('nonceKey', () => {
  it.each([
    ['another nonce', key('b')],
    ['another timestamp', key('a', NOW + 1)],
    ['another token', key('a', NOW, 'tok')],
    ['another consumer', key('a', NOW, undefined, 'other')],
    ['separators inside values cannot collide', nonceKey({ consumerKey: 'ck","', timestamp: NOW, nonce: 'a' })],
    ['a consumer key that swallows the token', nonceKey({ consumerKey: 'ck0:', timestamp: NOW, nonce: 'a' })],
  ])('differs for %s', (_rule, other) => {
    expect(other).not.toBe(key('a'));
  });

  it('treats no token and the empty token alike', () => {
    expect(key('a', NOW, '')).toBe(key('a'));
  });
});

describe('NonceCache', () => {
  it('a remembered nonce is seen; a fresh one is not', () => {
    const c = cache();
    c.remember(key('a'), NOW, NOW);
    expect([c.seen(key('a')), c.seen(key('b'))]).toEqual([true, false]);
  });

  it.each([
    ['kept while its timestamp is inside the window', NOW + 300, true],
    ['forgotten once it falls out of the window', NOW + 301, false],
  ])('a nonce is %s', (_rule, later, stillSeen) => {
    const c = cache();
    c.remember(key('a'), NOW, NOW);
    c.prune(later);
    expect(c.seen(key('a'))).toBe(stillSeen);
  });

  it('remembering prunes what left the window', () => {
    const c = cache();
    c.remember(key('old', NOW - 400), NOW - 400, NOW - 400);
    c.remember(key('new'), NOW, NOW);
    expect([c.seen(key('old', NOW - 400)), c.size]).toEqual([false, 1]);
  });

  it('past its bound it forgets the oldest remembered first', () => {
    const c = cache(2);
    c.remember(key('a'), NOW, NOW);
    c.remember(key('b'), NOW, NOW);
    c.remember(key('c'), NOW, NOW);
    expect([c.seen(key('a')), c.seen(key('b')), c.seen(key('c')), c.size]).toEqual([false, true, true, 2]);
  });

  it('remembering the same key twice keeps one entry', () => {
    const c = cache();
    c.remember(key('a'), NOW, NOW);
    c.remember(key('a'), NOW, NOW);
    expect(c.size).toBe(1);
  });

  it('an evicted entry does not linger in pruning', () => {
    const c = cache(1);
    c.remember(key('a', NOW - 10), NOW - 10, NOW);
    c.remember(key('b'), NOW, NOW);
    c.prune(NOW + 295);
    expect([c.seen(key('b')), c.size]).toEqual([true, 1]);
  });

  it('clear forgets everything', () => {
    const c = cache();
    c.remember(key('a'), NOW, NOW);
    c.clear();
    expect([c.seen(key('a')), c.size]).toEqual([false, 0]);
  });
});

/** The cache as it was before it kept its seconds in order: walks every bucket on each prune. The new one must act the same. */
class ReferenceCache {
  private readonly entries = new Map<string, number>();
  private readonly buckets = new Map<number, Set<string>>();
  constructor(private readonly options: { windowSeconds: number; maxEntries: number }) {}
  get size() { return this.entries.size; }
  seen(key: string) { return this.entries.has(key); }
  remember(key: string, timestamp: number, nowSeconds: number) {
    this.prune(nowSeconds);
    if (this.entries.has(key)) return;
    this.entries.set(key, timestamp);
    let bucket = this.buckets.get(timestamp);
    if (!bucket) this.buckets.set(timestamp, (bucket = new Set()));
    bucket.add(key);
    while (this.entries.size > this.options.maxEntries) this.forget(this.entries.keys().next().value as string);
  }
  prune(nowSeconds: number) {
    const oldestKept = nowSeconds - this.options.windowSeconds;
    for (const [timestamp, keys] of this.buckets) {
      if (timestamp >= oldestKept) continue;
      for (const key of keys) this.entries.delete(key);
      this.buckets.delete(timestamp);
    }
  }
  clear() { this.entries.clear(); this.buckets.clear(); }
  private forget(key: string) {
    const timestamp = this.entries.get(key);
    this.entries.delete(key);
    if (timestamp === undefined) return;
    const bucket = this.buckets.get(timestamp);
    bucket?.delete(key);
    if (bucket?.size === 0) this.buckets.delete(timestamp);
  }
}

describe('NonceCache acts as the cache that walked every bucket', () => {
  type Op = { kind: 'remember'; nonce: number; ts: number; now: number } | { kind: 'prune'; now: number } | { kind: 'clear' };
  const op: fc.Arbitrary<Op> = fc.oneof(
    { weight: 12, arbitrary: fc.record({ kind: fc.constant('remember' as const), nonce: fc.nat(30), ts: fc.integer({ min: -40, max: 40 }), now: fc.integer({ min: -40, max: 60 }) }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('prune' as const), now: fc.integer({ min: -40, max: 80 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('clear' as const) }) },
  );

  it('on any sequence of remembers, prunes and clears (small window, small bound)', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 120 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 20 }), (ops, maxEntries, windowSeconds) => {
        const fresh = new NonceCache({ windowSeconds, maxEntries });
        const reference = new ReferenceCache({ windowSeconds, maxEntries });
        for (const o of ops) {
          if (o.kind === 'remember') {
            const k = key(`n${o.nonce}`, NOW + o.ts);
            fresh.remember(k, NOW + o.ts, NOW + o.now);
            reference.remember(k, NOW + o.ts, NOW + o.now);
          } else if (o.kind === 'prune') {
            fresh.prune(NOW + o.now);
            reference.prune(NOW + o.now);
          } else {
            fresh.clear();
            reference.clear();
          }
          expect(fresh.size).toBe(reference.size);
          for (let n = 0; n <= 30; n += 3) for (let ts = -40; ts <= 40; ts += 7) {
            expect(fresh.seen(key(`n${n}`, NOW + ts))).toBe(reference.seen(key(`n${n}`, NOW + ts)));
          }
        }
      }),
      { numRuns: 300, seed: 8 },
    );
  });

  it('past its bound, over many seconds, it keeps exactly the newest remembered', () => {
    const c = cache(1000);
    for (let i = 0; i < 5000; i++) c.remember(key(`n${i}`, NOW + Math.floor(i / 100)), NOW + Math.floor(i / 100), NOW + Math.floor(i / 100));
    const held = Array.from({ length: 5000 }, (_, i) => c.seen(key(`n${i}`, NOW + Math.floor(i / 100))));
    expect([c.size, held.indexOf(true), held.lastIndexOf(false)]).toEqual([1000, 4000, 3999]);
  });

  it('seconds remembered out of order leave the window in order', () => {
    const c = cache();
    for (const ts of [NOW + 5, NOW, NOW + 9, NOW + 2, NOW + 5]) c.remember(key(`at${ts}`, ts), ts, NOW);
    c.prune(NOW + 304);
    expect([NOW, NOW + 2, NOW + 5, NOW + 9].map((ts) => c.seen(key(`at${ts}`, ts)))).toEqual([false, false, true, true]);
  });
});
