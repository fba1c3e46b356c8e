import { beforeEach, describe, expect, it } from 'vitest';
import { ALICE, BOB, CAROL, OTHER_CONSUMER, asAlice, signed } from './support/signing.js';
import { isoDateTime } from '../src/domain/sim-clock.js';
import { BASE, freezeClock, testWorld, type TestWorld } from './support/world.js';
import { childNames, count, nodes, parseXml, str } from './support/xml.js';

const SCHEMA = 'http://schemas.lovefilm.com';
const RATINGS = `/users/${ALICE.guid}/ratings/title`;
const ref = (id: number, host = BASE) => `${host}/catalog/title/${id}`;
/** alice's newest and second newest ratings in the default scenario, and a title she has not rated. */
const NEWEST = 10002;
const SECOND = 10003;
const UNRATED = 10001;
const ALICE_RATINGS = 36;

async function ratings(app: TestWorld['app'], query = '') {
  const res = await asAlice(app, 'GET', `${RATINGS}${query}`);
  expect(res.status).toBe(200);
  return parseXml(res.text);
}

async function titleStats(app: TestWorld['app'], id: number) {
  const res = await signed(app, 'GET', `/catalog/title/${id}?expand=histogram`);
  expect(res.status).toBe(200);
  const doc = parseXml(res.text);
  expect(count(doc, '//bin')).toBe(10);
  return { count: Number(str(doc, '/catalog_title/number_of_ratings')), bins: nodes(doc, '//bin').map((b) => Number(str(b, '@count'))) };
}

describe('GET /users/{guid}/ratings', () => {
  const { app } = testWorld();

  it('answers a resource with the title_ratings link', async () => {
    const res = await asAlice(app, 'GET', `/users/${ALICE.guid}/ratings`);
    expect(res.status).toBe(200);
    const doc = parseXml(res.text);
    expect(count(doc, '/resource/link')).toBe(1);
    expect(str(doc, '/resource/link/@href')).toBe(`${BASE}${RATINGS}`);
    expect(str(doc, '/resource/link/@rel')).toBe(`${SCHEMA}/title_ratings`);
    expect(str(doc, '/resource/link/@title')).toBe('title ratings');
  });

  it("refuses another user's ratings with 403", async () => {
    const res = await asAlice(app, 'GET', `/users/${BOB.guid}/ratings`);
    expect(res.status).toBe(403);
  });
});

