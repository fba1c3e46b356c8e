import { describe, expect, it } from 'vitest';
import { formTokens } from './form-token.js';

describe('formTokens', () => {
  const key = Buffer.alloc(32, 7);
  let n = 0;
  const counter = (size: number) => Buffer.alloc(size, ++n);

  it('a token checks for the request token it was issued for, in any case, and each page gets its own', () => {
    const tokens = formTokens(key, counter);
    const first = tokens.issue('ABCDE');
    const second = tokens.issue('ABCDE');
    expect(first).not.toBe(second);
    expect(tokens.check('ABCDE', first)).toBe(true);
    expect(tokens.check('abcde', second)).toBe(true);
  });

  it.each([
    ['another request token', 'FGHIJ', (t: string) => t],
    ['a changed mac', 'ABCDE', (t: string) => `${t.split('.')[0]}.${'A'.repeat(43)}`],
    ['a changed nonce', 'ABCDE', (t: string) => `x${t}`],
    ['no mac', 'ABCDE', (t: string) => t.split('.')[0]!],
    ['nothing', 'ABCDE', () => ''],
  ])('refuses a token for %s', (_rule, code, spoil) => {
    const tokens = formTokens(key, counter);
    expect(tokens.check(code, spoil(tokens.issue('ABCDE')))).toBe(false);
  });

  it('refuses a missing token, and one issued under another key (another process)', () => {
    const tokens = formTokens(key, counter);
    expect(tokens.check('ABCDE', undefined)).toBe(false);
    expect(tokens.check('ABCDE', formTokens(Buffer.alloc(32, 8), counter).issue('ABCDE'))).toBe(false);
  });
});
