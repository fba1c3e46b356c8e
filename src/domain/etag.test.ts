import { describe, expect, it } from 'vitest';
import { etagOf, ifMatchHolds, ifNoneMatchHits } from './etag.js';

describe('etagOf', () => {
  it('is a quoted hex tag, the same for the same state', () => {
    expect(etagOf('a|1')).toMatch(/^"[0-9a-f]{16}"$/);
    expect(etagOf('a|1')).toBe(etagOf('a|1'));
  });
  it.each([
    ['a|1', 'a|2'],
    ['', ' '],
    ['1001:5:2:7', '1001:5:2:8'],
  ])('differs for different states %j and %j', (a, b) => {
    expect(etagOf(a)).not.toBe(etagOf(b));
  });
});

const CURRENT = '"abc"';

describe('If-Match (strong comparison)', () => {
  it.each<[string, string | undefined, boolean]>([
    ['no header lets the write through', undefined, true],
    ['the current tag matches', '"abc"', true],
    ['a stale tag fails', '"old"', false],
    ['a list holding the current tag matches', '"old", "abc"', true],
    ['* matches', '*', true],
    ['a weak tag never matches', 'W/"abc"', false],
    ['an unquoted tag is not a tag', 'abc', false],
    ['an empty header matches nothing', '', false],
  ])('%s', (_rule, header, expected) => expect(ifMatchHolds(header, CURRENT)).toBe(expected));
});

describe('If-None-Match (weak comparison)', () => {
  it.each<[string, string | undefined, boolean]>([
    ['no header never hits', undefined, false],
    ['the current tag hits', '"abc"', true],
    ['a weak form of the current tag hits', 'W/"abc"', true],
    ['a stale tag misses', '"old"', false],
    ['* hits', '*', true],
  ])('%s', (_rule, header, expected) => expect(ifNoneMatchHits(header, CURRENT)).toBe(expected));
});
