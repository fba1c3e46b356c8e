import { describe, expect, it } from 'vitest';
import { orderTerms } from './categories.js';

describe('orderTerms', () => {
  it.each([
    ['bbfc certificates go youngest audience first', 'certificates/bbfc', ['18', 'U', '12A', 'PG', '15', '12'], ['U', 'PG', '12', '12A', '15', '18']],
    ['pegi certificates go youngest audience first', 'certificates/pegi', ['18', '3', '12', '7', '16'], ['3', '7', '12', '16', '18']],
    ['an unknown certificate goes last', 'certificates/bbfc', ['X', '15', 'U'], ['U', '15', 'X']],
    ['other schemes sort alphabetically, ignoring case', 'genres', ['drama', 'Comedy', 'Anime'], ['Anime', 'Comedy', 'drama']],
  ] as const)('%s', (_rule, scheme, terms, expected) => {
    expect(orderTerms(scheme, terms)).toEqual(expected);
  });
});
