import { describe, expect, it } from 'vitest';
import { encodePairs, percentEncode } from './percent-encode.js';

// RFC 5849 3.6 (docs/reference/oauth.md): every octet but the unreserved ALPHA / DIGIT / "-" / "." / "_" / "~"
// is written %XX in upper-case hex, over the UTF-8 bytes of the text. Each expected value is written out, so a
// change of the encoder is held to the rule, not to another copy of itself.
const TABLE: Array<[string, string, string]> = [
  ['the empty string', '', ''],
  ['letters and digits', 'abcXYZ0189', 'abcXYZ0189'],
  ['the four unreserved marks', '-._~', '-._~'],
  ['a consumer key', 'test-consumer-key', 'test-consumer-key'],
  ['a timestamp', '1700000000', '1700000000'],
  ['a space (never a plus)', 'a b', 'a%20b'],
  ['a plus', 'a+b', 'a%2Bb'],
  ['a percent sign', '100%', '100%25'],
  ['an already encoded value', 'a%20b', 'a%2520b'],
  ['the five marks encodeURIComponent keeps', "!'()*", '%21%27%28%29%2A'],
  ['reserved gen-delims', ':/?#[]@', '%3A%2F%3F%23%5B%5D%40'],
  ['reserved sub-delims', '$&+,;=', '%24%26%2B%2C%3B%3D'],
  ['a facet pipe and comma', 'a|b,c', 'a%7Cb%2Cc'],
  ['Latin-1 letters', 'Amélie', 'Am%C3%A9lie'],
  ['a character outside the BMP', 'film 🎬', 'film%20%F0%9F%8E%AC'],
  ['CJK', '千と千尋', '%E5%8D%83%E3%81%A8%E5%8D%83%E5%B0%8B'],
  ['control characters', '\u0000\t\n\u007f', '%00%09%0A%7F'],
  ['a base64 signature', 'tR3+Ty81lMeYAr/Fid0kMTYa/WM=', 'tR3%2BTy81lMeYAr%2FFid0kMTYa%2FWM%3D'],
  ['a comma', ',', '%2C'],
  ['a pipe', '|', '%7C'],
  ['an asterisk', '*', '%2A'],
  ['an apostrophe', "'", '%27'],
  ['a space alone', ' ', '%20'],
  ['a tilde (kept)', '~', '~'],
];

describe('percentEncode', () => {
  it.each(TABLE)('encodes %s as RFC 3986 says', (_rule, value, encoded) => {
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
