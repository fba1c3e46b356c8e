import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_PAGING } from '../src/domain/paging.js';
import { parsePersonSearch, parseTitleSearch } from '../src/domain/search-request.js';
import { isoDate } from '../src/domain/sim-clock.js';
import { PERSON_ROLES } from '../src/domain/types.js';
import { catalogSearchOf } from '../src/store/catalog-search.js';
import { allIds, catalogueTitles, getXml, personIds, sorted, titleIds } from './catalog-helpers.js';
import { sendRaw } from './support/oauth-request.js';
import { signed } from './support/signing.js';
import { freezeClock, testWorld, type TestWorld } from './support/world.js';
import { childNames, count, nodes, parseXml, str } from './support/xml.js';

const FIREFLY_SERIES = 10;
/** Element names with runs of the same name collapsed: category, category, link -> category, link. */
const collapse = (names: string[]) => names.filter((n, i) => n !== names[i - 1]);
const FIREFLIES_IN_THE_GARDEN = 20;

let tw: TestWorld;
beforeAll(() => {
  tw = testWorld('default');
  // The requests and the oracle must agree on today: a world whose day can turn between them cannot.
  freezeClock(tw.world);
});

describe('GET /catalog/{kind} for title kinds', () => {
  it.each([
    ['title', ['film', 'tv', 'game']],
    ['film', ['film']],
    ['tv', ['tv']],
    ['video', ['film', 'tv']],
    ['games', ['game']],
  ])('/catalog/%s answers search with catalog_title items of kinds %j', async (kind, kinds) => {
    const doc = await getXml(tw.app, `/catalog/${kind}?items_per_page=250`);
    expect(Number(str(doc, '/search/total_results'))).toBeGreaterThan(0);
    const ids = titleIds(doc);
    expect(ids.length).toBe(count(doc, '/search/catalog_title'));
    const found = new Set(ids.map((id) => tw.world.scenario.catalog.title(id)!.kind));
    expect([...found].every((k) => kinds.includes(k))).toBe(true);
    const expected = catalogueTitles(tw.world).filter((t) => kinds.includes(t.kind)).length;
    expect(Number(str(doc, '/search/total_results'))).toBe(expected);
  });

  it('never lists the discs of a multi-disc title, only the title', async () => {
    const ids = await allIds(tw.app, '/catalog/tv');
    const series = tw.world.scenario.catalog.title(FIREFLY_SERIES)!;
    expect(series.discIds.length).toBeGreaterThan(1);
    expect(ids).toContain(FIREFLY_SERIES);
    for (const disc of series.discIds) expect(ids).not.toContain(disc);
  });

  it('without a term lists the whole catalogue, most rated first', async () => {
    const ids = await allIds(tw.app, '/catalog/title');
    expect(ids.length).toBe(catalogueTitles(tw.world).length);
    const ratings = ids.map((id) => tw.world.scenario.catalog.title(id)!.baseHistogram.reduce((a, b) => a + b, 0));
    for (let i = 1; i < ratings.length; i++) expect(ratings[i]).toBeLessThanOrEqual(ratings[i - 1]!);
  });

  it('answers an unknown kind with 404 listing the kinds', async () => {
    const res = await signed(tw.app, 'GET', '/catalog/cartoons');
    expect(res.status).toBe(404);
    expect(str(parseXml(res.text), '/error/details')).toMatch(/voice%20over/);
  });

  it('answers other methods with 405 and Allow', async () => {
    const res = await signed(tw.app, 'POST', '/catalog/title', { form: { term: 'x' } });
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('GET, HEAD');
    expect(str(parseXml(res.text), '/error/reason')).toBe('Method Not Allowed');
  });
});

