import { describe, expect, it } from 'vitest';
import { BOB } from './support/signing.js';
import { BASE, testWorld } from './support/world.js';
import { childNames, count, nodes, parseXml, str } from './support/xml.js';
import { as, getDoc, GIFT_LIST, listsPath, SCHEMA, SCIFI_LIST } from './queue-helpers.js';

const scifi = `${listsPath()}/${SCIFI_LIST}`;

describe('GET /users/{guid}/lists', () => {
  const { app } = testWorld();

  it('answers every collection of the user with every field of a list, in order', async () => {
    const doc = await getDoc(app, listsPath());
    expect(childNames(doc, '/lists')).toEqual(['list', 'list']);
    expect(childNames(doc, '/lists/list[1]')).toEqual(['name', 'description', 'author', 'anonymous', 'location', 'public', 'created', 'updated', 'link']);
    const lists = nodes(doc, '/lists/list').map((l) => ({
      name: str(l, 'name'),
      author: str(l, 'author'),
      anonymous: str(l, 'anonymous'),
      location: str(l, 'location'),
      public: str(l, 'public'),
      href: str(l, 'link/@href'),
      rel: str(l, 'link/@rel'),
      title: str(l, 'link/@title'),
    }));
    expect(lists).toEqual([
      {
        name: 'Sci-fi favourites',
        author: 'alice_a',
        anonymous: 'false',
        location: 'London',
        public: 'true',
        href: `${BASE}${scifi}`,
        rel: `${SCHEMA}/list`,
        title: 'Sci-fi favourites',
      },
      {
        name: 'Gift ideas',
        author: 'alice_a',
        anonymous: 'false',
        location: 'London',
        public: 'false',
        href: `${BASE}${listsPath()}/${GIFT_LIST}`,
        rel: `${SCHEMA}/list`,
        title: 'Gift ideas',
      },
    ]);
    expect(str(doc, '/lists/list[1]/created')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it('answers an empty lists element for a user with none', async () => {
    const doc = await getDoc(app, listsPath(BOB), BOB);
    expect(count(doc, '/lists/list')).toBe(0);
    expect(doc.documentElement?.nodeName).toBe('lists');
  });

  it("refuses another user's lists with 403", async () => {
    expect((await as(app, 'GET', listsPath(BOB))).status).toBe(403);
  });
});

describe('GET /users/{guid}/lists/{list_id}', () => {
  const { app } = testWorld();

  it('answers the entries, in the order added, each with id, comment, created, updated and the title', async () => {
    const doc = await getDoc(app, scifi);
    expect(doc.documentElement?.nodeName).toBe('list_items');
    expect(str(doc, '/list_items/total_results')).toBe('5');
    expect(childNames(doc, '/list_items/list_item[1]')).toEqual(['id', 'comment', 'created', 'updated', 'catalog_title']);
    const ids = nodes(doc, '/list_items/list_item/id').map((n) => n.textContent);
    expect(ids).toEqual([10, 30, 60, 62, 70].map((t) => `${BASE}${scifi}/${t}`));
    expect(str(doc, '/list_items/list_item[1]/comment')).toBe('Shiny.');
    expect(str(doc, '/list_items/list_item[3]/comment')).toBe('');
    expect(str(doc, '/list_items/list_item[1]/catalog_title/id')).toBe(`${BASE}/catalog/title/10`);
  });

  it('shows her own private list', async () => {
    const doc = await getDoc(app, `${listsPath()}/${GIFT_LIST}`);
    expect(str(doc, '/list_items/total_results')).toBe('2');
  });

  it('pages (default 25, at most 100) with the paged envelope', async () => {
    const doc = await getDoc(app, `${scifi}?items_per_page=2&start_index=3&expand=none`);
    expect(count(doc, '/list_items/list_item')).toBe(2);
    expect(str(doc, '/list_items/list_item[1]/id')).toBe(`${BASE}${scifi}/60`);
    expect(str(doc, "/list_items/link[@rel='next']/@href")).toBe(`${BASE}${scifi}?expand=none&start_index=5&items_per_page=2`);
    expect(childNames(doc, '/list_items/list_item[1]/catalog_title')).toEqual(['id', 'title']);
    expect(str(await getDoc(app, scifi), '/list_items/items_per_page')).toBe('25');
    expect(str(await getDoc(app, `${scifi}?items_per_page=101`), '/list_items/items_per_page')).toBe('100');
  });

  it.each([['start_index=0'], ['items_per_page=-1'], ['expand=nonsense']])('answers 400 to %s', async (query) => {
    const res = await as(app, 'GET', `${scifi}?${query}`);
    expect(res.status).toBe(400);
    expect(parseXml(res.text).documentElement?.nodeName).toBe('error');
  });

  it.each([['9999'], ['abc']])('answers 404 Not Found, "could not be found", to list %s', async (id) => {
    const res = await as(app, 'GET', `${listsPath()}/${id}`);
    expect(res.status).toBe(404);
    const doc = parseXml(res.text);
    expect(str(doc, '/error/reason')).toBe('Not Found');
    expect(str(doc, '/error/details')).toContain('could not be found');
  });

  it("does not show another user's list under her GUID, public or private", async () => {
    const { app: fresh } = testWorld();
    const created = await as(fresh, 'POST', listsPath(BOB), { name: "Bob's private", public: 'false' }, BOB);
    expect(created.status).toBe(201);
    const href = str(parseXml(created.text), '/resources_created/link/@href');
    const bobsId = href.split('/').pop();
    expect((await as(fresh, 'GET', `${listsPath(BOB)}/${bobsId}`, undefined, BOB)).status).toBe(200);
    const res = await as(fresh, 'GET', `${listsPath()}/${bobsId}`);
    expect(res.status).toBe(404);
    expect(str(parseXml(res.text), '/error/details')).toContain('could not be found');
    expect((await as(fresh, 'GET', `${listsPath(BOB)}/${bobsId}`)).status).toBe(403);
  });
});

describe('GET /users/{guid}/lists/{list_id}/{product_id} (every id can be followed)', () => {
  const { app } = testWorld();
  const DECLARATION = '<?xml version="1.0" encoding="utf-8" standalone="yes"?>';

  it('each list_item id of a list answers that list_item, byte for byte as in the list', async () => {
    const list = await as(app, 'GET', scifi);
    expect(list.status).toBe(200);
    const ids = nodes(parseXml(list.text), '/list_items/list_item/id').map((n) => String(n.textContent));
    expect(ids).toHaveLength(5);
    for (const id of ids) {
      const res = await as(app, 'GET', id.slice(BASE.length));
      expect(res.status, id).toBe(200);
      const element = res.text.slice(DECLARATION.length);
      expect(res.text.startsWith(DECLARATION)).toBe(true);
      expect(element.startsWith(`<list_item><id>${id}</id>`), id).toBe(true);
      expect(list.text, id).toContain(element);
    }
  });

  it('shows the entry of her private list, and takes expand', async () => {
    const list = await getDoc(app, `${listsPath()}/${GIFT_LIST}`);
    const id = str(list, '/list_items/list_item[1]/id');
    const doc = await getDoc(app, `${id.slice(BASE.length)}?expand=none`);
    expect(childNames(doc, '/list_item')).toEqual(['id', 'comment', 'created', 'updated', 'catalog_title']);
    expect(childNames(doc, '/list_item/catalog_title')).toEqual(['id', 'title']);
    expect((await as(app, 'GET', `${id.slice(BASE.length)}?expand=nonsense`)).status).toBe(400);
  });

  it.each([
    ['a title not in the list', `${scifi}/20`, /not in the list/],
    ['a non-numeric title id', `${scifi}/abc`, /not in the list/],
    ['an unknown list', `${listsPath()}/9999/10`, /could not be found/],
  ])('answers 404 Not Found to %s', async (_rule, path, details) => {
    const res = await as(app, 'GET', path);
    expect(res.status).toBe(404);
    const doc = parseXml(res.text);
    expect(str(doc, '/error/reason')).toBe('Not Found');
    expect(str(doc, '/error/details')).toMatch(details);
  });

  it("refuses an entry of another user's list with 403, and answers 405 with Allow to PUT", async () => {
    expect((await as(app, 'GET', `${listsPath(BOB)}/${SCIFI_LIST}/10`)).status).toBe(403);
    const put = await as(app, 'PUT', `${scifi}/10`, { comment: 'x' });
    expect(put.status).toBe(405);
    expect(put.headers['allow']).toBe('GET, DELETE, HEAD');
  });
});
