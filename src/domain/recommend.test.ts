import { describe, expect, it } from 'vitest';
import { likedTitles, recommend, type CandidateInfo, type RecommendInput } from './recommend.js';

const rentable: CandidateInfo = { canRent: true, isDisc: false };

function input(over: Partial<RecommendInput>): RecommendInput {
  const ids = [...(over.similarsOf?.values() ?? [])].flat().concat(over.popular ?? []);
  return {
    ratings: [],
    similarsOf: new Map(),
    popular: [],
    excluded: new Set(),
    candidates: new Map(ids.map((id) => [id, rentable])),
    limit: 100,
    ...over,
  };
}

const ids = (r: ReturnType<typeof recommend>) => r.map((x) => `${x.titleId}:${x.source}`);

describe('likedTitles', () => {
  it('takes ratings of 4 or more, best first, ties by lowest id', () => {
    expect(
      likedTitles([
        { titleId: 9, rating: 4 },
        { titleId: 3, rating: 5 },
        { titleId: 1, rating: 3.5 },
        { titleId: 2, rating: 4 },
      ]),
    ).toEqual([3, 2, 9]);
  });
});

describe('recommend', () => {
  it.each<[string, Partial<RecommendInput>, string[]]>([
    [
      'similars of liked titles come first, round-robin across liked titles',
      {
        ratings: [
          { titleId: 1, rating: 5 },
          { titleId: 2, rating: 4 },
        ],
        similarsOf: new Map([
          [1, [10, 11]],
          [2, [20, 21]],
        ]),
        popular: [30],
      },
      ['10:similar_to_rated', '20:similar_to_rated', '11:similar_to_rated', '21:similar_to_rated', '30:popular'],
    ],
    ['titles rated below 4 seed nothing', { ratings: [{ titleId: 1, rating: 3.5 }], similarsOf: new Map([[1, [10]]]), popular: [30] }, ['30:popular']],
    ['a user with no ratings gets popular titles', { popular: [30, 31] }, ['30:popular', '31:popular']],
    [
      'rated titles are never recommended',
      {
        ratings: [
          { titleId: 1, rating: 5 },
          { titleId: 10, rating: 2 },
        ],
        similarsOf: new Map([[1, [10, 11]]]),
        popular: [1, 10, 30],
      },
      ['11:similar_to_rated', '30:popular'],
    ],
    [
      'queued or rented titles are never recommended',
      { ratings: [{ titleId: 1, rating: 5 }], similarsOf: new Map([[1, [10, 11]]]), popular: [30, 31], excluded: new Set([10, 31]) },
      ['11:similar_to_rated', '30:popular'],
    ],
    [
      'a title similar to two liked titles appears once, under its first reason',
      {
        ratings: [
          { titleId: 1, rating: 5 },
          { titleId: 2, rating: 5 },
        ],
        similarsOf: new Map([
          [1, [10]],
          [2, [10, 20]],
        ]),
        popular: [10, 20],
      },
      ['10:similar_to_rated', '20:similar_to_rated'],
    ],
    ['the list stops at the limit', { popular: [30, 31, 32], limit: 2 }, ['30:popular', '31:popular']],
  ])('%s', (_rule, over, expected) => {
    expect(ids(recommend(input(over)))).toEqual(expected);
  });

  it('skips discs, titles that cannot be rented and titles missing from the catalogue', () => {
    const candidates = new Map<number, CandidateInfo>([
      [30, { canRent: true, isDisc: true }],
      [31, { canRent: false, isDisc: false }],
      [33, rentable],
    ]);
    expect(ids(recommend(input({ popular: [30, 31, 32, 33], candidates })))).toEqual(['33:popular']);
  });
});
