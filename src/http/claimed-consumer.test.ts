import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quotedConsumerKey } from './claimed-consumer.js';

/** The regular expression the scanner replaced. */
const byRegex = (header: string) => /oauth_consumer_key\s*=\s*"([^"]*)"/.exec(header)?.[1];

describe('quotedConsumerKey reads what /oauth_consumer_key\\s*=\\s*"([^"]*)"/ captured', () => {
  it.each([
    ['the usual header', 'OAuth oauth_consumer_key="test-consumer-key", oauth_nonce="n"', 'test-consumer-key'],
    ['spaces around =', 'OAuth oauth_consumer_key \t= \u00a0"k"', 'k'],
    ['an empty key', 'OAuth oauth_consumer_key=""', ''],
    ['an unquoted key', 'OAuth oauth_consumer_key=k', undefined],
    ['an unterminated quote', 'OAuth oauth_consumer_key="k', undefined],
    ['no key at all', 'OAuth oauth_nonce="n"', undefined],
    ['a first occurrence that does not fit, then one that does', 'OAuth oauth_consumer_key=x, xoauth_consumer_key="y"', 'y'],
    ['the name inside another name', 'OAuth my_oauth_consumer_key="m"', 'm'],
    ['the name inside a value', 'OAuth a="oauth_consumer_key", oauth_consumer_key="k"', 'k'],
    ['an encoded key (decoded later)', 'OAuth oauth_consumer_key="a%20b"', 'a%20b'],
  ])('%s', (_rule, header, key) => {
    expect(quotedConsumerKey(header)).toBe(key);
    expect(byRegex(header)).toBe(key);
  });

  it('on any header made of the pieces that matter', () => {
    const piece = fc.constantFrom('oauth_consumer_key', 'oauth_consumer_ke', ' ', '\t', '\u2028', '=', '"', 'k', ',');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), (pieces) => {
        const header = pieces.join('');
        expect(quotedConsumerKey(header)).toBe(byRegex(header));
      }),
      { numRuns: 3000, seed: 8 },
    );
  });
});
