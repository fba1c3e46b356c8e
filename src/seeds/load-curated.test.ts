import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';
import { CORE_SCHEMA, dump, load } from 'js-yaml';

import { PERSON_ROLES, type Title } from '../domain/types.js';
import { generateCatalog } from './generate-catalog.js';
import { curatedFilePath, loadCurated, parseCurated } from './load-curated.js';

const curated = loadCurated();
const byId = new Map(curated.titles.map((title) => [title.id, title]));
const title = (id: number): Title => byId.get(id) as Title;

/**
 * Word-prefix search as docs/reference/catalogue-search.md (Term) describes it: case-insensitive, on the start
 * of any word.
 */
const matching = (titles: readonly Title[], term: string): number[] => {
  const word = new RegExp(`(?:^|[^\\p{L}\\p{N}])${term}`, 'iu');
  return titles.filter((t) => word.test(t.fullTitle) || word.test(t.cleanTitle)).map((t) => t.id);
};

describe('curated guarantees QA relies on', () => {
  const everything = generateCatalog({ seed: 5, titles: 5000, people: 3000, curated: true, today: '2026-05-01' }).titles;

  it.each([
    ['"zzyzx" finds exactly the curated Zzyzx, even among 5000 generated titles', 'zzyzx', [1]],
    // The real search stems ("firefly" finds "Fireflies", docs/reference/catalogue-search.md, Term): both share
    // the stem "firefl".
    ['"firefly" (stem "firefl") finds the Firefly series, its four discs and Fireflies in the Garden', 'firefl', [10, 11, 12, 13, 14, 20]],
    ['"serenity" finds the DVD and the Blu-ray', 'serenity', [30, 31]],
  ])('%s', (_rule, term, ids) => {
    expect(matching(everything, term as string)).toEqual(ids);
  });

  it.each([
    ['Zzyzx is a film with that clean title', () => title(1).cleanTitle === 'Zzyzx' && title(1).kind === 'film'],
    [
      'Firefly is a tv series on four discs, each its own title',
      () =>
        title(10).kind === 'tv' &&
        title(10).discIds.join() === '11,12,13,14' &&
        [11, 12, 13, 14].every((id, i) => title(id).parentId === 10 && title(id).kind === 'tv' && title(id).fullTitle === `Firefly: Disc ${i + 1}`),
    ],
    ['Fireflies in the Garden is a film', () => title(20).kind === 'film' && title(20).fullTitle === 'Fireflies in the Garden'],
    [
      'Serenity comes on DVD and on Blu-ray as separate titles with one clean title',
      () => title(30).format === 'DVD' && title(31).format === 'Blu-ray' && title(31).fullTitle === 'Serenity (Blu-ray)' && title(31).cleanTitle === 'Serenity',
    ],
    [
      'at least three games, with pegi certificates, players and a developer',
      () => curated.titles.filter((t) => t.kind === 'game' && t.certificateScheme === 'pegi' && t.players && t.developer).length >= 3,
    ],
    ['games come on several consoles', () => new Set(curated.titles.filter((t) => t.kind === 'game').map((t) => t.format)).size >= 3],
    ['a title is released far ahead (tests freeze the clock before it to see it coming soon)', () => title(50).releaseDate === '2099-01-15'],
    ['a title cannot be rented', () => title(51).canRent === false],
    ['several titles are Blu-ray', () => curated.titles.filter((t) => t.format === 'Blu-ray').length >= 3],
    ['an adult title is R18', () => title(80).adult && title(80).certificate === 'R18'],
    [
      'the Alien films form a ranked collection',
      () => [60, 62, 63, 64].every((id, i) => title(id).collections[0]?.id === 1 && title(id).collections[0]?.rank === i + 1),
    ],
    ["an edition's clean title drops the decoration", () => title(61).cleanTitle === 'Alien' && title(70).cleanTitle === 'Blade Runner'],
    ['Serenity is the most popular title', () => everything.find((t) => t.id === 30)?.popularityRank === 1],
    ['some titles have no ratings', () => title(51).baseHistogram.every((n) => n === 0) && title(50).baseHistogram.every((n) => n === 0)],
    ['curated titles and people use ids 1..999', () => [...curated.titles, ...curated.people].every((row) => row.id >= 1 && row.id <= 999)],
  ])('%s', (_rule, holds) => {
    expect(holds()).toBe(true);
  });

  it.each(PERSON_ROLES.map((role) => [role]))('someone holds the role "%s"', (role) => {
    expect(curated.people.some((person) => person.roles.includes(role))).toBe(true);
  });

  it.each([
    ['Nathan Fillion', 'actor', 1],
    ['Joss Whedon', 'director', 2],
    ['David Attenborough', 'narrator', 16],
    ['Tom Hanks', 'voice over', 21],
  ] as const)('%s is curated as %s', (name, role, id) => {
    expect(curated.people.find((person) => person.id === id)).toMatchObject({ name, roles: expect.arrayContaining([role]) });
  });
});