describe('GET /users/{guid}/ratings/title', () => {
  const { app } = testWorld();

  it('pages alice’s ratings 25 at a time, newest first', async () => {
    const doc = await ratings(app);
    expect(str(doc, '/ratings/total_results')).toBe(String(ALICE_RATINGS));
    expect(str(doc, '/ratings/items_per_page')).toBe('25');
    expect(str(doc, '/ratings/start_index')).toBe('1');
    expect(count(doc, '/ratings/rating_item')).toBe(25);
    expect(str(doc, "/ratings/link[@rel='next']/@href")).toBe(`${BASE}${RATINGS}?start_index=26&items_per_page=25`);
    expect(str(doc, "/ratings/link[@rel='last']/@href")).toBe(`${BASE}${RATINGS}?start_index=26&items_per_page=25`);
    expect(str(doc, '/ratings/rating_item[1]/id')).toBe(`${BASE}${RATINGS}/${NEWEST}`);
    expect(str(doc, '/ratings/rating_item[2]/id')).toBe(`${BASE}${RATINGS}/${SECOND}`);
    const updated = nodes(doc, '/ratings/rating_item/updated').map((n) => n.textContent ?? '');
    expect(updated).toEqual([...updated].sort().reverse());
    updated.forEach((u) => expect(u).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/));
  });

  it('shows a rating_item as id, the user’s rating, updated, then the catalog_title', async () => {
    const doc = await ratings(app);
    expect(childNames(doc, '/ratings/rating_item[1]')).toEqual(['id', 'rating', 'updated', 'catalog_title']);
    expect(str(doc, '/ratings/rating_item[1]/rating')).toBe('5');
    expect(str(doc, '/ratings/rating_item[2]/rating')).toBe('4.5');
    expect(str(doc, '/ratings/rating_item[1]/catalog_title/id')).toBe(ref(NEWEST));
    expect(count(doc, "/ratings/rating_item[1]/catalog_title/link[@title='synopsis']")).toBe(1);
  });

  it.each([
    ['the second page holds the rest, without a next link', '?start_index=26', 11, false],
    ['a page size above 100 is clamped to 100', '?items_per_page=500', ALICE_RATINGS, false],
    ['a small page has a next link', '?items_per_page=10&start_index=11', 10, true],
    ['past the end: no items, same totals', '?start_index=100', 0, false],
  ])('%s', async (_rule, query, items, hasNext) => {
    const doc = await ratings(app, query);
    expect(str(doc, '/ratings/total_results')).toBe(String(ALICE_RATINGS));
    expect(count(doc, '/ratings/rating_item')).toBe(items);
    expect(count(doc, "/ratings/link[@rel='next']")).toBe(hasNext ? 1 : 0);
    expect(count(doc, "/ratings/link[@rel='self']")).toBe(1);
    expect(count(doc, "/ratings/link[@rel='last']")).toBe(1);
  });

  it('echoes a clamped page size', async () => {
    expect(str(await ratings(app, '?items_per_page=500'), '/ratings/items_per_page')).toBe('100');
  });

  it.each([
    ['items_per_page=0', 'items_per_page'],
    ['items_per_page=abc', 'items_per_page'],
    ['start_index=0', 'start_index'],
    ['start_index=-5', 'start_index'],
    ['expand=everything', 'expand'],
  ])('rejects %s with 400 naming the parameter', async (query, name) => {
    const res = await asAlice(app, 'GET', `${RATINGS}?${query}`);
    expect(res.status).toBe(400);
    expect(str(parseXml(res.text), '/error/details')).toContain(name);
  });

  it('expand=none shrinks the embedded titles to id and title', async () => {
    const doc = await ratings(app, '?expand=none');
    expect(childNames(doc, '/ratings/rating_item[1]/catalog_title')).toEqual(['id', 'title']);
  });

  it('expand=synopsis carries the synopsis inside its link', async () => {
    const doc = await ratings(app, '?expand=synopsis');
    expect(str(doc, "/ratings/rating_item[1]/catalog_title/link[@title='synopsis']/synopsis/synopsis_text")).not.toBe('');
  });

  it('title_refs lists only the rated ones among those asked, in the order asked, each ref echoed as sent', async () => {
    const asked = [ref(SECOND, 'http://openapi.lovefilm.com'), ref(UNRATED), 'not-a-title', ref(NEWEST)];
    const doc = await ratings(app, `?expand=none&title_refs=${encodeURIComponent(asked.join(','))}`);
    expect(str(doc, '/ratings/total_results')).toBe('2');
    expect(nodes(doc, '/ratings/rating_item/title_ref').map((n) => n.textContent)).toEqual([asked[0], asked[3]]);
    expect(str(doc, '/ratings/rating_item[1]/id')).toBe(`${BASE}${RATINGS}/${SECOND}`);
    expect(str(doc, '/ratings/rating_item[1]/catalog_title/id')).toBe(ref(SECOND));
    expect(childNames(doc, '/ratings/rating_item[1]')).toEqual(['id', 'rating', 'updated', 'title_ref', 'catalog_title']);
    expect(str(doc, "/ratings/link[@rel='self']/@href")).toContain('title_refs=');
  });

  it('title_refs naming nothing rated answers an empty list', async () => {
    const doc = await ratings(app, `?title_refs=${encodeURIComponent(ref(UNRATED))}`);
    expect(str(doc, '/ratings/total_results')).toBe('0');
    expect(count(doc, '/ratings/rating_item')).toBe(0);
  });

  it('carol, who rated nothing, gets an empty list whose last page starts at 1', async () => {
    const res = await signed(app, 'GET', `/users/${CAROL.guid}/ratings/title`, { token: CAROL.token });
    const doc = parseXml(res.text);
    expect(str(doc, '/ratings/total_results')).toBe('0');
    expect(str(doc, "/ratings/link[@rel='last']/@href")).toContain('start_index=1&');
  });

  it('routes a trailing slash like the path without it', async () => {
    const res = await asAlice(app, 'GET', `${RATINGS}/`);
    expect(res.status).toBe(200);
    expect(str(parseXml(res.text), '/ratings/total_results')).toBe(String(ALICE_RATINGS));
  });

  it("refuses another user's ratings with 403 and an unknown user with 404", async () => {
    expect((await asAlice(app, 'GET', `/users/${BOB.guid}/ratings/title`)).status).toBe(403);
    expect((await asAlice(app, 'GET', '/users/00000000-0000-0000-0000-000000000000/ratings/title')).status).toBe(404);
  });
});

