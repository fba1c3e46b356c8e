import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_SCHEMES } from '../src/domain/categories.js';
import { catalogueTitles, getXml, pathOf } from './catalog-helpers.js';
import { ALICE, asAlice, signed } from './support/signing.js';
import { testWorld, type TestWorld } from './support/world.js';
import { childNames, nodes, parseXml, str } from './support/xml.js';

let tw: TestWorld;
beforeAll(() => {
  tw = testWorld('default');
});

const termsOf = async (app: TestWorld['app'], scheme: string) =>
  nodes(await getXml(app, `/categories/${scheme}`), '/category_scheme/category_items/term').map((n) => String(n.textContent));

describe('GET /categories/{scheme}', () => {
  it.each(CATEGORY_SCHEMES.map((s) => [s]))('/categories/%s answers category_scheme with category_items of terms', async (scheme) => {
    const doc = await getXml(tw.app, `/categories/${scheme}`);
    expect(childNames(doc, '/category_scheme')).toEqual(['category_items']);
    const terms = nodes(doc, '/category_scheme/category_items/term');
    expect(terms.length).toBeGreaterThan(0);
    expect(new Set(terms.map((t) => t.textContent)).size).toBe(terms.length);
  });

  it.each([
    ['catalog', ['video', 'games']],
    ['roles', ['actor', 'director', 'dancer', 'drummer', 'narrator', 'singer', 'voice over']],
    ['availability', ['available', 'quarantined', 'unavailable']],
    ['estimated_wait', ['normal', 'short', 'long']],
  ])('%s has its fixed terms', async (scheme, expected) => {
    expect(await termsOf(tw.app, scheme)).toEqual(expected);
  });

  it.each([
    ['genres', (t: ReturnType<typeof catalogueTitles>[number]) => t.genres],
    ['format', (t: ReturnType<typeof catalogueTitles>[number]) => [t.format]],
    ['purchases', (t: ReturnType<typeof catalogueTitles>[number]) => t.purchase],
    ['languages/main', (t: ReturnType<typeof catalogueTitles>[number]) => t.languages.main],
    ['languages/dubbed', (t: ReturnType<typeof catalogueTitles>[number]) => t.languages.dubbed],
    ['languages/hearing_impaired', (t: ReturnType<typeof catalogueTitles>[number]) => t.languages.hearingImpaired],
    ['certificates/bbfc', (t: ReturnType<typeof catalogueTitles>[number]) => (t.certificateScheme === 'bbfc' ? [t.certificate] : [])],
    ['certificates/pegi', (t: ReturnType<typeof catalogueTitles>[number]) => (t.certificateScheme === 'pegi' ? [t.certificate] : [])],
  ] as const)('%s lists exactly the values the catalogue uses', async (scheme, valuesOf) => {
    const expected = new Set(catalogueTitles(tw.world).flatMap((t) => valuesOf(t)));
    expect(new Set(await termsOf(tw.app, scheme))).toEqual(expected);
  });

  it('every term a title shows in a category is listed under its scheme', async () => {
    const doc = await getXml(tw.app, '/catalog/title?items_per_page=250');
    const listed = new Map<string, string[]>();
    for (const c of nodes(doc, '/search/catalog_title/category')) {
      const scheme = str(c, '@scheme').replace('http://rentalsim.test/categories/', '');
      if (!listed.has(scheme)) listed.set(scheme, await termsOf(tw.app, scheme));
      expect(listed.get(scheme), scheme).toContain(str(c, '@term'));
    }
    expect([...listed.keys()].sort()).toEqual(['catalog', 'certificates/bbfc', 'certificates/pegi', 'format', 'genres']);
  });

  it("recommendation_source, the scheme of the recommendations' category, lists every term they use", async () => {
    // The terms and the scheme as alice's recommendations show them, every page.
    const used = new Set<string>();
    const schemes = new Set<string>();
    let next: string | undefined = `/users/${ALICE.guid}/recommendations?items_per_page=100&expand=none`;
    while (next) {
      const res = await asAlice(tw.app, 'GET', next);
      expect(res.status).toBe(200);
      const doc = parseXml(res.text);
      for (const c of nodes(doc, "/recommendations/catalog_title/category[contains(@scheme, '/recommendation_source')]")) {
        schemes.add(str(c, '@scheme'));
        used.add(str(c, '@term'));
      }
      const href = str(doc, "/recommendations/link[@rel='next']/@href");
      next = href ? pathOf(href) : undefined;
    }
    expect([...schemes]).toEqual(['http://rentalsim.test/categories/recommendation_source']);
    expect(used.size).toBeGreaterThan(1);
    const listed = nodes(await getXml(tw.app, pathOf([...schemes][0]!)), '/category_scheme/category_items/term').map((n) => String(n.textContent));
    expect(new Set(listed)).toEqual(used);
    expect(listed).toHaveLength(used.size);
  });

  it('lists certificates youngest audience first', async () => {
    const bbfc = await termsOf(tw.app, 'certificates/bbfc');
    expect(bbfc.indexOf('U')).toBeLessThan(bbfc.indexOf('PG'));
    expect(bbfc.indexOf('15')).toBeLessThan(bbfc.indexOf('18'));
  });

  it('an empty catalogue still has the fixed schemes and no derived terms', async () => {
    const empty = testWorld('empty-catalogue');
    expect(await termsOf(empty.app, 'roles')).toHaveLength(7);
    expect(await termsOf(empty.app, 'genres')).toEqual([]);
    expect(childNames(await getXml(empty.app, '/categories/genres'), '/category_scheme')).toEqual(['category_items']);
  });

  it.each([['/categories/colours'], ['/categories/certificates'], ['/categories'], ['/categories/genres/extra']])(
    '%s is 404 naming the schemes',
    async (path) => {
      expect(str(await getXml(tw.app, path, 404), '/error/details')).toMatch(/\/categories\/genres/);
    },
  );

  it('answers POST with 405 and Allow', async () => {
    const res = await signed(tw.app, 'POST', '/categories/genres', { form: { a: '1' } });
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('GET, HEAD');
  });
});