describe('GET /catalog/{kind} for people kinds', () => {
  it('/catalog/person lists everyone as person items', async () => {
    const doc = await getXml(tw.app, '/catalog/person?items_per_page=1');
    expect(Number(str(doc, '/search/total_results'))).toBe(tw.world.scenario.catalog.counts().people);
    const p = nodes(doc, '/search/person')[0]!;
    expect(collapse(childNames(doc, '/search/person'))).toEqual(['name', 'id', 'category', 'link']);
    expect(nodes(p, 'link').map((l) => str(l, '@rel'))).toEqual(['artworks', 'biography', 'filmography'].map((n) => `http://schemas.lovefilm.com/${n}`));
  });

  it.each(PERSON_ROLES.map((r) => [r]))('/catalog/%s lists only people with that role', async (role) => {
    const doc = await getXml(tw.app, `/catalog/${encodeURIComponent(role)}?items_per_page=250`);
    const total = Number(str(doc, '/search/total_results'));
    expect(total).toBeGreaterThan(0);
    for (const p of nodes(doc, '/search/person')) {
      expect(nodes(p, 'category[@scheme="http://rentalsim.test/categories/roles"]').map((c) => str(c, '@term'))).toContain(role);
    }
  });

  it('finds people by a word prefix of their name', async () => {
    const ids = personIds(await getXml(tw.app, '/catalog/person?term=taylo'));
    expect(ids).toEqual(expect.arrayContaining([19, 20]));
  });

  it('role restricts, also as an X OR Y list', async () => {
    const drummers = personIds(await getXml(tw.app, '/catalog/person?term=taylor&role=drummer'));
    expect(drummers).toEqual([19]);
    const either = personIds(await getXml(tw.app, '/catalog/person?term=taylor&role=drummer%20OR%20director'));
    expect(sorted(either)).toEqual([19, 20]);
  });

  it('ignores title parameters like expand, and rejects title facets with 400', async () => {
    await getXml(tw.app, '/catalog/actor?expand=nonsense');
    await getXml(tw.app, '/catalog/actor?refine=genre', 400);
  });
});

describe('term', () => {
  it('zzyzx finds exactly one title, Zzyzx', async () => {
    const doc = await getXml(tw.app, '/catalog/title?term=zzyzx');
    expect(str(doc, '/search/total_results')).toBe('1');
    expect(str(doc, '/search/catalog_title/title/@clean')).toBe('Zzyzx');
  });

  it('firefly finds the multi-disc series and "Fireflies in the Garden" (word prefix, plural)', async () => {
    const ids = titleIds(await getXml(tw.app, '/catalog/title?term=firefly'));
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(ids).toEqual(expect.arrayContaining([FIREFLY_SERIES, FIREFLIES_IN_THE_GARDEN]));
  });

  it.each([['FIREFLY'], ['Firefly'], ['fIrEfLy']])('is case-insensitive: %s', async (term) => {
    expect(titleIds(await getXml(tw.app, `/catalog/title?term=${term}`))).toEqual(titleIds(await getXml(tw.app, '/catalog/title?term=firefly')));
  });

  it('matches word prefixes', async () => {
    expect(titleIds(await getXml(tw.app, '/catalog/title?term=zzy'))).toEqual([1]);
  });

  it('needs every word to match', async () => {
    expect(titleIds(await getXml(tw.app, '/catalog/title?term=fireflies%20garden'))).toEqual([FIREFLIES_IN_THE_GARDEN]);
    expect(titleIds(await getXml(tw.app, '/catalog/title?term=zzyzx%20garden'))).toEqual([]);
  });

  it('puts the best match first: the exact clean title, then titles starting with the term', async () => {
    const doc = await getXml(tw.app, '/catalog/film?term=alien&expand=none');
    const cleans = nodes(doc, '/search/catalog_title/title/@clean').map((n) => String(n.nodeValue));
    expect(cleans[0]).toBe('Alien');
    const firstOther = cleans.findIndex((c) => !c.toLowerCase().startsWith('alien'));
    if (firstOther !== -1) expect(cleans.slice(firstOther).every((c) => !c.toLowerCase().startsWith('alien'))).toBe(true);
  });

  it('restricts to the kind: games do not find the firefly series', async () => {
    expect(titleIds(await getXml(tw.app, '/catalog/games?term=firefly'))).toEqual([]);
    expect(titleIds(await getXml(tw.app, '/catalog/tv?term=firefly'))).toEqual([FIREFLY_SERIES]);
  });

  it.each([
    ['quotes', '"firefly'],
    ['FTS operators', 'firefly OR NOT AND NEAR(x)'],
    ['a star', '*'],
    ['a column filter', 'clean_title:firefly'],
    ['a caret', '^firefly'],
    ['brackets', '(((('],
    ['a minus', '-firefly'],
    ['unicode', 'Amélie 東京 ☃'],
    ['a lone surrogate escape', '%ED%A0%80'],
  ])('never fails on %s', async (_what, term) => {
    const res = await signed(tw.app, 'GET', `/catalog/title?term=${encodeURIComponent(term)}`);
    expect(res.status).toBe(200);
    parseXml(res.text);
  });

  it('never makes the index fail, whatever the term (property)', () => {
    const search = catalogSearchOf(tw.world.scenario.catalog);
    const today = isoDate(tw.world.clock.now());
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (term) => {
        const params = { get: (n: string) => (n === 'term' ? term : undefined), getAll: () => [] };
        search.titles(parseTitleSearch('title', params), { startIndex: 1, itemsPerPage: CATALOG_PAGING.defaultSize }, today);
        search.people.search(parsePersonSearch('person', params), { startIndex: 1, itemsPerPage: 5 });
      }),
      { numRuns: 300 },
    );
  });
});

