import { describe, expect, it } from 'vitest';
import { ALICE, BOB, CAROL, asAlice, signed } from './support/signing.js';
import { BASE, testWorld } from './support/world.js';
import { childNames, count, nodes, parseXml, str } from './support/xml.js';

const REVIEWS = `/users/${ALICE.guid}/reviews`;

describe('GET /users/{guid}/reviews', () => {
  const { app } = testWorld();

  async function reviews(query = '') {
    const res = await asAlice(app, 'GET', `${REVIEWS}${query}`);
    expect(res.status).toBe(200);
    return parseXml(res.text);
  }

  it('lists alice’s reviews newest first, each with every field of a review and the title', async () => {
    const doc = await reviews();
    expect(str(doc, '/reviews/total_results')).toBe('5');
    expect(str(doc, '/reviews/items_per_page')).toBe('25');
    expect(count(doc, '/reviews/review')).toBe(5);
    expect(childNames(doc, '/reviews/review[1]')).toEqual([
      'id',
      'created',
      'review_title',
      'review_text',
      'helpful',
      'unhelpful',
      'spoilers',
      'rating',
      'catalog_title',
    ]);
    expect(str(doc, '/reviews/review[1]/review_title')).toBe('A quiet triumph');
    expect(str(doc, '/reviews/review[1]/helpful')).toBe('12');
    expect(str(doc, '/reviews/review[1]/unhelpful')).toBe('1');
    expect(str(doc, '/reviews/review[1]/spoilers')).toBe('false');
    expect(str(doc, '/reviews/review[1]/rating')).toBe('5');
    expect(str(doc, '/reviews/review[1]/catalog_title/id')).toBe(`${BASE}/catalog/title/10002`);
    expect(str(doc, '/reviews/review[2]/spoilers')).toBe('true');
    expect(str(doc, '/reviews/review[2]/rating')).toBe('4.5');
    const created = nodes(doc, '/reviews/review/created').map((n) => n.textContent ?? '');
    created.forEach((c) => expect(c).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/));
    expect(created).toEqual([...created].sort().reverse());
  });

  it('escapes review text that holds markup characters', async () => {
    const doc = await reviews();
    expect(str(doc, '/reviews/review[3]/review_text')).toContain('Nothing new here & nothing wrong either. The lead is good; the plot <mostly>');
  });

  it('gives each review an id that can be followed', async () => {
    const doc = await reviews();
    const id = str(doc, '/reviews/review[2]/id');
    expect(id.startsWith(`${BASE}${REVIEWS}/`)).toBe(true);
    const one = await asAlice(app, 'GET', id.slice(BASE.length));
    expect(one.status).toBe(200);
    expect(str(parseXml(one.text), '/review/review_title')).toBe('Better on a second watch');
  });

  it('pages: two at a time, the third page holds the last one', async () => {
    const doc = await reviews('?items_per_page=2&start_index=5');
    expect(count(doc, '/reviews/review')).toBe(1);
    expect(str(doc, '/reviews/review/review_title')).toBe('The one everybody should see');
    expect(count(doc, "/reviews/link[@rel='next']")).toBe(0);
    expect(str(doc, "/reviews/link[@rel='last']/@href")).toBe(`${BASE}${REVIEWS}?start_index=5&items_per_page=2`);
    const first = await reviews('?items_per_page=2');
    expect(str(first, "/reviews/link[@rel='next']/@href")).toBe(`${BASE}${REVIEWS}?start_index=3&items_per_page=2`);
  });

  it('expand=none shrinks the embedded titles', async () => {
    expect(childNames(await reviews('?expand=none'), '/reviews/review[1]/catalog_title')).toEqual(['id', 'title']);
  });

  it.each([['items_per_page=0'], ['start_index=x'], ['expand=bogus']])('rejects %s with 400', async (query) => {
    expect((await asAlice(app, 'GET', `${REVIEWS}?${query}`)).status).toBe(400);
  });

  it('bob has one review; carol none', async () => {
    const bob = parseXml((await signed(app, 'GET', `/users/${BOB.guid}/reviews`, { token: BOB.token })).text);
    expect(str(bob, '/reviews/total_results')).toBe('1');
    const carol = parseXml((await signed(app, 'GET', `/users/${CAROL.guid}/reviews`, { token: CAROL.token })).text);
    expect(str(carol, '/reviews/total_results')).toBe('0');
    expect(count(carol, '/reviews/review')).toBe(0);
  });

  it("refuses another user's reviews with 403", async () => {
    expect((await asAlice(app, 'GET', `/users/${BOB.guid}/reviews`)).status).toBe(403);
  });

  it("answers 404 for a review that is not the user's or does not exist", async () => {
    const bobsReview = str(parseXml((await signed(app, 'GET', `/users/${BOB.guid}/reviews`, { token: BOB.token })).text), '/reviews/review/id');
    const bobsId = bobsReview.split('/').pop();
    expect((await asAlice(app, 'GET', `${REVIEWS}/${bobsId}`)).status).toBe(404);
    expect((await asAlice(app, 'GET', `${REVIEWS}/abc`)).status).toBe(404);
  });
});
