import { describe, expect, it } from 'vitest';
import { foldAscii, likePrefix, parseTerm, splitOr, wordAlternatives } from './search-term.js';

describe('parseTerm', () => {
  it.each([
    ['no term means no restriction', undefined, { kind: 'none' }],
    ['a blank term means no restriction', '   ', { kind: 'none' }],
    ['only punctuation matches nothing', '"*-^:()', { kind: 'nothing' }],
  ])('%s', (_rule, term, expected) => {
    expect(parseTerm(term)).toEqual(expected);
  });

  it.each([
    ['one word is a prefix phrase', 'zzyzx', '"zzyzx"*'],
    ['words are lower-cased', 'ZZYZX', '"zzyzx"*'],
    ['every word must match', 'dark night', '"dark"* AND "night"*'],
    ['a trailing y also searches the ies plural', 'firefly', '("firefly"* OR "firefli"*)'],
    ['an ies plural also searches the y singular', 'Fireflies', '("fireflies"* OR "firefly"*)'],
    ['an s plural also searches the singular', 'games', '("games"* OR "game"*)'],
    ['an es plural after x also searches the stem', 'boxes', '("boxes"* OR "box"*)'],
    ['FTS operators are plain words', 'NEAR(a b) OR c', '"near"* AND "a"* AND "b"* AND "or"* AND "c"*'],
    ['quotes and stars never reach the query', '"fire*"', '"fire"*'],
    ['column filters are not syntax', 'clean_title:zzyzx', '"clean"* AND "title"* AND "zzyzx"*'],
    ['letters of any script are words', 'Amélie 東京', '"amélie"* AND "東京"*'],
    ['digits are words', 'apollo 13', '"apollo"* AND "13"*'],
  ])('%s', (_rule, term, fts) => {
    const q = parseTerm(term);
    expect(q.kind).toBe('match');
    expect(q.kind === 'match' && q.fts).toBe(fts);
  });

  it('fts is the groups, one per word, ANDed: each group matches by itself (search intersects them)', () => {
    const q = parseTerm('Dark fireflies');
    expect(q.kind === 'match' && q.groups).toEqual(['"dark"*', '("fireflies"* OR "firefly"*)']);
    expect(q.kind === 'match' && q.fts).toBe('"dark"* AND ("fireflies"* OR "firefly"*)');
  });

  it('keeps at most 16 words', () => {
    const q = parseTerm(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '));
    expect(q.kind === 'match' && q.words.length).toBe(16);
  });
});

describe('wordAlternatives', () => {
  it.each([
    ['a stem shorter than three letters is not used', 'is', ['is']],
    ['a double s is not a plural', 'glass', ['glass']],
    ['a word without a plural ending stands alone', 'zzyzx', ['zzyzx']],
  ])('%s', (_rule, word, expected) => {
    expect(wordAlternatives(word)).toEqual(expected);
  });
});

describe('splitOr', () => {
  it.each([
    ['one value', 'Drama', ['Drama']],
    ['an X OR Y list', 'Drama OR Comedy', ['Drama', 'Comedy']],
    ['blank parts are dropped', ' OR Drama OR ', ['Drama']],
    ['a lower-case or is part of a value', 'Sci-Fi or Fantasy', ['Sci-Fi or Fantasy']],
  ])('%s', (_rule, value, expected) => {
    expect(splitOr(value)).toEqual(expected);
  });
});

describe('likePrefix', () => {
  it('escapes LIKE wildcards so they match themselves', () => {
    expect(likePrefix('100%_a\\b')).toBe('100\\%\\_a\\\\b%');
  });
});

describe('foldAscii', () => {
  it.each([
    ['A-Z are lower-cased', 'The Alien', 'the alien'],
    ['punctuation and digits stay', 'R2-D2: 100%', 'r2-d2: 100%'],
    ['a letter beyond ASCII stays as it is', 'AMÉLIE', 'amÉlie'],
    ['NUL stays', 'A\u0000B', 'a\u0000b'],
  ])('%s', (_rule, text, expected) => {
    expect(foldAscii(text)).toBe(expected);
  });

  it('foldAscii leaves letters beyond A-Z as they are (SQLite NOCASE folds ASCII only)', () => {
    expect(foldAscii('ÉCOLE Straße')).toBe('École straße');
  });
});