describe('GET /users/{guid}/ratings/title/{id}', () => {
  const { app } = testWorld();

  it('answers the one rating_item', async () => {
    const res = await asAlice(app, 'GET', `${RATINGS}/${SECOND}?expand=none`);
    expect(res.status).toBe(200);
    const doc = parseXml(res.text);
    expect(str(doc, '/rating_item/rating')).toBe('4.5');
    expect(str(doc, '/rating_item/catalog_title/id')).toBe(ref(SECOND));
  });

  it.each([
    ['an unrated title', UNRATED],
    ['an unknown title', 99999999],
    ['a non-numeric id', 'abc'],
  ])('answers 404 for %s', async (_rule, id) => {
    const res = await asAlice(app, 'GET', `${RATINGS}/${id}`);
    expect(res.status).toBe(404);
    expect(str(parseXml(res.text), '/error/reason')).toBe('Not Found');
  });
});

describe('POST /users/{guid}/ratings/title', () => {
  let w: TestWorld;
  let at: string;
  beforeEach(() => {
    w = testWorld();
    // A minute after the scenario stamped alice's ratings, so the new one is the newest whatever the date.
    at = isoDateTime(freezeClock(w.world, 60_000));
  });

  it('rates a title: 201 resources_created with one title_rating link, then it is the newest rating', async () => {
    const res = await asAlice(w.app, 'POST', RATINGS, { title_ref: ref(UNRATED), rating: '3.5' });
    expect(res.status).toBe(201);
    const doc = parseXml(res.text);
    expect(childNames(doc, '/resources_created')).toEqual(['link']);
    expect(str(doc, '/resources_created/link/@href')).toBe(`${BASE}${RATINGS}/${UNRATED}`);
    expect(str(doc, '/resources_created/link/@rel')).toBe(`${SCHEMA}/title_rating`);
    expect(str(doc, '/resources_created/link/@title')).not.toBe('');

    const after = await ratings(w.app);
    expect(str(after, '/ratings/total_results')).toBe(String(ALICE_RATINGS + 1));
    expect(str(after, '/ratings/rating_item[1]/id')).toBe(`${BASE}${RATINGS}/${UNRATED}`);
    expect(str(after, '/ratings/rating_item[1]/rating')).toBe('3.5');
    expect(str(after, '/ratings/rating_item[1]/updated')).toBe(at);
  });

  it('adds the rating to the title’s number_of_ratings and histogram in the catalogue', async () => {
    const before = await titleStats(w.app, UNRATED);
    expect((await asAlice(w.app, 'POST', RATINGS, { title_ref: ref(UNRATED), rating: '5' })).status).toBe(201);
    const after = await titleStats(w.app, UNRATED);
    expect(after.count).toBe(before.count + 1);
    expect(after.bins[9]).toBe(before.bins[9]! + 1);
    expect(after.bins.slice(0, 9)).toEqual(before.bins.slice(0, 9));
  });

  it('takes its parameters from the query string with an empty body, and a title_ref of any host', async () => {
    const query = `?title_ref=${encodeURIComponent(ref(UNRATED, 'http://api.example.org'))}&rating=2`;
    const res = await asAlice(w.app, 'POST', `${RATINGS}${query}`);
    expect(res.status).toBe(201);
    expect(str(parseXml((await asAlice(w.app, 'GET', `${RATINGS}/${UNRATED}`)).text), '/rating_item/rating')).toBe('2');
  });

  it('keeps the rating to one decimal place, as it is shown', async () => {
    await asAlice(w.app, 'POST', RATINGS, { title_ref: ref(UNRATED), rating: '0' });
    expect(str(parseXml((await asAlice(w.app, 'GET', `${RATINGS}/${UNRATED}`)).text), '/rating_item/rating')).toBe('0');
  });

  it('shows only in this consumer’s sandbox, and disappears on reset', async () => {
    await asAlice(w.app, 'POST', RATINGS, { title_ref: ref(UNRATED), rating: '4' });
    const other = await signed(w.app, 'GET', RATINGS, { consumer: OTHER_CONSUMER, token: ALICE.token });
    expect(str(parseXml(other.text), '/ratings/total_results')).toBe(String(ALICE_RATINGS));
    w.world.reset();
    expect(str(await ratings(w.app), '/ratings/total_results')).toBe(String(ALICE_RATINGS));
  });

  it.each<[string, Record<string, string>, number, string]>([
    ['an already rated title is 409: use PUT', { title_ref: ref(NEWEST), rating: '1' }, 409, 'PUT'],
    ['an unknown title is 404', { title_ref: ref(99999999), rating: '3' }, 404, '99999999'],
    ['a rating above 5 is 400', { title_ref: ref(UNRATED), rating: '5.5' }, 400, 'rating'],
    ['a rating below 0 is 400', { title_ref: ref(UNRATED), rating: '-1' }, 400, 'rating'],
    ['a rating that is not a number is 400', { title_ref: ref(UNRATED), rating: 'good' }, 400, 'rating'],
    ['a missing rating is 400', { title_ref: ref(UNRATED) }, 400, 'rating'],
    ['a missing title_ref is 400', { rating: '3' }, 400, 'title_ref'],
    ['a title_ref that is not a title URI is 400', { title_ref: `${BASE}/catalog/person/1`, rating: '3' }, 400, 'title_ref'],
  ])('%s, and changes nothing', async (_rule, form, status, detail) => {
    const before = (await asAlice(w.app, 'GET', RATINGS)).text;
    const res = await asAlice(w.app, 'POST', RATINGS, form);
    expect(res.status).toBe(status);
    expect(str(parseXml(res.text), '/error/details')).toContain(detail);
    expect((await asAlice(w.app, 'GET', RATINGS)).text).toBe(before);
  });

  it('refuses to rate for another user with 403, and changes nothing', async () => {
    const res = await asAlice(w.app, 'POST', `/users/${BOB.guid}/ratings/title`, { title_ref: ref(UNRATED), rating: '3' });
    expect(res.status).toBe(403);
    const bob = await signed(w.app, 'GET', `/users/${BOB.guid}/ratings/title`, { token: BOB.token });
    expect(str(parseXml(bob.text), '/ratings/total_results')).toBe('3');
  });
});