describe('a bad curated file stops with the path of the mistake', () => {
  const good = load(readFileSync(curatedFilePath(), 'utf8'), { schema: CORE_SCHEMA }) as Record<string, any>;
  const broken = (change: (file: Record<string, any>) => void): string => {
    const file = structuredClone(good);
    change(file);
    return dump(file, { schema: CORE_SCHEMA });
  };

  it.each([
    [
      'an unknown key',
      (f: any) => {
        f.titles[0].colour = 'red';
      },
      'titles[0]: Unrecognized key: "colour"',
    ],
    [
      'a histogram of 9 bins',
      (f: any) => {
        f.titles[1].histogram.pop();
      },
      'titles[1].histogram: expected 10 bins',
    ],
    [
      'a title id outside 1..999',
      (f: any) => {
        f.titles[0].id = 1000;
      },
      'titles[0].id',
    ],
    [
      'a pegi certificate on a film',
      (f: any) => {
        f.titles[0].certificate = '16';
      },
      'titles[0].certificate: "16" is not a bbfc certificate',
    ],
    [
      'a bbfc certificate on a game',
      (f: any) => {
        f.titles.find((t: any) => t.kind === 'game').certificate = 'PG';
      },
      'is not a pegi certificate',
    ],
    [
      'R18 on a title that is not adult',
      (f: any) => {
        f.titles[0].certificate = 'R18';
      },
      'titles[0].certificate: R18 is only for adult titles',
    ],
    [
      'a console format on a film',
      (f: any) => {
        f.titles[0].format = 'Wii';
      },
      'titles[0].format: "Wii" is not a film format',
    ],
    [
      'a duplicated title id',
      (f: any) => {
        f.titles[2].id = 1;
      },
      'titles[2].id: title id 1 is already used by titles[0].id',
    ],
    [
      'a disc id that collides',
      (f: any) => {
        f.titles[1].discs[0].id = 20;
      },
      'title id 20 is already used by titles[1].discs[0].id',
    ],
    [
      'an actor who is not in people',
      (f: any) => {
        f.titles[0].actors.push(998);
      },
      'titles[0].actors[2]: person 998 is not in people',
    ],
    [
      'a director without the director role',
      (f: any) => {
        f.titles[0].directors = [1];
      },
      'titles[0].directors[0]: Nathan Fillion (1) has no role that fits directors',
    ],
    [
      'a game with actors',
      (f: any) => {
        f.titles.find((t: any) => t.kind === 'game').actors = [1];
      },
      '.actors: games have none',
    ],
    [
      'a director who directs nothing',
      (f: any) => {
        f.people.push({ id: 999, name: 'Idle Person', roles: ['director'] });
      },
      "people[33]: Idle Person is a director but is in no title's directors",
    ],
    [
      'a review of a missing title',
      (f: any) => {
        f.reviews[0].title = 998;
      },
      'reviews[0].title: title 998 is not curated',
    ],
    [
      'a rating off the half-star grid',
      (f: any) => {
        f.reviews[0].rating = 4.2;
      },
      'reviews[0].rating',
    ],
  ])('%s', (_case, change, message) => {
    expect(() => parseCurated(broken(change), 'curated.yaml')).toThrow(message);
  });

  it('names the file in the message', () => {
    expect(() => parseCurated('titles: [{ id: 1 }]', 'seeds/mine.yaml')).toThrow(/^seeds\/mine.yaml is not a valid curated catalogue/);
  });

  it('reports YAML syntax errors', () => {
    expect(() => parseCurated('titles: [', 'x.yaml')).toThrow(/x.yaml: not valid YAML/);
  });
});
