import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../src/domain/search-facets.js';
import { isoDate } from '../src/domain/sim-clock.js';
import type { Person, Title } from '../src/domain/types.js';
import { allIds, catalogueTitles, getXml, pathOf, personIds, sorted } from './catalog-helpers.js';
import { freezeClock, testWorld, type TestWorld } from './support/world.js';
import { count, nodes, str } from './support/xml.js';

const REFINEMENT = 'http://schemas.lovefilm.com/refinement';
const VALUE = 'http://schemas.lovefilm.com/refinement_value';

let tw: TestWorld;
beforeAll(() => {
  tw = testWorld('default');
  // The requests and the oracle must agree on today: a world whose day can turn between them cannot.
  freezeClock(tw.world);
});

/**
 * What each facet means, written again from the titles' own fields (not from the index), so that following a
 * refinement link can be checked against an independent answer.
 */
function oracle(facet: string, value: string, today: string, person: (id: number) => Person | undefined): (t: Title) => boolean {
  const eq = (a: string) => a.toLowerCase() === value.toLowerCase();
  switch (facet) {
    case 'cast':
      return (t) => t.actorIds.some((id) => eq(person(id)?.name ?? ''));
    case 'directors':
      return (t) => t.directorIds.some((id) => eq(person(id)?.name ?? ''));
    case 'certificate':
      return (t) => eq(t.certificate);
    case 'collection':
      return (t) => t.collections.some((c) => eq(c.name));
    case 'collection_id':
      return (t) => t.collections.some((c) => String(c.id) === value);
    case 'coming_soon':
      return (t) => t.releaseDate !== undefined && t.releaseDate > today;
    case 'new_releases':
      return (t) => t.releaseDate !== undefined && t.releaseDate >= addDays(today, -90) && t.releaseDate <= today;
    case 'most_popular':
      return (t) => t.popularityRank !== undefined;
    case 'digital_purchase_type':
    case 'purchase':
      return (t) => t.purchase.some(eq);
    case 'format':
      return (t) => eq(t.format);
    case 'genre':
      return (t) => t.genres.some(eq);
    case 'language':
      return (t) => t.languages.main.some(eq);
    case 'media':
      return (t) => eq(t.kind === 'game' ? 'Games' : /blu-?ray/i.test(t.format) ? 'Blu-ray' : 'DVD');
    case 'production_decade':
      return (t) => t.productionYear !== undefined && String(Math.floor(t.productionYear / 10) * 10) === value;
    default:
      throw new Error(`no oracle for ${facet}`);
  }
}

const FACETS = [
  'cast',
  'certificate',
  'collection',
  'collection_id',
  'coming_soon',
  'digital_purchase_type',
  'directors',
  'format',
  'genre',
  'language',
  'media',
  'most_popular',
  'new_releases',
  'production_decade',
  'purchase',
];

