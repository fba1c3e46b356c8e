import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { parseRating, ratedAmong } from './ratings.js';
import { parseTitleRefs } from './title-ref.js';
import type { UserRating } from './types.js';

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

const rated = new Map<number, UserRating>([1, 2, 3].map((id) => [id, { userGuid: 'U', titleId: id, rating: id, updated: '2024-01-01T00:00:00Z' }]));
const pick = (refs: string) => ratedAmong(parseTitleRefs(refs), (id) => rated.get(id)).map((r) => `${r.rating.titleId}@${r.titleRef}`);

describe('ratedAmong', () => {
  it.each([
    ['only rated titles are listed', 'http://a/catalog/title/1,http://a/catalog/title/9', ['1@http://a/catalog/title/1']],
    ['the order asked is kept', 'http://a/catalog/title/3,http://a/catalog/title/1', ['3@http://a/catalog/title/3', '1@http://a/catalog/title/1']],
    ['each ref is echoed as sent, whatever its host', 'https://other:9/catalog/title/2/', ['2@https://other:9/catalog/title/2/']],
    ['a title asked twice is listed once, with the first ref', 'http://a/catalog/title/2,http://b/catalog/title/2', ['2@http://a/catalog/title/2']],
    ['malformed refs are not listed', 'junk,http://a/catalog/person/1,http://a/catalog/title/1', ['1@http://a/catalog/title/1']],
    ['nothing asked, nothing listed', '', []],
  ])('%s', (_rule, refs, expected) => {
    expect(pick(refs)).toEqual(expected);
  });
});
