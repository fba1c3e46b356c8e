import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { simControls } from '../src/admin/controls.js';
import { sendRaw, type RawOAuthOptions } from './support/oauth-request.js';
import { CAROL, CONSUMER, OTHER_CONSUMER, signed, type Credentials } from './support/signing.js';
import { BASE, HOST, testWorld } from './support/world.js';
import { parseXml, str } from './support/xml.js';

// Issue 16 part 1: one request answered with what the model cannot produce, through POST /__admin/overrides.

const SEARCH = '/catalog/title?term=zzyzx';
const search = (app: Server, consumer: Credentials = CONSUMER, path = SEARCH) => signed(app, 'GET', path, { consumer });
const unsigned = (app: Server, path = SEARCH) => request(app).get(path).set('Host', HOST);
const forged = (app: Server, key: string) => search(app, { key, secret: 'not-the-secret' });
const addOverride = (app: Server, body: unknown) =>
  request(app)
    .post('/__admin/overrides')
    .send(body as object);
const listed = async (app: Server) => (await request(app).get('/__admin/overrides')).body.overrides as Array<Record<string, unknown>>;
const journal = async (app: Server) => (await request(app).get('/__admin/journal')).body.entries as Array<Record<string, unknown>>;

/** The answer's body as the bytes sent, whatever its content type. */
const bytesOf = (call: request.Test) =>
  call.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

const MALFORMED = '<?xml version="1.0" encoding="UTF-8"?><search><number_of_results>1</number_of_results><catalog_title><id>http';

describe('an override answers in place of the API', () => {
  it('with malformed XML, status 200 and application/xml, byte for byte; the journal shows request and answer', async () => {
    const { app } = testWorld();
    const added = await addOverride(app, {
      match: { method: 'GET', path: '/catalog/title' },
      answer: { status: 200, contentType: 'application/xml', body: MALFORMED },
      times: 1,
    });
    expect(added.status).toBe(201);
    expect(added.body.override).toMatchObject({ id: 1, match: { method: 'GET', path: '/catalog/title' }, remaining: 1, answered: 0 });

    const res = await bytesOf(search(app));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(MALFORMED)));
    expect((res.body as Buffer).equals(Buffer.from(MALFORMED))).toBe(true);

    const [entry] = await journal(app);
    expect(entry).toMatchObject({ method: 'GET', url: SEARCH, path: '/catalog/title', consumer: CONSUMER.key, status: 200, override: 1 });
    expect(entry).not.toHaveProperty('rejected');
  });

  it('with any bytes given as base64, and the API’s XML content type when none is given', async () => {
    const { app } = testWorld();
    const bytes = Buffer.from([0xff, 0xfe, 0x00, 0x3c, 0x71, 0x75, 0x65, 0x75, 0x65, 0x3e]); // not UTF-8, a NUL, then <queue>
    await addOverride(app, { match: { path: '/catalog/title' }, answer: { status: 200, bodyBase64: bytes.toString('base64') } });
    const res = await bytesOf(search(app));
    expect(res.headers['content-type']).toBe('application/xml;charset=UTF-8');
    expect((res.body as Buffer).equals(bytes)).toBe(true);
  });

  it('as a gateway’s HTML 503 with its headers, for every request on the path, unsigned and forged ones too', async () => {
    const { app } = testWorld();
    const html = '<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>';
    await addOverride(app, {
      match: { path: '/catalog/title' },
      answer: { status: 503, contentType: 'text/html', headers: { 'Retry-After': '30', Server: 'nginx' }, body: html },
    });
    for (const res of [await search(app), await unsigned(app), await forged(app, CONSUMER.key), await search(app, OTHER_CONSUMER)]) {
      expect([res.status, res.headers['content-type'], res.headers['retry-after'], res.headers['server'], res.text]).toEqual([
        503,
        'text/html',
        '30',
        'nginx',
        html,
      ]);
      expect(res.headers['x-mashery-error-code']).toBeUndefined();
    }
    expect((await search(app, CONSUMER, '/catalog/person?term=zzyzx')).status).toBe(200);
    expect((await listed(app))[0]).toMatchObject({ answered: 4 });
    expect((await journal(app)).slice(1).map((e) => [e.consumer, e.status, e.override])).toEqual([
      [OTHER_CONSUMER.key, 503, 1],
      ['unverified', 503, 1],
      ['unverified', 503, 1],
      [CONSUMER.key, 503, 1],
    ]);
  });

  it('for the next N matching requests, then the model answers again', async () => {
    const { app } = testWorld();
    await addOverride(app, { match: { path: '/catalog/title' }, answer: { status: 502 }, times: 1 });
    const first = await search(app);
    expect([first.status, first.text, first.headers['content-type']]).toEqual([502, '', undefined]);
    const second = await search(app);
    expect(second.status).toBe(200);
    expect(str(parseXml(second.text), 'name(/*)')).toBe('search');
    expect((await listed(app))[0]).toMatchObject({ answered: 1, remaining: 0 });
  });

  it('never answers the admin API', async () => {
    const { app } = testWorld();
    await addOverride(app, { match: { path: '*' }, answer: { status: 500, body: 'no' } });
    expect((await request(app).get('/__admin/overrides')).status).toBe(200);
    expect((await search(app)).status).toBe(500);
  });
});

