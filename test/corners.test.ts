import { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerClientError } from '../src/http/client-error.js';
import { simulatorServerOf, startSimulator, type Simulator } from '../src/index.js';
import { rawHttp } from './hostile-helpers.js';
import { formAnswer, sendRaw } from './support/oauth-request.js';
import { ALICE, BOB, asAlice, authHeader, signed } from './support/signing.js';
import { BASE, HOST, testWorld } from './support/world.js';
import { nodes, parseXml, str } from './support/xml.js';

// Issue 14, "every corner answers": the clock cannot be moved where the API cannot write dates, form bodies
// in any declared charset decode or get a 4xx, a client that half-closes after its request still gets the
// answer, a request whose headers never finish gets 408, only http(s) callbacks (and oob) are taken, and
// stored strings come back exactly as sent.

const LISTS = `/users/${ALICE.guid}/lists`;
const LAST_INSTANT = '9999-12-31T23:59:59Z';
const FIRST_INSTANT = '0001-01-01T00:00:00Z';

describe('the clock stays within the dates the API can write (YYYY-MM-DDTHH:MM:SSZ, xs:dateTime)', () => {
  it.each([
    ['an offset of 99,999,999 days', { mode: 'offset', offset: '99999999d' }],
    ['an offset of 3,000,000 days (year 10184)', { mode: 'offset', offset: '3000000d' }],
    ['an offset of -1,000,000 days (before year 1)', { mode: 'offset', offset: '-1000000d' }],
    ['an offset in milliseconds past the end of time', { mode: 'offset', offsetMs: 9_000_000_000_000_000 }],
    ['frozen at year 10000', { mode: 'frozen', at: '+010000-01-01T00:00:00Z' }],
    ['frozen at year 0 (xs:dateTime has none)', { mode: 'frozen', at: '0000-06-01T00:00:00Z' }],
    ['frozen before year 0', { mode: 'frozen', at: '-000001-01-01T00:00:00Z' }],
  ])('%s is a JSON 400 that changes nothing, and the API keeps answering', async (_rule, body) => {
    const { app, world } = testWorld();
    const res = await request(app).put('/__admin/clock').send(body);
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.details).toContain(`${FIRST_INSTANT} to ${LAST_INSTANT}`);
    expect(world.clock.mode).toEqual({ mode: 'real' });
    expect((await request(app).get('/__admin/clock')).status).toBe(200);
    expect((await asAlice(app, 'GET', LISTS)).status).toBe(200);
  });

  it.each([
    ['past the last instant', LAST_INSTANT, { by: '1s' }],
    ['before the first instant', FIRST_INSTANT, { by: '-1s' }],
    ['by milliseconds off the end of time', LAST_INSTANT, { ms: 9_000_000_000_000_000 }],
  ])('POST /__admin/clock/advance %s is a 400 that leaves the frozen clock where it was', async (_rule, at, body) => {
    const { app, world } = testWorld();
    expect((await request(app).put('/__admin/clock').send({ mode: 'frozen', at })).status).toBe(200);
    const res = await request(app).post('/__admin/clock/advance').send(body);
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.details).toContain(`${FIRST_INSTANT} to ${LAST_INSTANT}`);
    expect(world.clock.mode).toEqual({ mode: 'frozen', at: Date.parse(at) });
  });

  it('advancing a real clock past year 9999 is a 400 and the clock stays real', async () => {
    const { app, world } = testWorld();
    const res = await request(app).post('/__admin/clock/advance').send({ by: '3000000d' });
    expect(res.status, res.text).toBe(400);
    expect(world.clock.mode).toEqual({ mode: 'real' });
  });

  it.each([LAST_INSTANT, FIRST_INSTANT])('at the edge (%s) the clock is taken and the API writes that instant', async (at) => {
    const { app } = testWorld();
    expect((await request(app).put('/__admin/clock').send({ mode: 'frozen', at })).body.now).toBe(at);
    expect((await asAlice(app, 'POST', LISTS, { name: 'edge of time' })).status).toBe(201);
    const lists = parseXml((await asAlice(app, 'GET', LISTS)).text);
    expect(str(lists, '/lists/list[name="edge of time"]/created')).toBe(at);
  });
});

