import { describe, expect, it } from 'vitest';
import { encodePairs, percentEncode } from './percent-encode.js';

/** The encoding without the fast path: what percentEncode answered before it skipped unreserved strings. */
const slowPath = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

const TABLE: Array<[string, string]> = [
  ['the empty string', ''],
  ['letters and digits', 'abcXYZ0189'],
  ['the four unreserved marks', '-._~'],
  ['a consumer key', 'test-consumer-key'],
  ['a timestamp', '1700000000'],
  ['a space', 'a b'],
  ['a plus', 'a+b'],
  ['a percent sign', '100%'],
  ['an already encoded value', 'a%20b'],
  ['the five marks encodeURIComponent keeps', "!'()*"],
  ['reserved gen-delims', ':/?#[]@'],
  ['reserved sub-delims', '$&+,;='],
  ['a facet pipe and comma', 'a|b,c'],
  ['Latin-1 letters', 'Amélie'],
  ['a character outside the BMP', 'film 🎬'],
  ['CJK', '千と千尋'],
  ['control characters', '\u0000\t\n\u007f'],
  ['a base64 signature', 'tR3+Ty81lMeYAr/Fid0kMTYa/WM='],
];

describe('percentEncode', () => {
  it.each(TABLE)('the fast path agrees with full encoding for %s', (_rule, value) => {
    expect(percentEncode(value)).toBe(slowPath(value));
  });

  it.each([
    ['a comma', ',', '%2C'],
    ['a pipe', '|', '%7C'],
    ['an asterisk', '*', '%2A'],
    ['an apostrophe', "'", '%27'],
    ['a space (never a plus)', ' ', '%20'],
    ['a tilde (kept)', '~', '~'],
  ])('encodes %s as RFC 3986 says', (_rule, value, encoded) => {
    expect(percentEncode(value)).toBe(encoded);
  });

  it('encodes pairs in order', () => {
    expect(
      encodePairs([
        ['b', '1 2'],
        ['a', '*'],
      ]),
    ).toBe('b=1%202&a=%2A');
  });
});