describe('matching on parameters', () => {
  it('answers only when the query holds the parameters with those values', async () => {
    const { app } = testWorld();
    await addOverride(app, { match: { method: 'GET', path: '/catalog/title', query: { term: 'alien' } }, answer: { status: 200, body: '<search/>' } });
    expect((await search(app, CONSUMER, '/catalog/title?term=alien')).text).toBe('<search/>');
    expect((await search(app, CONSUMER, '/catalog/title?term=ali%65n&start_index=0')).text).toBe('<search/>'); // decoded, among others
    expect((await search(app, CONSUMER, '/catalog/title?term=aliens')).text).not.toBe('<search/>');
    expect((await search(app, CONSUMER, '/catalog/title')).text).not.toBe('<search/>');
  });

  it('answers only when the form body holds the parameters with those values', async () => {
    const { app } = testWorld();
    const ratings = `/users/${CAROL.guid}/ratings/title`;
    await addOverride(app, { match: { method: 'POST', path: '/users/:guid/ratings/title', form: { rating: '5' } }, answer: { status: 500, body: 'boom' } });
    const rate = (rating: string) => signed(app, 'POST', ratings, { token: CAROL.token, form: { title_ref: `${BASE}/catalog/title/30`, rating } });
    expect((await rate('5')).text).toBe('boom');
    expect((await rate('4')).status).toBe(201);
    // The query is not the form: rating=5 there does not make the form's rating 5.
    const inQuery = await sendRaw(app, { method: 'POST', path: `${ratings}?rating=5`, token: CAROL.token, form: { title_ref: `${BASE}/catalog/title/31` } });
    expect(inQuery.text).not.toBe('boom');
    expect(inQuery.status).toBe(201);
  });
});

