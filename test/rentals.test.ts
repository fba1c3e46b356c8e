import { describe, expect, it } from 'vitest';
import { ALICE, BOB, CAROL, asAlice, signed } from './support/signing.js';
import { BASE, testWorld } from './support/world.js';
import { childNames, count, nodes, parseXml, str } from './support/xml.js';

const RENTED = `/users/${ALICE.guid}/rented`;
const AT_HOME = `/users/${ALICE.guid}/at_home`;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

describe('GET /users/{guid}/rented', () => {
  const { app } = testWorld();

  async function rented(query = '') {
    const res = await asAlice(app, 'GET', `${RENTED}${query}`);
    expect(res.status).toBe(200);
    return parseXml(res.text);
  }

  it('lists everything alice rented, newest shipped first, 25 a page', async () => {
    const doc = await rented();
    expect(str(doc, '/rented/total_results')).toBe('34');
    expect(count(doc, '/rented/rented_item')).toBe(25);
    const shipped = nodes(doc, '/rented/rented_item/shipped').map((n) => n.textContent ?? '');
    shipped.forEach((s) => expect(s).toMatch(DATE));
    expect(shipped).toEqual([...shipped].sort().reverse());
    expect(shipped[0]).toBe('2026-11-10');
  });

  it('leaves returned out while the disc is at home, and shows it in date form once back', async () => {
    const doc = await rented();
    expect(childNames(doc, '/rented/rented_item[1]')).toEqual(['priority', 'shipped', 'catalog_title']);
    expect(str(doc, '/rented/rented_item[1]/catalog_title/id')).toBe(`${BASE}/catalog/title/10093`);
    expect(childNames(doc, '/rented/rented_item[3]')).toEqual(['priority', 'shipped', 'returned', 'catalog_title']);
    expect(str(doc, '/rented/rented_item[3]/shipped')).toBe('2026-10-20');
    expect(str(doc, '/rented/rented_item[3]/returned')).toBe('2026-10-23');
    expect(str(doc, '/rented/rented_item[3]/priority')).toBe('1');
  });

  it('pages to the end: the second page has the 9 oldest and no next link', async () => {
    const doc = await rented('?start_index=26');
    expect(count(doc, '/rented/rented_item')).toBe(9);
    expect(count(doc, "/rented/link[@rel='next']")).toBe(0);
    expect(str(doc, '/rented/rented_item[9]/shipped')).toBe('2026-01-13');
    const first = await rented();
    expect(str(first, "/rented/link[@rel='next']/@href")).toBe(`${BASE}${RENTED}?start_index=26&items_per_page=25`);
  });

  it('expand=none shrinks the titles; expand=histogram carries the histogram', async () => {
    expect(childNames(await rented('?expand=none'), '/rented/rented_item[1]/catalog_title')).toEqual(['id', 'title']);
    expect(count(await rented('?expand=histogram'), "/rented/rented_item[1]/catalog_title/link[@title='histogram']/histogram/bins/bin")).toBe(10);
  });

  it.each([['items_per_page=-1'], ['start_index=0'], ['expand=nope']])('rejects %s with 400', async (query) => {
    expect((await asAlice(app, 'GET', `${RENTED}?${query}`)).status).toBe(400);
  });

  it("refuses another user's rentals with 403", async () => {
    expect((await asAlice(app, 'GET', `/users/${BOB.guid}/rented`)).status).toBe(403);
  });

  it('carol has rented nothing', async () => {
    const doc = parseXml((await signed(app, 'GET', `/users/${CAROL.guid}/rented/`, { token: CAROL.token })).text);
    expect(str(doc, '/rented/total_results')).toBe('0');
  });
});

describe('GET /users/{guid}/at_home', () => {
  const { app } = testWorld();

  it('starts with awaiting_allocation, then the discs at home, newest shipped first', async () => {
    const res = await asAlice(app, 'GET', AT_HOME);
    expect(res.status).toBe(200);
    const doc = parseXml(res.text);
    expect(childNames(doc, '/at_home')).toEqual(['awaiting_allocation', 'at_home_item', 'at_home_item']);
    expect(str(doc, '/at_home/awaiting_allocation')).toBe('0');
    expect(childNames(doc, '/at_home/at_home_item[1]')).toEqual(['priority', 'shipped', 'catalog_title']);
    expect(str(doc, '/at_home/at_home_item[1]/shipped')).toBe('2026-11-10');
    expect(str(doc, '/at_home/at_home_item[1]/priority')).toBe('2');
    expect(str(doc, '/at_home/at_home_item[1]/catalog_title/id')).toBe(`${BASE}/catalog/title/10093`);
    expect(str(doc, '/at_home/at_home_item[2]/catalog_title/id')).toBe(`${BASE}/catalog/title/10091`);
    expect(str(doc, '/at_home/at_home_item[2]/priority')).toBe('1');
  });

  it('honours expand', async () => {
    const doc = parseXml((await asAlice(app, 'GET', `${AT_HOME}?expand=none`)).text);
    expect(childNames(doc, '/at_home/at_home_item[1]/catalog_title')).toEqual(['id', 'title']);
    expect((await asAlice(app, 'GET', `${AT_HOME}?expand=wrong`)).status).toBe(400);
  });

  it('bob has one disc at home; carol has none but still gets awaiting_allocation', async () => {
    const bob = parseXml((await signed(app, 'GET', `/users/${BOB.guid}/at_home`, { token: BOB.token })).text);
    expect(count(bob, '/at_home/at_home_item')).toBe(1);
    const carol = parseXml((await signed(app, 'GET', `/users/${CAROL.guid}/at_home`, { token: CAROL.token })).text);
    expect(childNames(carol, '/at_home')).toEqual(['awaiting_allocation']);
  });

  it("refuses another user's at_home with 403", async () => {
    expect((await signed(app, 'GET', AT_HOME, { token: CAROL.token })).status).toBe(403);
  });
});
