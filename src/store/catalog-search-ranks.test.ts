import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { foldAscii } from '../domain/search-term.js';
import { matchTier } from '../../test/support/title-search-oracle.js';
import { kindMask, textHeadOf, TitleRanks, writeTitleRanks } from './catalog-search-ranks.js';
import { CATALOG_SCHEMA } from './schema.js';

// [id, kind, clean title, ratings, parent]
const TITLES: Array<[number, string, string, number, number | null]> = [
  [1, 'film', 'Alien', 50, null],
  [2, 'film', 'Aliens', 80, null],
  [3, 'tv', 'The Alien Show', 80, null],
  [4, 'tv', 'Disc 1', 90, 3],
  [5, 'game', 'A', 10, null],
  [6, 'game', 'Al', 10, null],
  [7, 'film', 'Ångström', 5, null],
  [8, 'film', 'アリ', 5, null],
  [9, 'tv', 'x', 0, null],
];

function catalogue(): TitleRanks {
  const db = new Database(':memory:');
  db.exec(CATALOG_SCHEMA);
  const insert = db.prepare(
    `INSERT INTO titles (id, kind, full_title, clean_title, can_rent, adult, format, cert_scheme, certificate, parent_id, base_ratings, data)
     VALUES (?, ?, ?, ?, 1, 0, 'DVD', 'bbfc', 'U', ?, ?, '{}')`,
  );
  for (const [id, kind, clean, ratings, parent] of TITLES) insert.run(id, kind, clean, clean, parent, ratings);
  writeTitleRanks(db);
  return new TitleRanks(db);
}

describe('TitleRanks', () => {
  const ranks = catalogue();

  it('ranks the titles a search lists, most rated first then by id; discs have none', () => {
    expect([...ranks.idAt]).toEqual([2, 3, 1, 5, 6, 7, 8, 9]);
    expect(ranks.rankOf[4]).toBe(-1);
    expect(ranks.rankIf(4, 0)).toBe(-1);
    expect(ranks.rankIf(99, 0)).toBe(-1);
  });

  it.each([
    ['every kind', [], [2, 3, 1, 5, 6, 7, 8, 9]],
    ['games', ['game'], [5, 6]],
    ['video', ['film', 'tv'], [2, 3, 1, 7, 8, 9]],
  ] as const)('rankIf keeps only the kinds asked: %s', (_rule, kinds, ids) => {
    const mask = kindMask(kinds.length === 0 ? ['film', 'tv', 'game'] : kinds);
    expect(
      TITLES.map(([id]) => id)
        .filter((id) => ranks.rankIf(id, mask) >= 0)
        .sort((a, b) => ranks.rankOf[a]! - ranks.rankOf[b]!),
    ).toEqual(ids);
  });

  it.each(['a', 'al', 'ali', 'alien', 'aliens', 'the', 'the alien show', 'x', 'xy', 'å', 'zz', 'al!'])('tier for %j is matchTier of every title', (text) => {
    const folded = foldAscii(text);
    for (let rank = 0; rank < ranks.size; rank++) {
      expect(ranks.tier(rank, folded, textHeadOf(folded)), `${ranks.foldedTitle(rank)}`).toBe(matchTier(ranks.foldedTitle(rank), folded));
    }
  });
});