describe('filters', () => {
  const titles = () => catalogueTitles(tw.world);

  it.each([
    ['genre', 'Drama', (t: { genres: string[] }) => t.genres.includes('Drama')],
    ['format', 'Blu-ray', (t: { format: string }) => t.format === 'Blu-ray'],
    ['certificate', '18', (t: { certificate: string }) => t.certificate === '18'],
    ['purchase', 'rental', (t: { purchase: string[] }) => t.purchase.includes('rental')],
  ] as const)('%s=%s gives exactly the titles that have it', async (param, value, has) => {
    const ids = await allIds(tw.app, `/catalog/title?${param}=${encodeURIComponent(value)}`);
    const expected = titles()
      .filter((t) => (has as (t: unknown) => boolean)(t))
      .map((t) => t.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(sorted(ids)).toEqual(sorted(expected));
  });

  it('genre takes an X OR Y list', async () => {
    const ids = await allIds(tw.app, '/catalog/title?genre=Westerns%20OR%20Anime');
    const expected = titles()
      .filter((t) => t.genres.includes('Westerns') || t.genres.includes('Anime'))
      .map((t) => t.id);
    expect(sorted(ids)).toEqual(sorted(expected));
  });

  it('format takes an X OR Y list', async () => {
    const ids = await allIds(tw.app, '/catalog/games?format=Wii%20OR%20Nintendo%20DS');
    const expected = titles()
      .filter((t) => t.kind === 'game' && (t.format === 'Wii' || t.format === 'Nintendo DS'))
      .map((t) => t.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(sorted(ids)).toEqual(sorted(expected));
  });

  it('a broad filter (over a thousand matches, read by walking the rating order) pages exactly, most rated first', async () => {
    const ratingsOf = (t: { baseHistogram: number[] }) => t.baseHistogram.reduce((a, b) => a + b, 0);
    const expected = titles()
      .filter((t) => t.kind !== 'game' && !/blu-?ray/i.test(t.format))
      .sort((a, b) => ratingsOf(b) - ratingsOf(a) || a.id - b.id)
      .map((t) => t.id);
    expect(expected.length).toBeGreaterThan(1000);
    expect(await allIds(tw.app, '/catalog/title?f=media%7CDVD')).toEqual(expected);
    const page = titleIds(await getXml(tw.app, '/catalog/title?f=media%7CDVD&start_index=1001&items_per_page=7&expand=none'));
    expect(page).toEqual(expected.slice(1000, 1007));
  });

  it('matches values case-insensitively', async () => {
    expect(await allIds(tw.app, '/catalog/title?genre=drama')).toEqual(await allIds(tw.app, '/catalog/title?genre=Drama'));
  });

  it('repeated f filters all apply, with the shorthand parameters', async () => {
    const ids = await allIds(tw.app, '/catalog/film?genre=Drama&f=format%7CDVD&f=production_decade%7C2000');
    const expected = titles()
      .filter(
        (t) =>
          t.kind === 'film' &&
          t.genres.includes('Drama') &&
          t.format === 'DVD' &&
          t.productionYear !== undefined &&
          t.productionYear >= 2000 &&
          t.productionYear < 2010,
      )
      .map((t) => t.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(sorted(ids)).toEqual(sorted(expected));
  });

  it('a value nobody has gives an empty result, not an error', async () => {
    const doc = await getXml(tw.app, '/catalog/title?genre=Nonexistent');
    expect(str(doc, '/search/total_results')).toBe('0');
  });

  it.each([
    ['an unknown f facet', 'f=colour%7Cred', /f: .*no known facet/],
    ['an f without a value', 'f=genre', /f: .*no value/],
    ['a flag facet with another value', 'f=coming_soon%7Ctrue', /coming_soon\|coming_soon/],
  ])('rejects %s with 400', async (_what, query, details) => {
    const doc = await getXml(tw.app, `/catalog/title?${query}`, 400);
    expect(str(doc, '/error/details')).toMatch(details);
  });
});

describe('paging', () => {
  const total = () => catalogueTitles(tw.world).length;

  it('defaults to 20 per page from 1, with self, next and last links', async () => {
    const doc = await getXml(tw.app, '/catalog/title?term=a');
    expect(str(doc, '/search/items_per_page')).toBe('20');
    expect(str(doc, '/search/start_index')).toBe('1');
    expect(
      nodes(doc, '/search/link')
        .map((l) => str(l, '@rel'))
        .slice(0, 3),
    ).toEqual(['self', 'next', 'last']);
    expect(str(doc, '/search/link[@rel="self"]/@title')).toBe('self');
  });

  it('a middle page links to the next and the last page, carrying the parameters', async () => {
    const doc = await getXml(tw.app, '/catalog/title?genre=Drama&expand=none&start_index=11&items_per_page=10');
    expect(str(doc, '/search/link[@rel="next"]/@href')).toBe('http://rentalsim.test/catalog/title?genre=Drama&expand=none&start_index=21&items_per_page=10');
    const last = str(doc, '/search/link[@rel="last"]/@href');
    const t = Number(str(doc, '/search/total_results'));
    expect(last).toBe(`http://rentalsim.test/catalog/title?genre=Drama&expand=none&start_index=${Math.floor((t - 1) / 10) * 10 + 1}&items_per_page=10`);
    expect(count(doc, '/search/catalog_title')).toBe(10);
  });

  it('the last page has no next link and holds the rest', async () => {
    const n = total();
    const last = Math.floor((n - 1) / 100) * 100 + 1;
    const doc = await getXml(tw.app, `/catalog/title?start_index=${last}&items_per_page=100&expand=none`);
    expect(count(doc, '/search/link[@rel="next"]')).toBe(0);
    expect(count(doc, '/search/catalog_title')).toBe(n - last + 1);
  });

  it('past the end answers 200 with no items, the same total, self and last', async () => {
    const doc = await getXml(tw.app, `/catalog/title?start_index=${total() + 5}`);
    expect(Number(str(doc, '/search/total_results'))).toBe(total());
    expect(count(doc, '/search/catalog_title')).toBe(0);
    expect(nodes(doc, '/search/link').map((l) => str(l, '@rel'))).toEqual(['self', 'last']);
  });

  it('clamps items_per_page to 250 and echoes it', async () => {
    const doc = await getXml(tw.app, '/catalog/title?items_per_page=1000&expand=none');
    expect(str(doc, '/search/items_per_page')).toBe('250');
    expect(count(doc, '/search/catalog_title')).toBe(250);
    expect(str(doc, '/search/link[@rel="self"]/@href')).toContain('items_per_page=250');
  });

  it.each([
    ['items_per_page=0'],
    ['items_per_page=-5'],
    ['items_per_page=2.5'],
    ['items_per_page=ten'],
    ['start_index=0'],
    ['start_index=-1'],
    ['start_index=1.5'],
    ['start_index=x'],
  ])('rejects %s with 400', async (query) => {
    const doc = await getXml(tw.app, `/catalog/title?${query}`, 400);
    expect(str(doc, '/error/details')).toMatch(/start_index|items_per_page/);
  });

  it('page links repeat every parameter except oauth_* ones, commas as %2C', async () => {
    const res = await sendRaw(tw.app, { path: '/catalog/title?term=fire&expand=synopsis,actors&rand=7', place: 'query' });
    expect(res.status).toBe(200);
    const self = str(parseXml(res.text), '/search/link[@rel="self"]/@href');
    expect(self).toBe('http://rentalsim.test/catalog/title?term=fire&expand=synopsis%2Cactors&rand=7&start_index=1&items_per_page=20');
  });

  it('keeps /catalog/voice%20over encoded in page links', async () => {
    const doc = await getXml(tw.app, '/catalog/voice%20over?items_per_page=5');
    expect(str(doc, '/search/link[@rel="self"]/@href')).toBe('http://rentalsim.test/catalog/voice%20over?start_index=1&items_per_page=5');
  });
});

describe('an empty catalogue', () => {
  it.each([['title'], ['games'], ['person'], ['voice%20over']])('/catalog/%s answers an empty search', async (kind) => {
    const empty = testWorld('empty-catalogue');
    const doc = await getXml(empty.app, `/catalog/${kind}?term=zzyzx&refine=all`);
    expect(str(doc, '/search/total_results')).toBe('0');
    expect(str(doc, '/search/link[@rel="last"]/@href')).toContain('start_index=1&');
    expect(count(doc, '/search/link[@rel="next"]')).toBe(0);
    expect(count(doc, '/search/*[self::catalog_title or self::person]')).toBe(0);
    for (const r of nodes(doc, '/search/link[@rel="http://schemas.lovefilm.com/refinement"]')) expect(count(r, 'link')).toBe(0);
  });
});
