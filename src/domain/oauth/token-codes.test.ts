import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newAccessToken, newRequestToken, newTokenSecret, newVerifier, REQUEST_TOKEN_ALPHABET, type RandomBytes } from './token-codes.js';

/** A repeatable source that hands out the given bytes in turn, cycling. */
function bytesSource(bytes: number[]): RandomBytes {
  let i = 0;
  return (size) => Uint8Array.from({ length: size }, () => bytes[i++ % bytes.length]!);
}

describe('token codes', () => {
  it.each([
    ['a request token is five typeable upper-case letters', () => newRequestToken(randomBytes), /^[A-HJ-NP-Z]{5}$/],
    ['a verifier is six digits', () => newVerifier(randomBytes), /^\d{6}$/],
    ['a token secret is 32 url-safe characters', () => newTokenSecret(randomBytes), /^[A-Za-z0-9_-]{32}$/],
    ['an access token is 24 url-safe characters', () => newAccessToken(randomBytes), /^[A-Za-z0-9_-]{24}$/],
  ])('%s', (_rule, make, shape) => {
    for (let i = 0; i < 200; i++) expect(make()).toMatch(shape);
  });

  it('the request token alphabet leaves out I and O', () => {
    expect(REQUEST_TOKEN_ALPHABET).not.toMatch(/[IO]/);
    expect(REQUEST_TOKEN_ALPHABET).toHaveLength(24);
  });

  it('the same bytes give the same codes', () => {
    expect(newRequestToken(bytesSource([0, 1, 2, 3, 4]))).toBe('ABCDE');
    expect(newVerifier(bytesSource([0, 9, 10, 19, 25, 7]))).toBe('090957');
  });

  it('a verifier keeps its leading zeros', () => {
    expect(newVerifier(bytesSource([0]))).toBe('000000');
  });

  it('bytes that would bias the pick are skipped', () => {
    // 240..255 would favour A..P for a 24-letter alphabet; 250..255 would favour 0..5 for digits.
    expect(newRequestToken(bytesSource([255, 240, 23, 24]))).toBe('ZAZAZ');
    expect(newVerifier(bytesSource([250, 255, 9]))).toBe('999999');
  });

  it('a source that only gives unusable bytes fails loudly instead of spinning', () => {
    expect(() => newVerifier(bytesSource([255]))).toThrow(/random source/);
  });
});
