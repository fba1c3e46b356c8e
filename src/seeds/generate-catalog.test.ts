import { describe, expect, it } from 'vitest';

import { CATALOG_RULES } from '../../test/support/catalog-rules.js';
import type { CatalogData as Catalog } from '../store/catalog-db.js';
import { generateCatalog, type CatalogOptions } from './generate-catalog.js';
import { ratingCount } from './histogram.js';

const TODAY = '2026-05-01';
const options = (overrides: Partial<CatalogOptions> = {}): CatalogOptions => ({
  seed: 42,
  titles: 3000,
  people: 2000,
  curated: true,
  today: TODAY,
  ...overrides,
});

const catalogs: Record<string, Catalog> = {
  'curated only': generateCatalog(options({ titles: 0, people: 0 })),
  'generated only': generateCatalog(options({ curated: false })),
  'curated and generated': generateCatalog(options({ seed: 7 })),
  'tiny generated (fewer people than parts)': generateCatalog(options({ titles: 40, people: 3, curated: false })),
};
const cases = Object.keys(catalogs).flatMap((name) => CATALOG_RULES.map((rule) => ({ name, ...rule })));

describe('catalogue invariants', () => {
  it.each(cases)('$rule ($name)', ({ name, problems }) => {
    expect(problems(catalogs[name] as Catalog, TODAY).slice(0, 5)).toEqual([]);
  });
});

describe('determinism', () => {
  it('the same options give byte-identical output', () => {
    expect(JSON.stringify(generateCatalog(options()))).toBe(JSON.stringify(generateCatalog(options())));
  });

  it.each([
    ['seed', { seed: 43 }],
    ['today', { today: '2026-06-01' }],
  ] as const)('a different %s gives a different catalogue', (_name, change) => {
    expect(JSON.stringify(generateCatalog(options({ ...change, titles: 200, people: 100 })))).not.toBe(
      JSON.stringify(generateCatalog(options({ titles: 200, people: 100 }))),
    );
  });

  it('a different day moves release dates only: ids, kinds, formats and discs stay (scenarios name them)', () => {
    const shape = (today: string) =>
      generateCatalog(options({ today, titles: 500, people: 200 })).titles.map((t) => [
        t.id,
        t.kind,
        t.format,
        t.parentId,
        t.discIds,
        t.fullTitle,
        t.canRent,
        t.baseHistogram,
      ]);
    expect(shape('2031-03-17')).toEqual(shape(TODAY));
    expect(shape('2024-01-01')).toEqual(shape(TODAY));
  });

  it('release dates move with the day, so coming-soon titles stay in the future', () => {
    const later = '2031-03-17';
    const soon = (today: string) =>
      generateCatalog(options({ today, curated: false }))
        .titles.filter((t) => (t.releaseDate ?? '') > today)
        .map((t) => t.id);
    expect(soon(later)).toEqual(soon(TODAY));
    expect(soon(later).length).toBeGreaterThan(0);
  });

  it('a different people count keeps every title name (titles draw from their own stream)', () => {
    const names = (people: number) => generateCatalog(options({ people, curated: false })).titles.map((t) => t.fullTitle);
    expect(names(900)).toEqual(names(2000));
  });

  it('a small seed keeps producing these titles (update on purpose when the generator changes)', () => {
    const { titles, people, reviews } = generateCatalog({ seed: 1, titles: 8, people: 6, curated: false, today: TODAY });
    const brief = titles.map((t) =>
      [t.id, t.kind, t.fullTitle, t.format, t.certificate, t.releaseDate, ratingCount(t.baseHistogram), t.actorIds.join(' ')].join(' | '),
    );
    expect(brief).toMatchInlineSnapshot(`
      [
        "10001 | film | Maryjane's Widow: Director's Cut | DVD | 15 | 2007-02-01 | 1264 | 20004 20005 20001 20006 20003",
        "10002 | film | Return to Eden | DVD | 15 | 2025-08-03 | 57 | 20005 20001 20003",
        "10003 | film | The Green Girl | DVD | 15 | 1998-08-04 | 0 | 20006 20001 20003 20005",
        "10004 | film | Defending Bridie | DVD | 18 | 2005-06-02 | 3 | 20006 20005",
        "10005 | film | A Saint for Rhett | DVD | 15 | 2014-06-03 | 82 | 20001 20005 20003",
        "10006 | film | The Verdict | DVD | PG | 2020-08-11 | 4 | 20006 20005 20003 20001",
        "10007 | tv | The Night Chronicles - Series 6 | DVD | 12 | 2026-04-29 | 255 | 20005 20006 20001 20003",
        "10008 | film | Saving Imelda (Blu-ray) | Blu-ray | PG | 2025-11-14 | 9 | 20005 20001 20006",
      ]
    `);
    expect(people.map((p) => `${p.id} ${p.name} [${p.roles.join(', ')}] ${p.filmography.join(' ')}`)).toMatchInlineSnapshot(`
      [
        "20001 Katelyn Johns [actor] 10008 10002 10007 10006 10005 10001 10003",
        "20002 Demetrius Kautzer [director] 10008 10002 10007 10006 10005 10001 10003 10004",
        "20003 Dylan O'Reilly [actor] 10002 10007 10006 10005 10001 10003",
        "20004 Erick Kuphal [narrator] 10001",
        "20005 Giles Tillman [actor] 10008 10002 10007 10006 10005 10001 10003 10004",
        "20006 Berniece Marks [actor] 10008 10007 10006 10001 10003 10004",
      ]
    `);
    expect(reviews.map((r) => `${r.id} ${r.titleId} ${r.author} ${r.created} ${r.rating}`)).toMatchInlineSnapshot(`
      [
        "10001 10002 marcellus216 2025-10-15T23:44:38Z 4.5",
        "10002 10002 Vickie L. 2025-12-20T10:38:22Z 5",
        "10003 10002 broderick988 2025-12-17T16:08:19Z 4",
        "10004 10002 Pierce F. 2026-02-19T09:22:33Z 4.5",
        "10005 10004 ewell769 2025-05-22T14:41:34Z 5",
        "10006 10004 warren358 2016-10-18T01:19:52Z 4",
      ]
    `);
  });
});

