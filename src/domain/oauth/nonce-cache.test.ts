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