describe('on a listening simulator', () => {
  let sim: Simulator;
  let port: number;
  beforeAll(async () => {
    sim = await startSimulator({ port: 0 });
    port = Number(new URL(sim.url).port);
  });
  afterAll(async () => sim.close());

  /** Writes the bytes, half-closes at once (the client will send nothing more) and reads to the server's close. */
  function sendAndHalfClose(bytes: string | Buffer): Promise<string> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
      socket.setTimeout(5_000, () => socket.destroy(new Error('no close in 5 s')));
      socket.on('data', (d: Buffer) => chunks.push(d));
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
    });
  }

  describe('a client that half-closes after sending its request still gets the answer', () => {
    const get = (path: string, auth?: string) => `GET ${path} HTTP/1.1\r\nHost: ${HOST}\r\n${auth ? `Authorization: ${auth}\r\n` : ''}\r\n`;
    it.each([
      ['401 for a bad signature', 401, `/users/${ALICE.guid}`, () => authHeader('GET', `/users/${ALICE.guid}?x`, { token: ALICE.token })],
      ["403 for another user's resource", 403, `/users/${ALICE.guid}/rented`, () => authHeader('GET', `/users/${ALICE.guid}/rented`, { token: BOB.token })],
      ['403 for a request without OAuth', 403, `/users/${ALICE.guid}/reviews`, () => undefined],
      ['200 for a request token', 200, '/oauth/request_token', () => authHeader('GET', '/oauth/request_token')],
      ['200 for a user', 200, `/users/${ALICE.guid}`, () => authHeader('GET', `/users/${ALICE.guid}`, { token: ALICE.token })],
    ])('%s', async (_rule, status, path, auth) => {
      expectWholeAnswer(await sendAndHalfClose(get(path, auth())), status);
    });

    it('an answer held back by a latency fault', async () => {
      sim.faults.add({ route: '/catalog/title/*', kind: 'latency', ms: 100 });
      try {
        expectWholeAnswer(await sendAndHalfClose(get('/catalog/title/1', authHeader('GET', '/catalog/title/1'))), 200);
      } finally {
        sim.faults.clear();
      }
    });

    function expectWholeAnswer(raw: string, status: number): void {
      expect(raw, 'zero bytes came back').not.toBe('');
      const split = raw.indexOf('\r\n\r\n');
      expect(Number(/^HTTP\/1\.1 (\d{3}) /.exec(raw)?.[1]), raw.slice(0, 200)).toBe(status);
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(raw.slice(0, split))?.[1]);
      expect(Buffer.byteLength(raw.slice(split + 4)), 'the whole body came back').toBe(length);
    }
  });

  describe('form bodies in any declared charset decode, or get a 4xx', () => {
    const utf16le = (s: string) => Buffer.from(s, 'utf16le');
    /** A signed POST whose form body is `bytes`, declared as `charset`; `form` is what it says once decoded. */
    const post = (charset: string, bytes: Buffer, form: Record<string, string>) =>
      rawHttp(
        fakeServer(port),
        'POST',
        LISTS,
        {
          Host: HOST,
          'Content-Type': `application/x-www-form-urlencoded; charset=${charset}`,
          Authorization: authHeader('POST', LISTS, { token: ALICE.token, form }),
        },
        bytes,
      );

    // A client cannot sign a lone surrogate (percent-encoding needs whole characters): these are signed
    // without the body, and are refused for the body before OAuth looks at them.
    it.each([
      ['utf-16le with a lone high surrogate', 'utf-16le', Buffer.concat([utf16le('name='), Buffer.from([0x00, 0xd8]), utf16le('x')])],
      ['utf-16le ending in a lone low surrogate', 'utf-16le', Buffer.concat([utf16le('name='), Buffer.from([0x00, 0xdc])])],
      ['utf-16be with a lone low surrogate', 'utf-16be', Buffer.concat([utf16le('name=').swap16(), Buffer.from([0xdc, 0x00])])],
      ['utf-7 that spells a lone surrogate', 'utf-7', Buffer.from('name=+2AA-')],
    ])('%s is a 400 <error> that stores nothing', async (_rule, charset, bytes) => {
      sim.reset();
      const listsNow = async () =>
        nodes(
          parseXml((await rawHttp(fakeServer(port), 'GET', LISTS, { Host: HOST, Authorization: authHeader('GET', LISTS, { token: ALICE.token }) })).text),
          '/lists/list',
        ).length;
      const before = await listsNow();
      const res = await post(charset, bytes, {});
      expect(res.status, res.text).toBe(400);
      expect(res.headers['content-type']).toBe('application/xml;charset=UTF-8');
      const error = parseXml(res.text);
      expect(str(error, '/error/reason')).toBe('Bad Request');
      expect(str(error, '/error/details')).toContain('surrogate');
      expect(await listsNow()).toBe(before);
    });

    it('well-formed utf-16le decodes and is stored as the text it spells', async () => {
      sim.reset();
      const res = await post('utf-16le', utf16le('name=Amélie 🎬'), { name: 'Amélie 🎬' });
      expect(res.status, res.text).toBe(201);
      expect(str(parseXml(res.text), '/resources_created/link/@title')).toBe('Amélie 🎬');
    });

    it('a charset nothing can decode is a 415 <error>', async () => {
      const res = await post('klingon', Buffer.from('name=x'), { name: 'x' });
      expect(res.status, res.text).toBe(415);
      expect(str(parseXml(res.text), '/error/reason')).toBe('Unsupported Media Type');
    });
  });
});

/** Enough of a Server for rawHttp, which only asks a server for its port. */
function fakeServer(port: number): Server {
  return { address: () => ({ port, address: '127.0.0.1', family: 'IPv4' }) as AddressInfo } as unknown as Server;
}

describe('tests run through the server the CLI listens on', () => {
  it("testWorld hands supertest the simulator's own server, not the bare express app", () => {
    const { app } = testWorld();
    expect(app).toBeInstanceOf(Server);
    expect(app.listeners('clientError')).toContain(answerClientError);
    expect((app as Server & { httpAllowHalfOpen?: boolean }).httpAllowHalfOpen).toBe(true);
  });
});

