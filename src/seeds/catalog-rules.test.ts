import { describe, expect, it } from 'vitest';

import type { Title } from '../domain/types.js';
import { CATALOG_RULES } from '../../test/support/catalog-rules.js';
import type { CatalogData as Catalog } from '../store/catalog-db.js';
import { generateCatalog } from './generate-catalog.js';

// The rules are only worth running if they notice a broken catalogue: break one thing, expect one rule.
const TODAY = '2026-05-01';
const fresh = (): Catalog => generateCatalog({ seed: 3, titles: 300, people: 200, curated: true, today: TODAY });
const firstWhere = (c: Catalog, test: (t: Title) => boolean): Title => c.titles.find(test) as Title;

describe('each catalogue rule catches what it guards', () => {
  it.each([
    [
      'title, person and review ids are unique',
      (c: Catalog) => {
        c.titles[1]!.id = c.titles[0]!.id;
      },
    ],
    [
      'every title has exactly one certificate, from bbfc for video and pegi for games',
      (c: Catalog) => {
        firstWhere(c, (t) => t.kind === 'game').certificateScheme = 'bbfc';
      },
    ],
    [
      'games have players and no cast or languages; video has neither players nor developer',
      (c: Catalog) => {
        firstWhere(c, (t) => t.kind === 'game').actorIds = [1];
      },
    ],
    [
      'histograms have 10 whole, non-negative bins',
      (c: Catalog) => {
        c.titles[0]!.baseHistogram = [1, 2, 3];
      },
    ],
    [
      'the clean title is the full title without edition decoration',
      (c: Catalog) => {
        c.titles[0]!.cleanTitle = 'Something else';
      },
    ],
    [
      'a disc names its tv series, which lists it in disc order',
      (c: Catalog) => {
        firstWhere(c, (t) => t.discIds.length > 0).discIds.reverse();
      },
    ],
    [
      'references point at rows that exist',
      (c: Catalog) => {
        c.titles[0]!.similarIds = [c.titles[0]!.id];
      },
    ],
    [
      'a filmography is exactly the titles that credit the person, newest first, ties by id',
      (c: Catalog) => {
        c.people[0]!.filmography.reverse();
      },
    ],
    [
      'people hold the roles their credits need, and every role of a credited person shows in a credit',
      (c: Catalog) => {
        c.people[0]!.roles = ['director'];
      },
    ],
    [
      'collections rank their members 1..n',
      (c: Catalog) => {
        firstWhere(c, (t) => t.collections.length > 0).collections[0]!.rank = 9;
      },
    ],
    [
      'popularity ranks 1..100 go to the most rated titles',
      (c: Catalog) => {
        delete firstWhere(c, (t) => t.popularityRank === 1).popularityRank;
      },
    ],
    [
      'nobody has rated or reviewed a title that is not out yet',
      (c: Catalog) => {
        c.titles[0]!.releaseDate = '2098-01-01';
      },
    ],
    [
      'reviews rate 0.5..5 in halves and were written after release',
      (c: Catalog) => {
        c.reviews[0]!.rating = 4.2;
      },
    ],
  ])('%s', (rule, breakIt) => {
    const catalog = fresh();
    const guard = CATALOG_RULES.find((candidate) => candidate.rule === rule);
    expect(guard?.problems(catalog, TODAY)).toEqual([]);
    breakIt(catalog);
    expect(guard?.problems(catalog, TODAY).length).toBeGreaterThan(0);
  });
});
