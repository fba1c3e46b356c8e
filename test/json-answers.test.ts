// Content negotiation (docs/reference/json.md): Accept: application/json gets the same document as JSON, on
// every resource and every error; anything else gets the XML it always had. Every JSON answer here is also
// validated against its schema derived from schemas/*.xsd (test/support/validate-answers-setup.ts).
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ALICE, asAlice, CONSUMER, signed } from './support/signing.js';
import { BASE, HOST, testWorld } from './support/world.js';
import { itemPath, queuesPath, titleRef } from './queue-helpers.js';

const JSON_TYPE = 'application/json;charset=UTF-8';
const XML_TYPE = 'application/xml;charset=UTF-8';
const SCHEMA = 'http://schemas.lovefilm.com';
const inJson = (t: request.Test) => t.set('Accept', 'application/json');
type Obj = Record<string, unknown>;

describe('Accept: application/json', () => {
  const { app } = testWorld();

  it('answers GET /users as the shipped PHP client read it: resource.links, the one titled "current user"', async () => {
    const res = await inJson(asAlice(app, 'GET', '/users'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(JSON_TYPE);
    expect(res.headers['vary']).toBe('Accept');
    expect(JSON.parse(res.text)).toEqual({ resource: { links: [{ href: `${BASE}/users/${ALICE.guid}`, rel: `${SCHEMA}/user`, title: 'current user' }] } });
  });

  it('maps the user, its queues, ratings and discs at home by the one rule: scalars as strings, repeated elements as arrays', async () => {
    const user = JSON.parse((await inJson(asAlice(app, 'GET', `/users/${ALICE.guid}`))).text).user as Obj;
    expect(user['first_name']).toBe('Alice');
    expect(user['id']).toBe(`${BASE}/users/${ALICE.guid}`);
    const links = user['links'] as Obj[];
    expect(links.map((l) => l['title'])).toContain('queues');
    for (const path of [
      queuesPath(),
      `${queuesPath()}/every`,
      `/users/${ALICE.guid}/ratings/title`,
      `/users/${ALICE.guid}/at_home`,
      `/users/${ALICE.guid}/rented`,
    ]) {
      const res = await inJson(asAlice(app, 'GET', path));
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toBe(JSON_TYPE);
    }
    const queue = JSON.parse((await inJson(asAlice(app, 'GET', `${queuesPath()}/every`))).text).queue as Obj;
    expect(typeof queue['total_results']).toBe('string');
    expect(Array.isArray(queue['links'])).toBe(true);
    // An array however many: one item is still a list.
    for (const item of (queue['queue_items'] as Obj[] | undefined) ?? []) expect(Array.isArray(item['categories'])).toBe(true);
  });

  it('answers a catalogue search with catalog_titles, each title an object of its attributes', async () => {
    const res = await inJson(signed(app, 'GET', '/catalog/title?term=fireflies&items_per_page=3'));
    const search = JSON.parse(res.text).search as Obj;
    const titles = search['catalog_titles'] as Obj[];
    expect(titles.length).toBeGreaterThan(0);
    expect(Object.keys(titles[0]!['title'] as Obj).sort()).toEqual(['clean', 'full']);
    expect(Array.isArray(titles[0]!['categories'])).toBe(true);
  });

  it('answers errors as JSON when JSON was asked, with the same headers', async () => {
    const missing = await inJson(asAlice(app, 'GET', '/catalog/title/999999999'));
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toBe(JSON_TYPE);
    expect(missing.headers['x-mashery-error-code']).toBe('ERR_404_NOT_FOUND');
    expect(Object.keys(JSON.parse(missing.text).error).sort()).toEqual(['details', 'reason']);
    const forged = await inJson(signed(app, 'GET', '/users', { token: { ...ALICE.token, secret: 'wrong' } }));
    expect(forged.status).toBe(401);
    expect(JSON.parse(forged.text).error.reason).toBe('Invalid Signature');
    expect(forged.headers['www-authenticate']).toContain('oauth_problem="signature_invalid"');
  });

  it('answers a write as JSON: the failed_title_refs of a POST, the status of a DELETE', async () => {
    const posted = await inJson(asAlice(app, 'POST', `${queuesPath()}/every`, { title_refs: `${titleRef(10376)},${BASE}/catalog/title/not-a-title` }));
    expect(posted.status).toBe(201);
    const response = JSON.parse(posted.text).response as Obj;
    expect(((response['failed_title_refs'] as Obj)['links'] as Obj[]).map((l) => l['href'])).toEqual([`${BASE}/catalog/title/not-a-title`]);
    const deleted = await inJson(asAlice(app, 'DELETE', itemPath(10376)));
    expect(JSON.parse(deleted.text).status.status_code).toBe('200');
  });

  it('keeps the token endpoints form-encoded', async () => {
    const res = await request(app)
      .post('/oauth/request_token')
      .set('Host', HOST)
      .set('Accept', 'application/json')
      .set('Authorization', (await import('./support/signing.js')).authHeader('POST', '/oauth/request_token'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(CONSUMER.key).toBeTruthy();
  });
});

describe('XML unless JSON is preferred', () => {
  const { app } = testWorld();

  it('answers */*, XML, other types and ties byte for byte as without an Accept header', async () => {
    const path = '/catalog/title?term=garden&items_per_page=2';
    const plain = await signed(app, 'GET', path);
    expect(plain.headers['content-type']).toBe(XML_TYPE);
    for (const accept of ['*/*', 'application/xml', 'text/html', 'application/xml, application/json', 'application/json;q=0.5, */*']) {
      const res = await signed(app, 'GET', path).set('Accept', accept);
      expect(res.headers['content-type'], accept).toBe(XML_TYPE);
      expect(res.text, accept).toBe(plain.text);
    }
    for (const accept of ['application/json;q=0.9, application/xml;q=0.5', 'text/javascript, application/json, */*;q=0.01']) {
      expect((await signed(app, 'GET', path).set('Accept', accept)).headers['content-type'], accept).toBe(JSON_TYPE);
    }
  });

  it('keeps the two formats apart in the answer cache: each read, repeated, gets its own format', async () => {
    const path = `/users/${ALICE.guid}/ratings/title`;
    const answers: string[] = [];
    for (let i = 0; i < 3; i++) {
      answers.push((await asAlice(app, 'GET', path)).headers['content-type']!);
      answers.push((await inJson(asAlice(app, 'GET', path))).headers['content-type']!);
    }
    expect(answers).toEqual([XML_TYPE, JSON_TYPE, XML_TYPE, JSON_TYPE, XML_TYPE, JSON_TYPE]);
    const search = '/catalog/title?term=garden';
    for (let i = 0; i < 3; i++) {
      expect((await signed(app, 'GET', search)).text.startsWith('<?xml')).toBe(true);
      expect(JSON.parse((await inJson(signed(app, 'GET', search))).text)).toHaveProperty('search');
    }
  });

  it('gives the queues another ETag in JSON; each answers 304 to its own tag, and If-Match takes either', async () => {
    const every = `${queuesPath()}/every`;
    const xmlTag = (await asAlice(app, 'GET', every)).headers['etag']!;
    const jsonTag = (await inJson(asAlice(app, 'GET', every))).headers['etag']!;
    expect(jsonTag).not.toBe(xmlTag);
    expect((await inJson(asAlice(app, 'GET', every)).set('If-None-Match', jsonTag)).status).toBe(304);
    expect((await inJson(asAlice(app, 'GET', every)).set('If-None-Match', xmlTag)).status).toBe(200);
    expect((await asAlice(app, 'GET', every).set('If-None-Match', jsonTag)).status).toBe(200);
    const put = await inJson(asAlice(app, 'POST', every, { title_refs: titleRef(10376) })).set('If-Match', xmlTag);
    expect(put.status).toBe(201);
    const stale = await inJson(asAlice(app, 'DELETE', itemPath(10376))).set('If-Match', jsonTag);
    expect(stale.status).toBe(412);
    expect(JSON.parse(stale.text).error.reason).toBeTruthy();
  });

  it('leaves the admin API as it was', async () => {
    const res = await request(app).get('/__admin/health').set('Host', HOST).set('Accept', 'application/xml');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('coverage by format', () => {
  it('counts XML and JSON answers, per operation, and shows them in the report and its markdown', async () => {
    const { app } = testWorld();
    await asAlice(app, 'GET', '/users').expect(200);
    await inJson(asAlice(app, 'GET', '/users')).expect(200);
    await inJson(asAlice(app, 'GET', `/users/${ALICE.guid}`)).expect(200);
    await inJson(signed(app, 'GET', '/catalog/title/999999999')).expect(404);
    const coverage = await request(app).get(`/__admin/coverage?consumer=${CONSUMER.key}`).expect(200);
    const formats = coverage.body.formats as { answers: Record<string, number>; byOperation: Record<string, Record<string, number>> };
    expect(formats.answers).toEqual({ xml: 1, json: 3 });
    expect(formats.byOperation['GET /users']).toEqual({ xml: 1, json: 1 });
    expect(formats.byOperation['GET /users/{guid}']).toEqual({ xml: 0, json: 1 });
    const md = await request(app).get(`/__admin/coverage?consumer=${CONSUMER.key}&format=markdown`).expect(200);
    expect(md.text).toContain('Answers by format: XML x1, JSON x3.');
    expect(md.text).toContain('`GET /users x1`');
  });
});
