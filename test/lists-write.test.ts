import { describe, expect, it } from 'vitest';
import { BOB } from './support/signing.js';
import { isoDateTime } from '../src/domain/sim-clock.js';
import { BASE, freezeClock, testWorld } from './support/world.js';
import { count, nodes, parseXml, str } from './support/xml.js';
import { as, getDoc, GIFT_LIST, listsPath, SCHEMA, SCIFI_LIST, titleRef, writeAnswer } from './queue-helpers.js';

const scifi = `${listsPath()}/${SCIFI_LIST}`;

const listNames = async (app: Parameters<typeof getDoc>[0]) => nodes(await getDoc(app, listsPath()), '/lists/list/name').map((n) => n.textContent);
const entryIds = async (app: Parameters<typeof getDoc>[0], path = scifi) =>
  nodes(await getDoc(app, `${path}?expand=none`), '/list_items/list_item/id').map((n) => Number(String(n.textContent).split('/').pop()));

describe('POST /users/{guid}/lists', () => {
  it('creates a list: 201 resources_created with one list link; defaults public, not anonymous, location from the profile', async () => {
    const { app, world } = testWorld();
    const now = isoDateTime(freezeClock(world, 60_000));
    const res = await as(app, 'POST', listsPath(), { name: 'Rainy days' });
    expect(res.status).toBe(201);
    const doc = parseXml(res.text);
    expect(doc.documentElement?.nodeName).toBe('resources_created');
    expect(count(doc, '/resources_created/link')).toBe(1);
    const href = str(doc, '/resources_created/link/@href');
    expect(href).toMatch(new RegExp(`^${BASE}${listsPath()}/\\d+$`));
    expect(str(doc, '/resources_created/link/@rel')).toBe(`${SCHEMA}/list`);
    expect(str(doc, '/resources_created/link/@title')).toBe('Rainy days');
    expect(res.headers['location']).toBe(href);
    const list = nodes(await getDoc(app, listsPath()), `/lists/list[link/@href='${href}']`)[0]!;
    expect({
      description: str(list, 'description'),
      author: str(list, 'author'),
      anonymous: str(list, 'anonymous'),
      location: str(list, 'location'),
      public: str(list, 'public'),
      created: str(list, 'created'),
      updated: str(list, 'updated'),
    }).toEqual({
      description: '',
      author: 'alice_a',
      anonymous: 'false',
      location: 'London',
      public: 'true',
      created: now,
      updated: now,
    });
    expect(str(await getDoc(app, href.slice(BASE.length)), '/list_items/total_results')).toBe('0');
  });

  it('keeps description, public=false and anonymous=true (the author is then Anonymous)', async () => {
    const { app } = testWorld();
    const res = await as(app, 'POST', listsPath(), { name: 'Secret', description: 'Shh & <hush>', public: 'false', anonymous: 'true' });
    const href = str(parseXml(res.text), '/resources_created/link/@href');
    const list = nodes(await getDoc(app, listsPath()), `/lists/list[link/@href='${href}']`)[0]!;
    expect([str(list, 'description'), str(list, 'public'), str(list, 'anonymous'), str(list, 'author')]).toEqual([
      'Shh & <hush>',
      'false',
      'true',
      'Anonymous',
    ]);
  });

  it('takes parameters from the query string too', async () => {
    const { app } = testWorld();
    expect((await as(app, 'POST', `${listsPath()}?name=From%20the%20query`)).status).toBe(201);
    expect(await listNames(app)).toContain('From the query');
  });

  it.each([
    ['no name', {}],
    ['a blank name', { name: '  ' }],
    ['public=maybe', { name: 'X', public: 'maybe' }],
    ['anonymous=2', { name: 'X', anonymous: '2' }],
  ])('answers 400 to %s and creates nothing', async (_case, form) => {
    const { app } = testWorld();
    const res = await as(app, 'POST', listsPath(), form as Record<string, string>);
    expect(res.status).toBe(400);
    expect(parseXml(res.text).documentElement?.nodeName).toBe('error');
    expect(await listNames(app)).toEqual(['Sci-fi favourites', 'Gift ideas']);
  });
});

