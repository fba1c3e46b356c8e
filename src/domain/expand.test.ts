import { describe, expect, it } from 'vitest';
import { expansionKey, NO_EXPANSION, parseExpand } from './expand.js';

describe('expansionKey', () => {
  it.each([
    ['nothing expanded', undefined, ''],
    ['expand=none', 'none', 'none'],
    ['links in any order and case name one key', 'Synopsis,actors', 'actors,synopsis'],
    ['all is every expandable link', 'all', 'actors,artworks,collections,directors,histogram,languages,synopsis'],
    ['links never expanded add nothing', 'similars,reviews', ''],
  ])('%s', (_rule, expand, key) => {
    expect(expansionKey(parseExpand(expand))).toBe(key);
  });

  it('the default is the same key as an empty list', () => {
    expect(expansionKey(NO_EXPANSION)).toBe(expansionKey(parseExpand(' ')));
  });
});
