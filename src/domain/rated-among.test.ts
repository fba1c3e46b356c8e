import { describe, expect, it } from 'vitest';
import { ratedAmong } from './rated-among.js';
import { parseTitleRefs } from './title-ref.js';
import type { UserRating } from './types.js';

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