describe('a request that is not all sent in time gets 408 Request Timeout', () => {
  // The simulator's own server, as startSimulator builds it, with the timeouts shortened from a minute.
  let server: Server;
  let port: number;
  beforeAll(async () => {
    const { world, config } = testWorld();
    server = simulatorServerOf({ world, config }, { headersTimeout: 200, requestTimeout: 400, connectionsCheckingInterval: 50 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** Writes the bytes and waits, sending nothing more, until the server closes. */
  function sendAndWait(bytes: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
      socket.setTimeout(5_000, () => socket.destroy(new Error('no answer in 5 s')));
      socket.on('data', (d: Buffer) => chunks.push(d));
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
    });
  }

  it.each([
    ['headers that never end', `GET /catalog/title HTTP/1.1\r\nHost: ${HOST}\r\nAccept: */*\r\n`],
    [
      'a body shorter than its Content-Length',
      `POST ${LISTS} HTTP/1.1\r\nHost: ${HOST}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 20\r\n\r\nname=`,
    ],
  ])('%s', async (_rule, bytes) => {
    const raw = await sendAndWait(bytes);
    expect(raw).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(raw).toMatch(/\r\nX-Mashery-Error-Code: ERR_408_REQUEST_TIMEOUT\r\n/i);
    expect(raw).toMatch(/\r\nConnection: close\r\n/i);
    const error = parseXml(raw.slice(raw.indexOf('\r\n\r\n') + 4));
    expect(str(error, '/error/reason')).toBe('Request Timeout');
    expect(str(error, '/error/details')).toContain('seconds');
  });
});

describe('only http and https callbacks (and oob) are taken', () => {
  const { app } = testWorld();
  const ask = (callback: string) => sendRaw(app, { method: 'POST', path: '/oauth/request_token', extra: { oauth_callback: callback } });

  it.each([
    'javascript:alert(1)',
    'javascript://%0aalert(1)',
    'JavaScript://x.test/%0aalert(1)',
    'vbscript://x.test/msgbox',
    'data:text/html,<script>1</script>',
    'data://text/html,x',
    'file:///etc/passwd',
    'file://host/share',
    'myapp://done',
    'ftp://files.example/',
    'http:/one-slash',
    'https://',
    'http:// spaced.example/',
  ])('%s is a 400 naming oauth_callback, and no token is issued', async (callback) => {
    const res = await ask(callback);
    expect(res.status, res.text).toBe(400);
    const error = parseXml(res.text);
    expect(str(error, '/error/reason')).toBe('Invalid Parameter');
    expect(str(error, '/error/details')).toContain('oauth_callback');
    expect(str(error, '/error/details')).toContain('http or https');
    expect(res.text).not.toContain('oauth_token=');
  });

  it.each(['http://client.example/cb', 'HTTPS://Client.Example:8443/cb?state=a%20b#top', 'https://[::1]/cb', 'oob', 'OOB'])('%s is taken', async (callback) => {
    const res = await ask(callback);
    expect(res.status, res.text).toBe(200);
    expect(formAnswer(res.text)['oauth_callback_confirmed']).toBe('true');
  });
});

describe('stored strings come back exactly as sent', () => {
  const EDGES = ' \uFEFF\u2028\t';

  it('a list name and description keep leading and trailing spaces, U+FEFF and U+2028', async () => {
    const { app } = testWorld();
    const name = `${EDGES}Films${EDGES}`;
    const description = `\u2028 for Sunday \uFEFF `;
    const res = await asAlice(app, 'POST', LISTS, { name, description });
    expect(res.status, res.text).toBe(201);
    expect(str(parseXml(res.text), '/resources_created/link/@title')).toBe(name);
    const list = nodes(parseXml((await asAlice(app, 'GET', LISTS)).text), '/lists/list').filter((n) => str(n, 'name') === name);
    expect(list).toHaveLength(1);
    expect(str(list[0]!, 'description')).toBe(description);
  });

  it('a list entry comment keeps them too', async () => {
    const { app } = testWorld();
    const comment = `${EDGES}watch again${EDGES}`;
    const add = await asAlice(app, 'POST', `${LISTS}/7001`, { title_refs: `${BASE}/catalog/title/10376`, comment });
    expect(add.status, add.text).toBe(201);
    const items = parseXml((await signed(app, 'GET', `${LISTS}/7001?items_per_page=100&expand=none`, { token: ALICE.token })).text);
    expect(str(items, `/list_items/list_item[id="${BASE}${LISTS}/7001/10376"]/comment`)).toBe(comment);
  });

  it('a name that is only spaces and U+FEFF is still refused as missing', async () => {
    const { app } = testWorld();
    const res = await asAlice(app, 'POST', LISTS, { name: ' \uFEFF\u2028 ' });
    expect(res.status).toBe(400);
    expect(str(parseXml(res.text), '/error/reason')).toBe('Missing Required Parameter');
  });
});