describe('a realistic mix (seed 42, 3000 titles)', () => {
  const { titles, reviews } = catalogs['generated only'] as Catalog;
  const share = (test: (t: (typeof titles)[number]) => boolean): number => titles.filter(test).length / titles.length;
  const products = titles.filter((t) => t.parentId === undefined);

  it.each([
    ['films are about 65% of rows', share((t) => t.kind === 'film'), 0.58, 0.72],
    ['tv rows (series and discs) are about 20%', share((t) => t.kind === 'tv'), 0.14, 0.26],
    ['games are about 15%', share((t) => t.kind === 'game'), 0.11, 0.19],
    ['about 3% are coming soon', share((t) => t.releaseDate! > TODAY), 0.015, 0.05],
    ['about 5% are new releases (last 90 days)', share((t) => t.releaseDate! <= TODAY && t.releaseDate! > '2026-01-31'), 0.03, 0.08],
    ['about 3% cannot be rented', share((t) => !t.canRent), 0.01, 0.06],
    ['about 1% are adult', share((t) => t.adult), 0.003, 0.025],
    ['about 5% are in a collection', share((t) => t.collections.length > 0), 0.025, 0.09],
    ['most video is on DVD', titles.filter((t) => t.format === 'DVD').length / titles.filter((t) => t.kind !== 'game').length, 0.65, 0.9],
    ['about 30% of titles have reviews', new Set(reviews.map((r) => r.titleId)).size / products.length, 0.22, 0.36],
    ['about 10% have no ratings', share((t) => ratingCount(t.baseHistogram) === 0), 0.05, 0.2],
    ['some synopses run past the 200 characters of the embedded cut', share((t) => t.synopsis.length > 200), 0.2, 0.95],
  ])('%s', (_rule, actual, low, high) => {
    expect(actual).toBeGreaterThanOrEqual(low);
    expect(actual).toBeLessThanOrEqual(high);
  });

  it('some tv series come on several discs', () => {
    expect(titles.filter((t) => t.discIds.length >= 2).length).toBeGreaterThan(10);
  });

  it('popular titles have thousands of ratings', () => {
    expect(Math.max(...titles.map((t) => ratingCount(t.baseHistogram)))).toBeGreaterThan(5000);
  });

  it('every generated person has at least one credit when titles outnumber people', () => {
    expect((catalogs['generated only'] as Catalog).people.filter((p) => p.filmography.length === 0)).toEqual([]);
  });

  it.each(['zzyzx', 'firefl'])('no generated title has a word starting with "%s"', (prefix) => {
    const word = new RegExp(`(^|[^\\p{L}\\p{N}])${prefix}`, 'iu');
    expect(titles.filter((t) => word.test(t.fullTitle) || t.fullTitle.toLowerCase().includes('zzyzx'))).toEqual([]);
  });
});

describe('options', () => {
  it.each([
    ['a malformed today', { today: '2026-5-1' }, /YYYY-MM-DD/],
    ['an impossible date', { today: '2026-02-30' }, /YYYY-MM-DD/],
    ['a negative title count', { titles: -1 }, /titles/],
    ['a fractional people count', { people: 1.5 }, /people/],
  ] as const)('rejects %s', (_case, change, message) => {
    expect(() => generateCatalog(options(change))).toThrow(message);
  });

  it('makes exactly the requested number of generated rows, discs included', () => {
    for (const titles of [0, 1, 2, 3, 57]) {
      expect(generateCatalog(options({ titles, curated: false })).titles).toHaveLength(titles);
    }
  });
});
