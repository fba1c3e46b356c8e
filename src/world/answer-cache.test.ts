import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.js';

/** Computes `key` at `version` as sendRememberedXml in src/http/send-xml.ts does: asks, and on a miss sets what it made. */
function ask(cache: AnswerCache, key: string, version: number, value: string, bytes = value.length): unknown {
  const hit = cache.get(key, version);
  if (hit !== undefined) return hit;
  cache.set(key, version, value, bytes);
  return value;
}

describe('answer cache: what it keeps', () => {
  it('keeps a value the second time its key is computed, not the first', () => {
    const cache = new AnswerCache();
    cache.set('search a', 1, 'first render', 12);
    expect(cache.get('search a', 1)).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.set('search a', 1, 'second render', 13);
    expect(cache.get('search a', 1)).toBe('second render');
    expect(cache.size).toBe(1);
  });

  it('answers a held key only at the data version it was computed at', () => {
    const cache = new AnswerCache();
    ask(cache, 'queue', 7, 'v7');
    ask(cache, 'queue', 7, 'v7');
    expect(cache.get('queue', 7)).toBe('v7');
    expect(cache.get('queue', 8)).toBeUndefined();
  });

  it('a held key computed at a new version is kept at once, in place of the old value', () => {
    const cache = new AnswerCache();
    ask(cache, 'queue', 1, 'old');
    ask(cache, 'queue', 1, 'old');
    ask(cache, 'queue', 2, 'new');
    expect(cache.get('queue', 2)).toBe('new');
    expect(cache.get('queue', 1)).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('a key asked before, whose value was dropped for room, is kept again on its next computation', () => {
    const cache = new AnswerCache(10);
    ask(cache, 'a', 1, 'aaaaaa');
    ask(cache, 'a', 1, 'aaaaaa');
    ask(cache, 'b', 1, 'bbbbbb');
    ask(cache, 'b', 1, 'bbbbbb'); // 12 bytes over 10: a goes
    expect(cache.get('a', 1)).toBeUndefined();
    ask(cache, 'a', 1, 'aaaaaa'); // b goes in turn
    expect(cache.get('a', 1)).toBe('aaaaaa');
    expect(cache.get('b', 1)).toBeUndefined();
  });

  it('over its bytes, the least recently used go first', () => {
    const cache = new AnswerCache(30);
    for (const key of ['a', 'b', 'c']) {
      ask(cache, key, 1, key.repeat(10));
      ask(cache, key, 1, key.repeat(10));
    }
    cache.get('a', 1); // b is now the least recently used
    ask(cache, 'd', 1, 'd'.repeat(10));
    ask(cache, 'd', 1, 'd'.repeat(10));
    expect(['a', 'b', 'c', 'd'].map((k) => cache.get(k, 1) !== undefined)).toEqual([true, false, true, true]);
  });

  it('never answers a value of another key or version, and never holds more bytes than its limit', () => {
    const op = fc.record({
      key: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
      version: fc.integer({ min: 1, max: 3 }),
      bytes: fc.integer({ min: 1, max: 40 }),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const cache = new AnswerCache(100);
        let serial = 0;
        const made = new Map<string, string>();
        const bytesOf = new Map<string, number>();
        for (const { key, version, bytes } of ops) {
          const value = `${key}@${version}#${serial++}`;
          const got = cache.get(key, version);
          if (got !== undefined) {
            expect(got).toBe(made.get(`${key}@${version}`));
            continue;
          }
          made.set(`${key}@${version}`, value);
          bytesOf.set(`${key}@${version}`, bytes);
          cache.set(key, version, value, bytes);
        }
        // What is held (a key holds one version at a time), at the bytes it was set with.
        const held = [...bytesOf].filter(([kv]) => cache.get(kv.split('@')[0]!, Number(kv.split('@')[1])) !== undefined);
        expect(held.reduce((sum, [, bytes]) => sum + bytes, 0)).toBeLessThanOrEqual(100);
      }),
    );
  });
});