describe('PUT /users/{guid}/ratings/title/{id}', () => {
  let w: TestWorld;
  let at: string;
  beforeEach(() => {
    w = testWorld();
    at = isoDateTime(freezeClock(w.world, 60_000));
  });

  it('changes the rating: 200 status, the new value shows and the rating becomes the newest', async () => {
    const res = await asAlice(w.app, 'PUT', `${RATINGS}/10009?rating=1.5`);
    expect(res.status).toBe(200);
    const doc = parseXml(res.text);
    expect(str(doc, '/status/status_code')).toBe('200');
    expect(str(doc, '/status/message')).not.toBe('');
    const after = await ratings(w.app);
    expect(str(after, '/ratings/total_results')).toBe(String(ALICE_RATINGS));
    expect(str(after, '/ratings/rating_item[1]/id')).toBe(`${BASE}${RATINGS}/10009`);
    expect(str(after, '/ratings/rating_item[1]/rating')).toBe('1.5');
    expect(str(after, '/ratings/rating_item[1]/updated')).toBe(at);
  });

  it('moves the title’s histogram from the old bin to the new one, count unchanged', async () => {
    const before = await titleStats(w.app, NEWEST); // alice rated it 5
    await asAlice(w.app, 'PUT', `${RATINGS}/${NEWEST}`, { rating: '1' });
    const after = await titleStats(w.app, NEWEST);
    expect(after.count).toBe(before.count);
    expect(after.bins[9]).toBe(before.bins[9]! - 1);
    expect(after.bins[1]).toBe(before.bins[1]! + 1);
  });

  it.each<[string, string, number]>([
    ['an unrated title is 404: POST first', `${RATINGS}/${UNRATED}?rating=3`, 404],
    ['an unknown title is 404', `${RATINGS}/99999999?rating=3`, 404],
    ['a non-numeric id is 404', `${RATINGS}/abc?rating=3`, 404],
    ['a bad rating is 400', `${RATINGS}/${NEWEST}?rating=11`, 400],
    ['a missing rating is 400', `${RATINGS}/${NEWEST}`, 400],
  ])('%s, and changes nothing', async (_rule, path, status) => {
    const before = (await asAlice(w.app, 'GET', RATINGS)).text;
    const res = await asAlice(w.app, 'PUT', path);
    expect(res.status).toBe(status);
    expect(str(parseXml(res.text), '/error/details')).not.toBe('');
    expect((await asAlice(w.app, 'GET', RATINGS)).text).toBe(before);
  });

  it('answers 405 with Allow to DELETE', async () => {
    const res = await asAlice(w.app, 'DELETE', `${RATINGS}/${NEWEST}`);
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('GET, PUT, HEAD');
  });
});