describe('an override and OAuth', () => {
  it('scoped to a consumer, it answers only requests whose signature verifies as it: a forged one neither meets nor uses it up', async () => {
    const { app } = testWorld();
    await addOverride(app, { match: { path: '*', consumer: CONSUMER.key }, answer: { status: 503, body: 'down' }, times: 1 });
    expect((await forged(app, CONSUMER.key)).status).toBe(401);
    expect((await unsigned(app, `${SEARCH}&oauth_consumer_key=${CONSUMER.key}`)).status).toBe(400);
    expect((await search(app, OTHER_CONSUMER)).status).toBe(200);
    expect((await listed(app))[0]).toMatchObject({ answered: 0, remaining: 1 });
    expect((await search(app)).text).toBe('down');
    expect((await search(app)).status).toBe(200);
  });

  it('an overridden request has used its nonce (issue 24): the same bytes sent again are a replay, 401, and use up nothing', async () => {
    const { app } = testWorld();
    await addOverride(app, { match: { path: '/catalog/title', consumer: CONSUMER.key }, answer: { status: 503 }, times: 1 });
    const fixed: RawOAuthOptions = {
      method: 'GET',
      path: SEARCH,
      consumer: CONSUMER,
      nonce: randomBytes(12).toString('hex'),
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    await addOverride(app, { match: { path: '/catalog/title', consumer: CONSUMER.key }, answer: { status: 418 }, times: 1 });
    expect((await sendRaw(app, fixed)).status).toBe(503);
    expect((await sendRaw(app, fixed)).status).toBe(401);
    expect((await listed(app)).map((o) => o.remaining)).toEqual([0, 1]);
  });
});

describe('a delayed override', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers only once its delay has passed, after requests that came later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { app } = testWorld();
    await addOverride(app, { match: { path: '/catalog/title', query: { term: 'slow' } }, answer: { status: 200, body: 'late' }, delay: '250ms' });
    let slowDone = false;
    const slow = search(app, CONSUMER, '/catalog/title?term=slow').then((res) => {
      slowDone = true;
      return res;
    });
    while ((await listed(app))[0]!['answered'] === 0) await new Promise((r) => setImmediate(r));
    expect((await search(app)).status).toBe(200);
    await vi.advanceTimersByTimeAsync(249);
    expect((await journal(app)).map((e) => e.url)).toEqual([SEARCH]);
    expect(slowDone).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await slow).text).toBe('late');
    expect((await journal(app)).map((e) => e.url)).toEqual(['/catalog/title?term=slow', SEARCH]);
  });
});

