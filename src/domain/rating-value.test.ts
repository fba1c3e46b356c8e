import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { parseRating } from './rating-value.js';

describe('parseRating', () => {
  it.each([
    ['a whole number', '4', 4],
    ['a half star', '4.5', 4.5],
    ['the lowest rating', '0.0', 0],
    ['the highest rating', '5.0', 5],
    ['a leading dot', '.5', 0.5],
    ['surrounding spaces', ' 3 ', 3],
    ['more decimals, kept to one place', '3.25', 3.3],
  ])('accepts %s', (_rule, value, expected) => {
    expect(parseRating(value)).toBe(expected);
  });

  it.each([
    ['above the range', '5.1', 400, 'Invalid Parameter'],
    ['below the range', '-1', 400, 'Invalid Parameter'],
    ['not a number', 'great', 400, 'Invalid Parameter'],
    ['an exponent', '4e0', 400, 'Invalid Parameter'],
    ['hexadecimal', '0x4', 400, 'Invalid Parameter'],
    ['infinity', 'Infinity', 400, 'Invalid Parameter'],
    ['absent', undefined, 400, 'Missing Required Parameter'],
    ['blank', '  ', 400, 'Missing Required Parameter'],
  ])('rejects %s', (_rule, value, status, reason) => {
    const err = (() => {
      try {
        parseRating(value);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(status);
    expect((err as ApiError).reason).toBe(reason);
    expect((err as ApiError).details).toContain('rating');
  });
});
