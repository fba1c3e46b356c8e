import { describe, expect, it } from 'vitest';
import { percentDecode } from './percent-decode.js';

describe('percentDecode', () => {
  it.each([
    ['escapes decode to UTF-8', 'caf%C3%A9', true, 'café'],
    ['plus is a space in form encoding', '2+q', true, '2 q'],
    ['plus stays a plus in the Authorization header', 'a+b', false, 'a+b'],
    ['an encoded plus is a plus either way', '%2B', true, '+'],
    ['text without escapes comes back as is', 'kd94hf93k423kf44', true, 'kd94hf93k423kf44'],
    ['a lone % is kept literally', '100%', true, '100%'],
    ['a % before non-hex is kept literally', '%ZZ%41', true, '%ZZA'],
    ['a truncated escape is kept literally', 'a%4', true, 'a%4'],
    ['bytes that are not UTF-8 become U+FFFD', '%FF%41', true, '\uFFFDA'],
    ['valid characters around a bad escape survive', '%F0%9F%98%80%', true, '😀%'],
    // Long texts take another way (a buffer, for Latin-1): the same answers.
    ['a long form of plus signs', 'a+'.repeat(2_000), true, 'a '.repeat(2_000)],
    ['a long Latin-1 form', 'ÿé+'.repeat(1_000), true, 'ÿé '.repeat(1_000)],
    ['a long form beyond Latin-1', 'é+☃+𝄞'.repeat(500), true, 'é ☃ 𝄞'.repeat(500)],
    ['a long form with escapes', '+%C3%A9%2B'.repeat(600), true, ' é+'.repeat(600)],
    ['a long header value keeps its plus signs', 'a+'.repeat(2_000), false, 'a+'.repeat(2_000)],
  ])('%s', (_rule, raw, plusAsSpace, decoded) => {
    expect(percentDecode(raw, { plusAsSpace })).toBe(decoded);
  });
});
