import { describe, expect, it } from 'vitest';
import { parseTitleRefs, titleIdOfRef } from './title-ref.js';

describe('titleIdOfRef', () => {
  it.each([
    ['the simulator address', 'http://rentalsim.test/catalog/title/15471', 15471],
    ['the real service host', 'http://openapi.lovefilm.com/catalog/title/12', 12],
    ['https and a port', 'https://localhost:8080/catalog/title/7', 7],
    ['a path without a host', '/catalog/title/99', 99],
    ['a trailing slash', 'http://x.test/catalog/title/5/', 5],
    ['a query string', 'http://x.test/catalog/title/5?expand=none', 5],
    ['surrounding spaces', '  http://x.test/catalog/title/5 ', 5],
    ['upper-case path', 'HTTP://X.TEST/CATALOG/TITLE/5', 5],
    ['a gateway path prefix', 'http://x.test/api/catalog/title/5', 5],
  ])('accepts %s', (_rule, ref, id) => {
    expect(titleIdOfRef(ref)).toBe(id);
  });

  it.each([
    ['a bare id', '15471'],
    ['a person', 'http://x.test/catalog/person/15471'],
    ['a detail resource', 'http://x.test/catalog/title/15471/synopsis'],
    ['a non-numeric id', 'http://x.test/catalog/title/abc'],
    ['id zero', 'http://x.test/catalog/title/0'],
    ['a huge id', 'http://x.test/catalog/title/99999999999999999999'],
    ['an empty string', ''],
    ['text around a title path', 'see http://x.test/catalog/title/5 please'],
  ])('rejects %s', (_rule, ref) => {
    expect(titleIdOfRef(ref)).toBeUndefined();
  });
});

describe('parseTitleRefs', () => {
  it('keeps the order sent, echoes each ref trimmed and marks malformed ones', () => {
    expect(parseTitleRefs(' http://a/catalog/title/2 ,,junk,http://b/catalog/title/1')).toEqual([
      { ref: 'http://a/catalog/title/2', id: 2 },
      { ref: 'junk', id: undefined },
      { ref: 'http://b/catalog/title/1', id: 1 },
    ]);
  });

  it('is empty when the parameter is absent', () => {
    expect(parseTitleRefs(undefined)).toEqual([]);
  });
});
