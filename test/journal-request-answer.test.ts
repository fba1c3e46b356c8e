import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type Config } from '../src/config.js';
import type { JournalEntry } from '../src/domain/journal.js';
import { createWorld, simulatorServerOf } from '../src/index.js';
import { ALICE, CAROL, CONSUMER, asAlice, signed } from './support/signing.js';
import { BASE, HOST, testWorld } from './support/world.js';

// Issue 16 part 2: each journal entry keeps the request (headers, decoded parameters, form body) and the
// answer (status, headers, body), within the journal's byte budgets.

const MARKER = /…\[truncated ([\d,]+) bytes\]$/;
const RATINGS = `/users/${CAROL.guid}/ratings/title`;
const header = (pairs: Array<[string, string]>, name: string) => pairs.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];

async function newest(app: Parameters<typeof request>[0]): Promise<JournalEntry> {
  return (await request(app).get('/__admin/journal?limit=1')).body.entries[0];
}

describe('the journal keeps the request and the answer', () => {
  it("a signed POST: method, URL, headers, decoded parameters and form body; the answer's status, headers and body", async () => {
    const { app } = testWorld();
    const form = { title_ref: `${BASE}/catalog/title/30`, rating: '4', note: 'one two' };
    const res = await signed(app, 'POST', `${RATINGS}?source=a%2Fb%20c`, { token: CAROL.token, form });
    expect(res.status).toBe(201);

    const e = await newest(app);
    expect(e).toMatchObject({ method: 'POST', url: `${RATINGS}?source=a%2Fb%20c`, consumer: CONSUMER.key, user: CAROL.guid, login: 'carol', status: 201 });
    const q = e.request!;
    expect(header(q.headers, 'Host')).toBe(HOST);
    // Kept: the client's own signature, no secret in it.
    expect(header(q.headers, 'Authorization')).toMatch(/^OAuth .*oauth_signature="/);
    expect(header(q.headers, 'Authorization')).toContain(`oauth_token="${CAROL.token.key}"`);
    expect(header(q.headers, 'Content-Type')).toBe('application/x-www-form-urlencoded');
    // Decoded: the query's first, then the form's (`note=one+two`), in the order sent.
    expect(q.params).toEqual([
      ['source', 'a/b c'],
      ['title_ref', form.title_ref],
      ['rating', '4'],
      ['note', 'one two'],
    ]);
    expect(q.body).toBe(new URLSearchParams(form).toString());
    expect(q.body).toContain('note=one+two');

    expect(e.answer!.status).toBe(201);
    expect(header(e.answer!.headers, 'Content-Type')).toBe(res.headers['content-type']);
    expect(header(e.answer!.headers, 'Content-Length')).toBe(res.headers['content-length']);
    expect(e.answer!.body).toBe(res.text);
  });

  it("a rejected request's answer is the <error> the client got, with its gateway headers", async () => {
    const { app } = testWorld();
    const res = await signed(app, 'GET', '/catalog/title?term=zzyzx', { consumer: { key: CONSUMER.key, secret: 'wrong' } });
    expect(res.status).toBe(401);
    const e = await newest(app);
    expect(e.answer!.body).toBe(res.text);
    expect(e.answer!.body).toContain('<error>');
    expect(header(e.answer!.headers, 'X-Mashery-Error-Code')).toBe('ERR_401_INVALID_SIGNATURE');
    expect(e.request!.params).toEqual([['term', 'zzyzx']]);
    expect(e.login).toBeUndefined();
  });

  it('a token answer is kept as the form it is', async () => {
    const { app } = testWorld();
    const res = await signed(app, 'GET', '/oauth/request_token');
    expect(res.status).toBe(200);
    const e = await newest(app);
    expect(e.answer!.body).toBe(res.text);
    expect(e.answer!.body).toMatch(/^oauth_token=/);
  });

  it("an override's answer is kept as the tester wrote it", async () => {
    const { app } = testWorld();
    const added = await request(app)
      .post('/__admin/overrides')
      .send({ match: { path: '/catalog/*' }, answer: { status: 503, contentType: 'text/html', body: '<html>503</html>' } });
    expect(added.status).toBe(201);
    const res = await signed(app, 'GET', '/catalog/title?term=zzyzx');
    expect(res.status).toBe(503);
    const e = await newest(app);
    expect(e.override).toEqual(expect.any(Number));
    expect(e.answer).toMatchObject({ status: 503, body: '<html>503</html>' });
    expect(header(e.answer!.headers, 'Content-Type')).toBe('text/html');
  });

  it('an answer over 4 KiB keeps its first 4 KiB, marked with how many bytes went', async () => {
    const { app } = testWorld();
    const res = await asAlice(app, 'GET', '/catalog/title?term=the&max_results=100');
    expect(res.status).toBe(200);
    const sent = Buffer.byteLength(res.text);
    expect(sent).toBeGreaterThan(8192);
    const body = (await newest(app)).answer!.body!;
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(4096);
    const kept = body.replace(MARKER, '');
    expect(res.text.startsWith(kept)).toBe(true);
    expect(Buffer.byteLength(kept) + Number(MARKER.exec(body)![1]!.replace(/,/g, ''))).toBe(sent);
  });

  it('a request body over 4 KiB is kept cut, with the marker, and so is the long parameter in it', async () => {
    const { app } = testWorld();
    const note = 'n'.repeat(10_000);
    await signed(app, 'POST', RATINGS, { token: CAROL.token, form: { title_ref: `${BASE}/catalog/title/30`, rating: '4', note } });
    const q = (await newest(app)).request!;
    expect(q.body).toMatch(MARKER);
    expect(q.body!.startsWith('title_ref=')).toBe(true);
    expect(Buffer.byteLength(q.body!)).toBeLessThanOrEqual(4096);
    const kept = q.params.find(([n]) => n === 'note')![1];
    expect(kept).toMatch(MARKER);
    expect(kept.startsWith('nnnn')).toBe(true);
  });

  it('a HEAD answer has its headers and no body', async () => {
    const { app } = testWorld();
    const res = await request(app).head('/catalog/title?term=zzyzx').set('Host', HOST);
    const e = await newest(app);
    expect(e.method).toBe('HEAD');
    expect(e.answer!.status).toBe(res.status);
    expect(e.answer!.body).toBeUndefined();
  });
});

describe('the journal starts empty after a scenario switch', () => {
  it('through the admin API', async () => {
    const { app } = testWorld();
    await asAlice(app, 'GET', '/users');
    expect((await request(app).get('/__admin/journal/count')).body).toEqual({ count: 1 });
    expect((await request(app).post('/__admin/scenarios/empty-catalogue')).status).toBe(200);
    expect((await request(app).get('/__admin/journal')).body).toMatchObject({ held: 0, entries: [] });
  });

  it('through the library, switching back to the same scenario too', async () => {
    const { app, world } = testWorld();
    await asAlice(app, 'GET', '/users');
    await world.useScenario('default');
    expect(world.journal.size).toBe(0);
  });
});

describe('journal filters by time', () => {
  // The journal stamps requests in real time: this world's real clock is a counter the test moves. Unsigned
  // requests, since a signature's timestamp is checked against that clock.
  const config: Config = { ...DEFAULT_CONFIG, scenario: 'default' };
  let now = Date.parse('2030-01-01T10:00:00.000Z');
  const app = simulatorServerOf({ world: createWorld(config, () => now), config });
  const ready = (async () => {
    for (const second of [0, 1, 2]) {
      now = Date.parse(`2030-01-01T10:00:0${second}.000Z`);
      await request(app).get(`/catalog/title?term=t${second}`).set('Host', HOST);
    }
  })();

  it.each([
    ['since an instant, that instant included', 'since=2030-01-01T10:00:01Z', ['t1', 't2']],
    ['until an instant, that instant left out', 'until=2030-01-01T10:00:01.000Z', ['t0']],
    ['between two, an offset given', 'since=2030-01-01T11:00:00.500%2B01:00&until=2030-01-01T10:00:02Z', ['t1']],
    ['an offset whose + was sent unencoded', 'since=2030-01-01T12:00:02+02:00', ['t2']],
  ])('%s', async (_rule, query, terms) => {
    await ready;
    const res = await request(app).get(`/__admin/journal?${query}`);
    expect(res.status).toBe(200);
    expect(res.body.entries.map((e: JournalEntry) => e.url.split('=')[1]).reverse()).toEqual(terms);
    expect((await request(app).get(`/__admin/journal/count?${query}`)).body).toEqual({ count: terms.length });
  });
});

describe('journal filter values that cannot be read are a JSON 400 that says why', () => {
  const { app } = testWorld();
  it.each([
    ['a since that is not an instant', 'since=yesterday', 'since: expected an ISO 8601 instant'],
    ['an until without its offset', 'until=2030-01-01T10:00:00', 'until: expected an ISO 8601 instant'],
    ['a date alone', 'since=2030-01-01', 'since: expected'],
    ['a filter the journal does not have', 'usr=alice', '"usr" is not a journal filter; the filters are method, path, consumer, user'],
  ])('%s', async (_rule, query, says) => {
    for (const path of ['/__admin/journal', '/__admin/journal/count']) {
      const res = await request(app).get(`${path}?${query}`);
      expect(res.status).toBe(400);
      expect(res.type).toBe('application/json');
      expect(res.body.error.details).toContain(says);
    }
  });
});

describe('journal filters by user', () => {
  const { app } = testWorld();
  const ready = (async () => {
    await asAlice(app, 'GET', '/users');
    await asAlice(app, 'GET', `/users/${ALICE.guid}`);
    await signed(app, 'GET', `/users/${CAROL.guid}`, { token: CAROL.token });
    await signed(app, 'GET', '/catalog/title?term=zzyzx');
  })();

  it.each([
    ['a GUID', `user=${ALICE.guid}`, 2],
    ['a login', 'user=alice', 2],
    ['another login', 'user=carol', 1],
    ['a user who sent nothing', 'user=bob', 0],
    ['a login and a route', 'user=alice&path=/users/:guid', 1],
  ])('by %s', async (_rule, query, expected) => {
    await ready;
    expect((await request(app).get(`/__admin/journal/count?${query}`)).body).toEqual({ count: expected });
    const entries: JournalEntry[] = (await request(app).get(`/__admin/journal?${query}`)).body.entries;
    expect(entries).toHaveLength(expected);
  });

  it('shows the login next to the GUID', async () => {
    await ready;
    const entries: JournalEntry[] = (await request(app).get('/__admin/journal?user=alice')).body.entries;
    expect(entries.map((e) => [e.user, e.login])).toEqual([
      [ALICE.guid, 'alice'],
      [ALICE.guid, 'alice'],
    ]);
  });
});
