import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { TITLE_FACETS } from './search-facets.js';
import { parseFilter, parsePersonSearch, parseRefine, parseTitleSearch, type ParamSource } from './search-request.js';

function params(pairs: Array<[string, string]>): ParamSource {
  return {
    get: (n) => pairs.find(([k]) => k === n)?.[1],
    getAll: (n) => pairs.filter(([k]) => k === n).map(([, v]) => v),
  };
}

describe('parseTitleSearch', () => {
  it.each([
    ['title covers every kind', 'title', ['film', 'tv', 'game']],
    ['video is films and tv', 'video', ['film', 'tv']],
    ['games is games only', 'games', ['game']],
  ])('%s', (_rule, kind, kinds) => {
    expect(parseTitleSearch(kind, params([])).kinds).toEqual(kinds);
  });

  it('turns genre, format, certificate and purchase into OR groups, and each f into its own group', () => {
    const s = parseTitleSearch(
      'title',
      params([
        ['genre', 'Drama OR Comedy'],
        ['format', 'DVD'],
        ['certificate', '15'],
        ['purchase', 'rental'],
        ['f', 'production_decade|1990'],
        ['f', 'new_releases|new_releases'],
      ]),
    );
    expect(s.filters).toEqual([
      { facet: 'genre', values: ['Drama', 'Comedy'] },
      { facet: 'format', values: ['DVD'] },
      { facet: 'certificate', values: ['15'] },
      { facet: 'purchase', values: ['rental'] },
      { facet: 'production_decade', values: ['1990'] },
      { facet: 'new_releases', values: ['new_releases'] },
    ]);
  });

  it('ignores a blank filter parameter', () => {
    expect(parseTitleSearch('title', params([['genre', '  ']])).filters).toEqual([]);
  });
});

describe('parsePersonSearch', () => {
  it('restricts a role kind to its role and lower-cases role filters', () => {
    const s = parsePersonSearch(
      'voice over',
      params([
        ['role', 'Actor OR Singer'],
        ['f', 'role|Director'],
      ]),
    );
    expect(s.role).toBe('voice over');
    expect(s.filters).toEqual([
      { facet: 'role', values: ['actor', 'singer'] },
      { facet: 'role', values: ['director'] },
    ]);
  });

  it('rejects title facets', () => {
    expect(() => parsePersonSearch('person', params([['refine', 'genre']]))).toThrow(/role/);
  });
});

describe('parseFilter', () => {
  it.each([
    ['the value is everything after the first pipe', 'collection|A|B', { facet: 'collection', values: ['A|B'] }],
    ['the facet name is case-insensitive', 'GENRE|Drama', { facet: 'genre', values: ['Drama'] }],
    ['a flag facet takes its own name', 'coming_soon|coming_soon', { facet: 'coming_soon', values: ['coming_soon'] }],
  ])('%s', (_rule, raw, expected) => {
    expect(parseFilter(raw, TITLE_FACETS)).toEqual(expected);
  });

  it.each([
    ['an unknown facet', 'colour|red', /no known facet/],
    ['no pipe', 'genre', /no value/],
    ['an empty value', 'genre|', /no value/],
    ['a flag facet with another value', 'new_releases|yes', /one value/],
  ])('rejects %s with a 400', (_rule, raw, message) => {
    try {
      parseFilter(raw, TITLE_FACETS);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ApiError);
      expect((e as ApiError).status).toBe(400);
      expect((e as ApiError).details).toMatch(message);
    }
  });
});

describe('parseRefine', () => {
  it.each([
    ['absent means no refinements', undefined, []],
    ['a comma list keeps its order without repeats', 'genre, format,genre', ['genre', 'format']],
    ['names are case-insensitive', 'Genre', ['genre']],
    ['all means every facet in the documented order', 'format,all', [...TITLE_FACETS]],
  ])('%s', (_rule, value, expected) => {
    expect(parseRefine(value, TITLE_FACETS)).toEqual(expected);
  });

  it('rejects an unknown facet, listing the allowed ones', () => {
    expect(() => parseRefine('genre,colour', TITLE_FACETS)).toThrow(/"colour".*cast, certificate/);
  });
});