describe('POST /users/{guid}/lists/{list_id}', () => {
  it('adds titles with the comment: 201 response with list_item links and an empty failed_title_refs', async () => {
    const { app, world } = testWorld();
    const now = isoDateTime(freezeClock(world, 60_000));
    const res = await as(app, 'POST', scifi, { title_refs: [titleRef(31), titleRef(71, 'http://other.host')].join(','), comment: 'On Blu-ray' });
    expect(res.status).toBe(201);
    const { doc, created, failed } = writeAnswer(res.text);
    expect(created).toEqual([`${BASE}${scifi}/31`, `${BASE}${scifi}/71`]);
    expect(str(doc, '/response/resources_created/link/@rel')).toBe(`${SCHEMA}/list_item`);
    expect(failed).toEqual([]);
    expect(count(doc, '/response/failed_title_refs')).toBe(1);
    const entries = await getDoc(app, scifi);
    expect(nodes(entries, '/list_items/list_item[position() > 5]/comment').map((n) => n.textContent)).toEqual(['On Blu-ray', 'On Blu-ray']);
    expect(str(entries, '/list_items/list_item[6]/created')).toBe(now);
    const list = nodes(await getDoc(app, listsPath()), '/lists/list[1]')[0]!;
    expect(str(list, 'updated')).toBe(now);
  });

  it('lists the refs it could not add, with why, and adds the rest', async () => {
    const { app } = testWorld();
    const sent = [titleRef(51), 'junk', titleRef(999_999), titleRef(10), titleRef(10361), titleRef(51)];
    const res = await as(app, 'POST', scifi, { title_refs: sent.join(',') });
    const { created, failed } = writeAnswer(res.text);
    expect(created).toEqual([`${BASE}${scifi}/51`]); // a collection may hold a title nobody can rent
    expect(failed.map((f) => f.ref)).toEqual(sent.slice(1));
    expect(failed.map((f) => f.why)).toEqual([
      expect.stringContaining('not a title reference'),
      expect.stringContaining('no title 999999'),
      expect.stringContaining('already in this list'),
      expect.stringContaining('scenario marks it to fail'),
      expect.stringContaining('already in this list'),
    ]);
  });

  it.each([
    ['no title_refs', {}],
    ['blank title_refs', { title_refs: ',' }],
  ])('answers 400 to %s and adds nothing', async (_case, form) => {
    const { app } = testWorld();
    const res = await as(app, 'POST', scifi, form as Record<string, string>);
    expect(res.status).toBe(400);
    expect(await entryIds(app)).toEqual([10, 30, 60, 62, 70]);
  });

  it('answers 404 to a list that does not exist', async () => {
    const { app } = testWorld();
    const res = await as(app, 'POST', `${listsPath()}/9999`, { title_refs: titleRef(10) });
    expect(res.status).toBe(404);
    expect(str(parseXml(res.text), '/error/details')).toContain('could not be found');
  });
});

describe('DELETE a list and a list entry', () => {
  it('deletes a list: 200 status, then it is gone', async () => {
    const { app } = testWorld();
    const res = await as(app, 'DELETE', `${listsPath()}/${GIFT_LIST}`);
    expect(res.status).toBe(200);
    expect(str(parseXml(res.text), '/status/status_code')).toBe('200');
    expect(await listNames(app)).toEqual(['Sci-fi favourites']);
    expect((await as(app, 'GET', `${listsPath()}/${GIFT_LIST}`)).status).toBe(404);
    expect((await as(app, 'DELETE', `${listsPath()}/${GIFT_LIST}`)).status).toBe(404);
  });

  it('removes one entry and keeps the others in order', async () => {
    const { app } = testWorld();
    const res = await as(app, 'DELETE', `${scifi}/60`);
    expect(res.status).toBe(200);
    expect(str(parseXml(res.text), '/status/message')).toContain('title 60 removed');
    expect(await entryIds(app)).toEqual([10, 30, 62, 70]);
  });

  it('a removed entry can be added again, at the end', async () => {
    const { app } = testWorld();
    await as(app, 'DELETE', `${scifi}/10`);
    await as(app, 'POST', scifi, { title_refs: titleRef(10) });
    expect(await entryIds(app)).toEqual([30, 60, 62, 70, 10]);
  });

  it.each([
    ['a title not in the list', `${scifi}/91`, 'is not in the list'],
    ['a non-numeric product id', `${scifi}/abc`, 'is not in the list'],
    ['an entry of a list that does not exist', `${listsPath()}/9999/10`, 'could not be found'],
  ])('answers 404 to %s and removes nothing', async (_case, path, details) => {
    const { app } = testWorld();
    const res = await as(app, 'DELETE', path);
    expect(res.status).toBe(404);
    expect(str(parseXml(res.text), '/error/details')).toContain(details);
    expect(await entryIds(app)).toEqual([10, 30, 60, 62, 70]);
  });

  it("cannot delete another user's list, even by its id under her own GUID", async () => {
    const { app } = testWorld();
    const created = await as(app, 'POST', listsPath(BOB), { name: 'Mine' }, BOB);
    const id = str(parseXml(created.text), '/resources_created/link/@href').split('/').pop();
    expect((await as(app, 'DELETE', `${listsPath()}/${id}`)).status).toBe(404);
    expect((await as(app, 'DELETE', `${listsPath(BOB)}/${id}`)).status).toBe(403);
    expect(nodes(await getDoc(app, listsPath(BOB), BOB), '/lists/list/name').map((n) => n.textContent)).toEqual(['Mine']);
  });

  it('answers 405 with Allow to methods a list does not have', async () => {
    const { app } = testWorld();
    const res = await as(app, 'PUT', scifi, { name: 'x' });
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('GET, POST, DELETE, HEAD');
    expect((await as(app, 'DELETE', listsPath())).status).toBe(405);
  });
});