describe('refine over titles', () => {
  it.each(FACETS.map((f) => [f]))('following a %s refinement link gives exactly the titles with that value', async (facet) => {
    const doc = await getXml(tw.app, `/catalog/title?refine=${facet}&items_per_page=5&expand=none`);
    const group = nodes(doc, `/search/link[@rel="${REFINEMENT}"][@title="${facet}"]`);
    expect(group.length).toBe(1);
    const values = nodes(group[0]!, 'link');
    expect(values.length).toBeGreaterThan(0);
    expect(values.length).toBeLessThanOrEqual(50);
    // The most frequent value first, and the least frequent shown: check both ends.
    const today = isoDate(tw.world.clock.now());
    const catalog = tw.world.scenario.catalog;
    const titles = catalogueTitles(tw.world);
    for (const v of [values[0]!, values[values.length - 1]!]) {
      expect(str(v, '@rel')).toBe(VALUE);
      const value = str(v, '@title');
      const href = str(v, '@href');
      expect(href).toContain(`f=${facet}%7C`);
      expect(href).not.toContain('start_index');
      const followed = await allIds(tw.app, pathOf(href).replace(/&items_per_page=5|&expand=none/g, ''));
      const expected = titles.filter(oracle(facet, value, today, (id) => catalog.person(id))).map((t) => t.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(sorted(followed)).toEqual(sorted(expected));
    }
  });

  it('puts refinements after the paging links and before the items, in the order asked', async () => {
    const doc = await getXml(tw.app, '/catalog/title?term=firefly&refine=media,genre&expand=none');
    const names = nodes(doc, '/search/*').map((n) => (n.nodeName === 'link' ? `link:${str(n, '@title')}` : n.nodeName));
    expect(names).toEqual([
      'total_results',
      'items_per_page',
      'start_index',
      'link:self',
      'link:last',
      'link:media',
      'link:genre',
      'catalog_title',
      'catalog_title',
    ]);
  });

  it('counts only the matching titles: a search for zzyzx refines to its own values', async () => {
    const doc = await getXml(tw.app, '/catalog/title?term=zzyzx&refine=format,certificate');
    expect(nodes(doc, `/search/link[@title="format"]/link`).map((l) => str(l, '@title'))).toEqual(['DVD']);
    expect(nodes(doc, `/search/link[@title="certificate"]/link`).map((l) => str(l, '@title'))).toEqual(['15']);
  });

  it('a refinement link keeps the search and adds the filter, so refinements narrow step by step', async () => {
    const doc = await getXml(tw.app, '/catalog/film?genre=Drama&refine=format&items_per_page=7');
    const href = str(doc, `/search/link[@title="format"]/link[1]/@href`);
    expect(href).toMatch(/^http:\/\/rentalsim\.test\/catalog\/film\?genre=Drama&refine=format&items_per_page=7&f=format%7C/);
    const narrowed = await getXml(tw.app, pathOf(href));
    const again = str(narrowed, `/search/link[@title="format"]/link[1]/@href`);
    expect(again).toBe(href); // already applied: the link is the same search, not a second copy of the filter
    expect(str(doc, `/search/link[@title="format"]/@href`)).toBe('http://rentalsim.test/catalog/film?genre=Drama&items_per_page=7&refine=format');
  });

  it('refine=all gives one link per facet, in the documented order', async () => {
    const doc = await getXml(tw.app, '/catalog/title?refine=all&items_per_page=1&expand=none');
    expect(nodes(doc, `/search/link[@rel="${REFINEMENT}"]`).map((l) => str(l, '@title'))).toEqual(FACETS);
  });

  it('a flag facet with no matching title has an empty refinement link', async () => {
    const doc = await getXml(tw.app, '/catalog/title?term=zzyzx&refine=coming_soon');
    expect(count(doc, `/search/link[@title="coming_soon"]`)).toBe(1);
    expect(count(doc, `/search/link[@title="coming_soon"]/link`)).toBe(0);
  });

  it('rejects an unknown facet with 400 listing the allowed ones', async () => {
    const doc = await getXml(tw.app, '/catalog/title?refine=genre,colour', 400);
    expect(str(doc, '/error/details')).toContain('cast, certificate, collection, collection_id, coming_soon');
  });
});

describe('time facets follow the simulator clock', () => {
  const LIGHTHOUSE = 50; // released 2099-01-15

  it('a title is coming soon before its release date and a new release for 90 days after it', async () => {
    const w = testWorld('default');
    w.world.clock.set({ mode: 'frozen', at: Date.parse('2099-01-01T12:00:00Z') });
    expect(await allIds(w.app, '/catalog/film?f=coming_soon%7Ccoming_soon&term=lighthouse')).toContain(LIGHTHOUSE);
    expect(await allIds(w.app, '/catalog/film?f=new_releases%7Cnew_releases&term=lighthouse')).not.toContain(LIGHTHOUSE);
    w.world.clock.set({ mode: 'frozen', at: Date.parse('2099-02-01T12:00:00Z') });
    expect(await allIds(w.app, '/catalog/film?f=coming_soon%7Ccoming_soon&term=lighthouse')).not.toContain(LIGHTHOUSE);
    expect(await allIds(w.app, '/catalog/film?f=new_releases%7Cnew_releases&term=lighthouse')).toContain(LIGHTHOUSE);
    w.world.clock.set({ mode: 'frozen', at: Date.parse('2099-06-01T12:00:00Z') });
    expect(await allIds(w.app, '/catalog/film?f=new_releases%7Cnew_releases&term=lighthouse')).not.toContain(LIGHTHOUSE);
  });
});

describe('refine over people', () => {
  it('role refinements list the roles of the matching people; following one narrows exactly', async () => {
    const doc = await getXml(tw.app, '/catalog/person?term=taylor&refine=role');
    const values = nodes(doc, `/search/link[@rel="${REFINEMENT}"][@title="role"]/link`);
    expect(values.map((v) => str(v, '@title')).sort()).toEqual(['director', 'drummer', 'singer']);
    for (const v of values) {
      const role = str(v, '@title');
      const ids = await allIds(tw.app, pathOf(str(v, '@href')), 'person');
      const expected = [19, 20].filter((id) => tw.world.scenario.catalog.person(id)!.roles.includes(role as Person['roles'][number]));
      expect(sorted(ids)).toEqual(expected);
    }
  });

  it('refine=all on people is the role facet', async () => {
    const doc = await getXml(tw.app, '/catalog/singer?refine=all&items_per_page=1');
    expect(nodes(doc, `/search/link[@rel="${REFINEMENT}"]`).map((l) => str(l, '@title'))).toEqual(['role']);
    expect(nodes(doc, `/search/link[@title="role"]/link`).map((l) => str(l, '@title'))).toContain('singer');
  });

  it('f=role|x on people filters by role', async () => {
    expect(personIds(await getXml(tw.app, '/catalog/person?term=taylor&f=role%7Cdrummer'))).toEqual([19]);
    await getXml(tw.app, '/catalog/person?f=genre%7CDrama', 400);
  });
});