describe('/__admin/overrides', () => {
  it('lists overrides with their remaining counts, removes one, clears them all; a full reset clears them too', async () => {
    const { app } = testWorld();
    await addOverride(app, { match: { path: '/catalog/title' }, answer: { status: 503, body: 'x' }, times: 2, delay: 0 });
    await addOverride(app, { match: { method: 'post', path: '/users/:guid/queues/*' }, answer: { status: 200, bodyBase64: 'AAE=' }, delay: '2s' });
    await search(app);
    expect(await listed(app)).toEqual([
      { id: 1, match: { method: '*', path: '/catalog/title' }, answer: { status: 503, body: 'x' }, delayMs: 0, times: 2, answered: 1, remaining: 1 },
      { id: 2, match: { method: 'POST', path: '/users/:guid/queues/*' }, answer: { status: 200, bodyBase64: 'AAE=' }, delayMs: 2000, answered: 0 },
    ]);
    expect((await request(app).delete('/__admin/overrides/1')).body).toEqual({ removed: 1 });
    expect((await request(app).delete('/__admin/overrides/1')).status).toBe(404);
    expect((await listed(app)).map((o) => o['id'])).toEqual([2]);
    expect((await search(app)).status).toBe(200);
    expect((await request(app).delete('/__admin/overrides')).body).toEqual({ cleared: 1 });
    await addOverride(app, { match: { path: '*' }, answer: { status: 500 } });
    await request(app).post('/__admin/reset');
    expect(await listed(app)).toEqual([]);
    expect((await search(app)).status).toBe(200);
  });

  const ok = { match: { path: '/catalog/title' }, answer: { status: 200, body: '<x/>' } };
  it.each([
    ['an unknown field', { ...ok, color: 'red' }, 'color'],
    ['an unknown match field', { ...ok, match: { path: '*', route: '*' } }, 'route'],
    ['an unknown answer field', { ...ok, answer: { status: 200, reason: 'OK' } }, 'reason'],
    ['no answer', { match: ok.match }, 'answer'],
    ['a relative path', { ...ok, match: { path: 'catalog/title' } }, 'route pattern'],
    ['a * inside the path', { ...ok, match: { path: '/catalog/*/x' } }, 'route pattern'],
    ['a method that is not one', { ...ok, match: { path: '*', method: 'GET /' } }, 'HTTP method'],
    ['an informational status', { ...ok, answer: { status: 101 } }, 'status'],
    ['a status past 599', { ...ok, answer: { status: 600 } }, 'status'],
    ['a status as a string', { ...ok, answer: { status: '200' } }, 'status'],
    ['base64 with a stray character', { ...ok, answer: { status: 200, bodyBase64: 'AA*=' } }, 'base64'],
    ['base64 without its padding', { ...ok, answer: { status: 200, bodyBase64: 'AAE' } }, 'base64'],
    ['both body and bodyBase64', { ...ok, answer: { status: 200, body: 'a', bodyBase64: 'AAE=' } }, 'not both'],
    ['a body on a 204', { ...ok, answer: { status: 204, body: '' } }, 'carries no body'],
    ['a header with a line break', { ...ok, answer: { status: 200, headers: { 'X-A': 'a\r\nX-B: b' } } }, 'cannot carry'],
    ['a Content-Length header', { ...ok, answer: { status: 200, headers: { 'Content-Length': '5' } } }, 'Content-Length'],
    // Issue 24: node refuses a Trailer on an answer sent whole, and the first request it answered ended the process.
    ['a Trailer header', { ...ok, answer: { status: 200, headers: { Trailer: 'X-Checksum' } } }, 'Trailer is set by the simulator'],
    ['a trailer header, on a HEAD', { ...ok, match: { method: 'HEAD', path: '*' }, answer: { status: 200, headers: { trailer: 'x' } } }, 'trailer'],
    [
      'a Trailer header on a consumer’s delayed override',
      { ...ok, match: { path: '*', consumer: CONSUMER.key }, answer: { status: 503, headers: { Trailer: 'X-Checksum' } }, delay: '10ms' },
      'Trailer',
    ],
    ['a Transfer-Encoding header', { ...ok, answer: { status: 200, headers: { 'Transfer-Encoding': 'chunked' } } }, 'Transfer-Encoding'],
    // It replaced a client's Connection: close, and the connection stayed open.
    ['a Connection header other than close', { ...ok, answer: { status: 200, headers: { Connection: 'keep-alive' } } }, 'only Connection: close'],
    ['a Keep-Alive header', { ...ok, answer: { status: 200, headers: { 'Keep-Alive': 'timeout=600' } } }, 'about the connection'],
    ['an Upgrade header', { ...ok, answer: { status: 200, headers: { Upgrade: 'websocket' } } }, 'about the connection'],
    ['a TE header', { ...ok, answer: { status: 200, headers: { TE: 'trailers' } } }, 'about the connection'],
    ['headers past 8 KiB', { ...ok, answer: { status: 200, headers: { 'X-Big': 'a'.repeat(8200) } } }, 'over the 8192'],
    // A query in the pattern was ignored: the override answered every query.
    ['a query in match.path', { ...ok, match: { path: '/catalog/title?term=alien' } }, 'match.query'],
    ['a content type given twice', { ...ok, answer: { status: 200, contentType: 'text/html', headers: { 'content-type': 'text/plain' } } }, 'not both'],
    ['a header given twice', { ...ok, answer: { status: 200, headers: { 'X-A': '1', 'x-a': '2' } } }, 'twice'],
    ['a query value that is not a string', { ...ok, match: { path: '*', query: { start_index: 0 } } }, 'match.query'],
    ['a delay that is not a duration', { ...ok, delay: 'soon' }, 'delay'],
    ['a delay over two minutes', { ...ok, delay: '3m' }, 'delay'],
    ['zero times', { ...ok, times: 0 }, 'times'],
  ])('%s is a JSON 400 and adds nothing', async (_rule, body, says) => {
    const { app } = testWorld();
    const res = await addOverride(app, body);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.error.details).toContain(says);
    expect(await listed(app)).toEqual([]);
    expect((await search(app)).status).toBe(200);
  });
});

describe('answers as HTTP frames them', () => {
  it('a 204 or 304 sends no Content-Length, a 205 says its empty body with Content-Length: 0', async () => {
    const { app } = testWorld();
    for (const status of [204, 205, 304]) {
      await addOverride(app, { match: { path: '/catalog/title' }, answer: { status, headers: { 'X-Status': String(status) } }, times: 1 });
      const res = await search(app);
      expect([res.status, res.headers['x-status'], res.headers['content-length']]).toEqual([status, String(status), status === 205 ? '0' : undefined]);
    }
  });

  it('Connection: close may be given, and the connection ends after the answer', async () => {
    const { app } = testWorld();
    const added = await addOverride(app, { match: { path: '*' }, answer: { status: 503, headers: { Connection: 'close' }, body: 'down' } });
    expect(added.status).toBe(201);
    const res = await unsigned(app).set('Connection', 'keep-alive');
    expect([res.status, res.headers['connection'], res.text]).toEqual([503, 'close', 'down']);
  });
});

