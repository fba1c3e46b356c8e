import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_NONCE_BYTES, NonceStore, nonceBytes, nonceKey } from './nonce-store.js';

const NOW = 1_700_000_000;
const WINDOW = 300;
const key = (nonce: string, timestamp = NOW, token?: string, consumerKey = 'ck') => nonceKey({ consumerKey, token, timestamp, nonce });
const store = (maxBytes = 1 << 20) => new NonceStore({ maxBytes, seed: 7 });
/** Uses a nonce sent at `timestamp`, `now` seconds later, with the window the world would pass. */
const use = (s: NonceStore, nonce: string, timestamp = NOW, now = timestamp) => s.use(key(nonce, timestamp), timestamp + WINDOW, now);

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

describe('nonceBytes', () => {
  it.each([
    ['ASCII counts a byte a character', 'a'.repeat(MAX_NONCE_BYTES + 1), MAX_NONCE_BYTES + 1],
    ['short strings are counted by length', 'abc', 3],
    ['non-ASCII counts its UTF-8 bytes', 'é'.repeat(100), 200],
    ['a character outside the BMP is four bytes', '😀'.repeat(70), 280],
  ])('%s', (_rule, nonce, bytes) => {
    expect(nonceBytes(nonce)).toBe(bytes);
  });
});

describe('NonceStore', () => {
  it('a used nonce is a replay; a fresh one is taken', () => {
    const s = store();
    expect(use(s, 'a')).toEqual({ ok: true });
    expect(use(s, 'a')).toEqual({ ok: false, why: 'used' });
    expect(use(s, 'b')).toEqual({ ok: true });
    expect([s.seen(key('a'), NOW), s.seen(key('c'), NOW)]).toEqual([true, false]);
  });

  it.each([
    ['refused while its timestamp is inside the window', NOW + WINDOW, 'used'],
    ['forgotten once it is outside (the timestamp check refuses it then)', NOW + WINDOW + 1, true],
  ])('a nonce is %s', (_rule, later, outcome) => {
    const s = store();
    use(s, 'a');
    const again = use(s, 'a', NOW, later);
    expect(again.ok === true ? true : again.why).toBe(outcome);
  });

  it('a nonce sent with a timestamp ahead of the clock is kept until that timestamp leaves the window', () => {
    const s = store();
    use(s, 'a', NOW + WINDOW, NOW);
    expect(use(s, 'a', NOW + WINDOW, NOW + 2 * WINDOW)).toEqual({ ok: false, why: 'used' });
  });

  it('no amount of other nonces pushes one out while it is inside its window', () => {
    const s = store(8 << 20);
    use(s, 'captured');
    let taken = 0;
    for (let i = 0; i < 200_000; i++) if (use(s, `n${i}`).ok) taken++;
    expect(taken).toBe(200_000);
    expect(use(s, 'captured')).toEqual({ ok: false, why: 'used' });
    let seen = 0;
    for (let i = 0; i < 200_000; i++) if (s.seen(key(`n${i}`), NOW)) seen++;
    expect(seen).toBe(200_000);
  });

  it('memory stays within maxBytes: a full store refuses new nonces, and names when the oldest leaves its window', () => {
    const s = store(12 * 2048); // 2048 slots: room for 1024 nonces
    expect(s.capacity).toBe(1024);
    let taken = 0;
    while (use(s, `n${taken}`).ok) taken++;
    expect(taken).toBeGreaterThanOrEqual(1024);
    expect(s.bytes).toBeLessThanOrEqual(12 * 2048);
    expect(use(s, 'one-more')).toEqual({ ok: false, why: 'full', retryAfterSeconds: WINDOW + 1 });
    expect(use(s, 'n0')).toEqual({ ok: false, why: 'used' }); // a replay is still a replay
    expect(use(s, 'one-more', NOW + 100, NOW + 100)).toMatchObject({ ok: false, why: 'full', retryAfterSeconds: WINDOW - 99 });
    expect(use(s, 'later', NOW + WINDOW + 1, NOW + WINDOW + 1)).toEqual({ ok: true });
  });

  it('nonces that left their window make room again, and the table shrinks back after a burst', () => {
    const s = store(12 * 2048);
    for (let i = 0; i < 1000; i++) expect(use(s, `burst${i}`).ok).toBe(true);
    const later = NOW + 2 * WINDOW;
    for (let i = 0; i < 5000; i++) expect(use(s, `steady${i}`, later + i, later + i).ok).toBe(true);
    expect(s.bytes).toBeLessThanOrEqual(12 * 2048);
  });

  it('a hundred thousand nonces differing in one character never collide', () => {
    const s = store(8 << 20);
    let taken = 0;
    for (let i = 0; i < 100_000; i++) if (use(s, `6f1c2a${i.toString(36)}`).ok) taken++;
    expect(taken).toBe(100_000);
  });

  it('acts as a map of every nonce to its expiry, on any sequence of uses', () => {
    const op = fc.record({ nonce: fc.nat(40), ts: fc.integer({ min: -20, max: 20 }), now: fc.integer({ min: 0, max: 30 }) });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), fc.integer({ min: 0, max: 12 }), fc.constantFrom(12 * 16, 12 * 64, 12 * 4096), (ops, window, maxBytes) => {
        const s = new NonceStore({ maxBytes, seed: 3 });
        const reference = new Map<string, number>();
        let clock = NOW;
        for (const o of ops) {
          clock = Math.max(clock, NOW + o.now); // real time runs one way
          const k = key(`n${o.nonce}`, NOW + o.ts);
          const expires = NOW + o.ts + window;
          const held = reference.get(k);
          const got = s.use(k, expires, clock);
          if (held !== undefined && held >= clock) {
            expect(got).toEqual({ ok: false, why: 'used' });
          } else if (got.ok) {
            reference.set(k, expires);
          } else {
            // Refused only when full: more nonces in their window than the capacity.
            expect(got.why).toBe('full');
            expect([...reference.values()].filter((e) => e >= clock).length).toBeGreaterThanOrEqual(s.capacity);
          }
          for (const [other, e] of reference) expect(s.seen(other, clock)).toBe(e >= clock);
        }
      }),
      { numRuns: 300, seed: 14 },
    );
  });
});
