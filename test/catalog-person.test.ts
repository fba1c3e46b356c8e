import { beforeAll, describe, expect, it } from 'vitest';
import { getXml, titleIds } from './catalog-helpers.js';
import { signed } from './support/signing.js';
import { testWorld, type TestWorld } from './support/world.js';
import { childNames, count, nodes, str } from './support/xml.js';

const S = 'http://schemas.lovefilm.com';
const B = 'http://rentalsim.test';
const SUMMER_GLAU = 5; // actor and dancer
const ROGER_TAYLOR = 19;
const NATHAN_FILLION = 1;

let tw: TestWorld;
beforeAll(() => {
  tw = testWorld('default');
});

describe('GET /catalog/person/{id}', () => {
  it('answers person: name, id, a roles category per role, then artworks, biography, filmography links', async () => {
    const doc = await getXml(tw.app, `/catalog/person/${SUMMER_GLAU}`);
    expect(childNames(doc, '/person')).toEqual(['name', 'id', 'category', 'category', 'link', 'link', 'link']);
    expect(str(doc, '/person/name')).toBe('Summer Glau');
    expect(str(doc, '/person/id')).toBe(`${B}/catalog/person/${SUMMER_GLAU}`);
    expect(nodes(doc, `/person/category[@scheme="${B}/categories/roles"]`).map((c) => str(c, '@term'))).toEqual(['actor', 'dancer']);
    for (const name of ['artworks', 'biography', 'filmography']) {
      expect(str(doc, `/person/link[@title="${name}"]/@href`)).toBe(`${B}/catalog/person/${SUMMER_GLAU}/${name}`);
      expect(str(doc, `/person/link[@title="${name}"]/@rel`)).toBe(`${S}/${name}`);
    }
  });

  it.each([['999999999'], ['abc'], ['0x10']])('answers an unknown or malformed id %s with 404', async (id) => {
    expect(str(await getXml(tw.app, `/catalog/person/${id}`, 404), '/error/reason')).toBe('Not Found');
  });

  it('answers DELETE with 405 and Allow', async () => {
    const res = await signed(tw.app, 'DELETE', `/catalog/person/${SUMMER_GLAU}`);
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('GET, HEAD');
  });
});

describe('person resources', () => {
  it('biography answers the text', async () => {
    const doc = await getXml(tw.app, `/catalog/person/${ROGER_TAYLOR}/biography`);
    expect(str(doc, '/biography/biography_text')).toBe('English drummer and singer of Queen.');
  });

  it('artworks answers portrait images', async () => {
    const doc = await getXml(tw.app, `/catalog/person/${ROGER_TAYLOR}/artworks`);
    expect(count(doc, '/artworks/artwork[@type="person"]/image')).toBe(5);
    expect(str(doc, '/artworks/artwork/image[@size="small"]/@href')).toBe('http://www.lovefilm.com/lovefilm/images/people/9/19-small.jpg');
  });

  it('filmography answers the titles paged, without the discs of a series', async () => {
    const person = tw.world.scenario.catalog.person(NATHAN_FILLION)!;
    const doc = await getXml(tw.app, `/catalog/person/${NATHAN_FILLION}/filmography?expand=none`);
    const ids = titleIds(doc, 'filmography');
    expect(ids).toContain(10);
    expect(ids).not.toContain(11);
    expect(Number(str(doc, '/filmography/total_results'))).toBe(ids.length);
    expect(ids.every((id) => person.filmography.includes(id))).toBe(true);
    expect(childNames(doc, '/filmography/catalog_title[1]')).toEqual(['id', 'title']);
  });

  it('filmography pages like every list', async () => {
    const doc = await getXml(tw.app, `/catalog/person/${NATHAN_FILLION}/filmography?items_per_page=1&start_index=2`);
    expect(str(doc, '/filmography/items_per_page')).toBe('1');
    expect(count(doc, '/filmography/catalog_title')).toBe(1);
    await getXml(tw.app, `/catalog/person/${NATHAN_FILLION}/filmography?start_index=0`, 400);
  });

  it('an unknown resource of a person is 404, and of an unknown person too', async () => {
    await getXml(tw.app, `/catalog/person/${ROGER_TAYLOR}/awards`, 404);
    await getXml(tw.app, '/catalog/person/999999999/biography', 404);
  });
});
