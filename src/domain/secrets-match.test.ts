import { describe, expect, it } from 'vitest';
import { secretsMatch } from './secrets-match.js';

describe('secretsMatch', () => {
  it.each([
    ['equal signatures match', 'MdpQcU8iPSUjWoN/UDMsK2sui9I=', 'MdpQcU8iPSUjWoN/UDMsK2sui9I=', true],
    ['one changed character does not', 'MdpQcU8iPSUjWoN/UDMsK2sui9I=', 'MdpQcU8iPSUjWoN/UDMsK2sui9J=', false],
    ['a shorter value does not, and does not throw', 'MdpQcU8iPSUjWoN/UDMsK2sui9I=', 'MdpQ', false],
    ['a longer value does not', 'abc', 'abcd', false],
    ['an empty value does not', 'abc', '', false],
    ['comparison is case-sensitive', 'abc', 'ABC', false],
    ['same length in characters but not in bytes does not throw', 'é', 'e', false],
    ['an ASCII value against the same bytes in fewer characters', 'ab', 'é', false],
    ['a non-ASCII value matches itself', 'clé&秘', 'clé&秘', true],
    ['a non-ASCII value against another of the same length', 'clé', 'cle', false],
    ['lone surrogates compare as the UTF-8 they become', '\ud800', '\udc00', true],
    ['the empty value matches itself', '', '', true],
    ['a bearer header against the token with a prefix missing', 'Bearer s3cret', 's3cret', false],
  ])('%s', (_rule, expected, received, match) => {
    expect(secretsMatch(expected, received)).toBe(match);
  });
});
