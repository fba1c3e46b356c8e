import { describe, expect, it } from 'vitest';
import { ALICE, BOB, CAROL, asAlice, signed } from './support/signing.js';
import { BASE, testWorld } from './support/world.js';
import { childNames, count, nodes, parseXml, str } from './support/xml.js';

const RECS = `/users/${ALICE.guid}/recommendations`;
const SOURCE = `${BASE}/categories/recommendation_source`;

const idOf = (href: string) => Number(href.split('/').pop());

/** Every recommended title id with its source, across all pages. */
async function allRecommendations(app: ReturnType<typeof testWorld>['app'], guid = ALICE.guid, token = ALICE.token) {
  const res = await signed(app, 'GET', `/users/${guid}/recommendations?items_per_page=100&expand=none`, { token });
  expect(res.status).toBe(200);
  const doc = parseXml(res.text);
  return nodes(doc, '/recommendations/catalog_title').map((t) => ({
    id: idOf(str(t, 'id')),
    source: str(t, `category[@scheme='${SOURCE}']/@term`),
  }));
}

describe('GET /users/{guid}/recommendations', () => {
  const w = testWorld();
  const { app } = w;
  const catalog = w.world.scenario.catalog;

  it('pages catalog_title items under a recommendations root, 25 by default', async () => {
    const res = await asAlice(app, 'GET', RECS);
    expect(res.status).toBe(200);
    const doc = parseXml(res.text);
    expect(childNames(doc, '/recommendations').slice(0, 3)).toEqual(['total_results', 'items_per_page', 'start_index']);
    expect(count(doc, '/recommendations/catalog_title')).toBe(25);
    expect(Number(str(doc, '/recommendations/total_results'))).toBeGreaterThan(25);
    expect(str(doc, "/recommendations/link[@rel='next']/@href")).toBe(`${BASE}${RECS}?start_index=26&items_per_page=25`);
  });

  it('gives every title exactly one recommendation_source category, after its other categories and before its links', async () => {
    const doc = parseXml((await asAlice(app, 'GET', RECS)).text);
    for (const t of nodes(doc, '/recommendations/catalog_title')) {
      expect(count(t, `category[@scheme='${SOURCE}']`)).toBe(1);
      expect(['similar_to_rated', 'popular']).toContain(str(t, `category[@scheme='${SOURCE}']/@term`));
      const names = childNames(t, '.');
      const lastCategory = names.lastIndexOf('category');
      expect(names.indexOf('link')).toBe(lastCategory + 1);
      expect(str(t, `category[${names.filter((n) => n === 'category').length}]/@scheme`)).toBe(SOURCE);
    }
  });

  it('starts with titles similar to the ones alice rated 4 or more, then popular ones', async () => {
    const recs = await allRecommendations(app);
    const liked = new Set<number>();
    const ratings = parseXml((await asAlice(app, 'GET', `/users/${ALICE.guid}/ratings/title?items_per_page=100&expand=none`)).text);
    for (const item of nodes(ratings, '/ratings/rating_item')) {
      if (Number(str(item, 'rating')) >= 4) liked.add(idOf(str(item, 'catalog_title/id')));
    }
    const similarToLiked = new Set([...liked].flatMap((id) => catalog.title(id)!.similarIds));
    const sources = recs.map((r) => r.source);
    const firstPopular = sources.indexOf('popular');
    expect(firstPopular).toBeGreaterThan(0);
    expect(sources.slice(firstPopular).every((s) => s === 'popular')).toBe(true);
    for (const r of recs.slice(0, firstPopular)) expect(similarToLiked.has(r.id)).toBe(true);
    for (const r of recs.slice(firstPopular)) expect(catalog.title(r.id)!.popularityRank).toBeDefined();
  });

  it('never recommends what alice rated, rented or queued, a disc, a title that cannot be rented, or a title twice', async () => {
    const recs = await allRecommendations(app);
    const held = w.world.sandbox('test-consumer-key').stores.userTitles.heldTitleIds(ALICE.guid);
    expect(held.size).toBeGreaterThan(36);
    for (const r of recs) {
      expect(held.has(r.id)).toBe(false);
      const t = catalog.title(r.id)!;
      expect(t.parentId).toBeUndefined();
      expect(t.canRent).toBe(true);
    }
    expect(new Set(recs.map((r) => r.id)).size).toBe(recs.length);
  });

  it('answers the same list every time', async () => {
    expect((await asAlice(app, 'GET', RECS)).text).toBe((await asAlice(app, 'GET', RECS)).text);
  });

  it('carol, with no ratings, gets popular titles in popularity order', async () => {
    const recs = await allRecommendations(app, CAROL.guid, CAROL.token);
    expect(recs.length).toBeGreaterThan(0);
    expect(recs.every((r) => r.source === 'popular')).toBe(true);
    const ranks = recs.map((r) => catalog.title(r.id)!.popularityRank!);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('pages past the end with no items and the same total', async () => {
    const doc = parseXml((await asAlice(app, 'GET', `${RECS}?start_index=1000`)).text);
    expect(count(doc, '/recommendations/catalog_title')).toBe(0);
    expect(Number(str(doc, '/recommendations/total_results'))).toBeGreaterThan(0);
  });

  it('keeps the source category in expand=none titles', async () => {
    const doc = parseXml((await asAlice(app, 'GET', `${RECS}?expand=none`)).text);
    expect(childNames(doc, '/recommendations/catalog_title[1]')).toEqual(['id', 'title', 'category']);
  });

  it.each([['items_per_page=0'], ['start_index=abc'], ['expand=bogus']])('rejects %s with 400', async (query) => {
    expect((await asAlice(app, 'GET', `${RECS}?${query}`)).status).toBe(400);
  });

  it("refuses another user's recommendations with 403", async () => {
    expect((await asAlice(app, 'GET', `/users/${BOB.guid}/recommendations`)).status).toBe(403);
  });
});

describe('recommendations follow the user’s writes', () => {
  it('a title alice rates drops out of her recommendations', async () => {
    const { app } = testWorld();
    const [first] = await allRecommendations(app);
    const res = await asAlice(app, 'POST', `/users/${ALICE.guid}/ratings/title`, { title_ref: `${BASE}/catalog/title/${first!.id}`, rating: '2' });
    expect(res.status).toBe(201);
    const after = await allRecommendations(app);
    expect(after.map((r) => r.id)).not.toContain(first!.id);
  });
});