describe('how much the overrides hold', () => {
  it('overrides of 1 MB each are refused with a 409 once they would pass 16 MiB in all, and the list still answers', async () => {
    const { app } = testWorld();
    const body = 'x'.repeat(1_000_000);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await addOverride(app, { match: { path: `/catalog/title/${i}` }, answer: { status: 200, body } })).status);
    expect(statuses).toEqual([...Array(16).fill(201), ...Array(4).fill(409)]);
    const refused = await addOverride(app, { match: { path: '/x' }, answer: { status: 200, body } });
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.body.error.details).toContain('past 16777216 bytes in all');
    const list = await request(app).get('/__admin/overrides');
    expect([list.status, list.body.overrides.length]).toEqual([200, 16]);
    // Removing one makes room again.
    await request(app).delete('/__admin/overrides/1');
    expect((await addOverride(app, { match: { path: '/x' }, answer: { status: 200, body } })).status).toBe(201);
  });

  it('holds at most 1000 overrides: the next is a 409 that says how to make room', async () => {
    const { app, world } = testWorld();
    const sim = simControls(world);
    for (let i = 0; i < 1000; i++) sim.overrides.add({ match: { path: `/catalog/title/${i}` }, answer: { status: 503 } });
    const res = await addOverride(app, { match: { path: '*' }, answer: { status: 503 } });
    expect(res.status).toBe(409);
    expect(res.body.error.details).toContain('already holds 1000 overrides');
    expect(res.body.error.details).toContain('DELETE /__admin/overrides');
    expect((await listed(app)).length).toBe(1000);
  });

  it('a body past 1 MiB is refused, however it is given', () => {
    const sim = simControls(testWorld().world);
    const big = 1024 * 1024 + 1;
    expect(() => sim.overrides.add({ match: { path: '*' }, answer: { status: 200, body: 'x'.repeat(big) } })).toThrow(
      /body is 1048577 bytes, over the 1048576/,
    );
    expect(() => sim.overrides.add({ match: { path: '*' }, answer: { status: 200, bodyBase64: Buffer.alloc(big).toString('base64') } })).toThrow(
      /body is 1048577 bytes/,
    );
    expect(sim.overrides.add({ match: { path: '*' }, answer: { status: 200, bodyBase64: Buffer.alloc(big - 1).toString('base64') } }).id).toBe(1);
  });
});

describe('sim.overrides (the library)', () => {
  it('adds, lists, removes and clears overrides with the admin API’s rules', async () => {
    const { app, world } = testWorld();
    const sim = simControls(world);
    const o = sim.overrides.add({ match: { path: '/catalog/title', query: { term: 'zzyzx' } }, answer: { status: 200, body: MALFORMED }, times: 1 });
    expect((await search(app)).text).toBe(MALFORMED);
    expect(sim.overrides.list()).toEqual([expect.objectContaining({ id: o.id, answered: 1, remaining: 0 })]);
    expect(sim.journal.find({ path: '/catalog/title' })[0]).toMatchObject({ status: 200, override: o.id });
    expect(sim.overrides.remove(o.id)).toBe(true);
    expect(sim.overrides.remove(o.id)).toBe(false);
    sim.overrides.add({ match: { path: '*' }, answer: { status: 503 } });
    sim.overrides.clear();
    expect(sim.overrides.list()).toEqual([]);
    expect(() => sim.overrides.add({ match: { path: '*' }, answer: { status: 200, bodyBase64: '!' } })).toThrow(
      /overrides.add: answer.bodyBase64: expected standard base64/,
    );
    expect(() => sim.overrides.add({ match: { path: '*' }, answer: { status: 200 }, delay: 'later' })).toThrow(/overrides.add: delay/);
  });
});
