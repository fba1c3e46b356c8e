import { connect } from 'node:net';
import type { Server } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../src/config.js';
import { startSimulator, type Simulator } from '../src/index.js';
import { sendRaw } from './support/oauth-request.js';
import { ALICE, CONSUMER, asAlice, signed } from './support/signing.js';
import { BASE, testWorld } from './support/world.js';
import { count, parseXml, str } from './support/xml.js';

// Every limit that bounds what one client can make the simulator hold or do: the body size, the title_refs
// count, the request line and headers, the journal and the sandbox pool. Each refusal is a clear <error>
// that names the limit, and changes nothing.

const U = `/users/${ALICE.guid}`;
const ref = (id: number) => `${BASE}/catalog/title/${id}`;
/** Generated titles alice holds in no queue or list (10376 upwards, as the queue tests use). */
const FREE = Array.from({ length: 12 }, (_, i) => 10370 + i);
const stateOf = (w: { world: { sandbox(key: string): { db: { serialize(): Buffer } } } }) => w.world.sandbox(CONSUMER.key).db.serialize();

function expectError(res: request.Response, status: number, reason: string, details: RegExp): void {
  expect(res.status, res.text).toBe(status);
  const doc = parseXml(res.text);
  expect(str(doc, '/error/reason')).toBe(reason);
  expect(str(doc, '/error/details')).toMatch(details);
}

/** A form of exactly `bytes` bytes: the parameters, then an ignored `pad` parameter that fills it up. */
function formOfSize(params: Record<string, string>, bytes: number): Record<string, string> {
  const base = new URLSearchParams({ ...params, pad: '' }).toString().length;
  return { ...params, pad: 'x'.repeat(bytes - base) };
}

describe('body size (--max-body)', () => {
  const MAX = 2048;
  const writes: Array<['POST' | 'PUT', string, Record<string, string>]> = [
    ['POST', `${U}/lists`, { name: 'Big' }],
    ['POST', `${U}/lists/7001`, { title_refs: ref(10376), comment: 'big' }],
    ['POST', `${U}/queues/every`, { title_refs: ref(10376) }],
    ['POST', `${U}/ratings/title`, { title_ref: ref(10376), rating: '4' }],
    ['PUT', `${U}/ratings/title/10002`, { rating: '1' }],
    ['PUT', `${U}/queues/item/10`, { priority: '3' }],
  ];

  it.each(writes)('%s %s: one byte over the limit is 413 naming it, and nothing changes', async (method, path, params) => {
    const w = testWorld('default', { maxBodyBytes: MAX });
    const before = stateOf(w);
    const res = await signed(w.app, method, path, { token: ALICE.token, form: formOfSize(params, MAX + 1) });
    expectError(res, 413, 'Request Entity Too Large', new RegExp(`over ${MAX} bytes`));
    expect(res.headers['x-mashery-error-code']).toBe('ERR_413_REQUEST_ENTITY_TOO_LARGE');
    expect(stateOf(w).equals(before)).toBe(true);
  });

  it.each(writes)('%s %s: a body of exactly the limit is read and answered', async (method, path, params) => {
    const w = testWorld('default', { maxBodyBytes: MAX });
    const res = await signed(w.app, method, path, { token: ALICE.token, form: formOfSize(params, MAX) });
    expect(res.status, res.text).toBeLessThan(300);
  });
});

describe('title_refs count (--max-title-refs)', () => {
  const small = () => testWorld('default', { maxTitleRefs: 5 });
  const refs = (n: number) => FREE.slice(0, n).map(ref).join(',');

  it('defaults to 500', () => {
    expect(DEFAULT_CONFIG.maxTitleRefs).toBe(500);
  });

  it.each([
    [
      'an unsigned request is 403 Not Authorized',
      () =>
        request(small().app)
          .post(`${U}/queues/every`)
          .set('Host', 'rentalsim.test')
          .type('form')
          .send({ title_refs: refs(6) }),
      403,
      'Not Authorized',
    ],
    [
      "another user's token is 403 Forbidden",
      (w = small()) =>
        signed(w.app, 'POST', `${U}/queues/every`, { token: { key: 'bob-access-token', secret: 'bob-access-secret' }, form: { title_refs: refs(6) } }),
      403,
      'Forbidden',
    ],
  ] as const)('OAuth answers before the cap: %s', async (_what, send, status, reason) => {
    const res = await send();
    expect(res.status).toBe(status);
    expect(str(parseXml(res.text), '/error/reason')).toBe(reason);
  });

  it.each([
    ['a queue POST', 'POST', `${U}/queues/every`],
    ['a list POST', 'POST', `${U}/lists/7001`],
    ['a queue read filtered by title_refs', 'GET', `${U}/queues/every`],
    ['a ratings read filtered by title_refs', 'GET', `${U}/ratings/title`],
  ] as const)('over the cap, %s is 400 Invalid Parameter naming the cap, and nothing changes', async (_what, method, path) => {
    const w = small();
    const before = stateOf(w);
    const form = { title_refs: refs(6), comment: 'x' };
    const res = method === 'GET' ? await asAlice(w.app, 'GET', `${path}?title_refs=${encodeURIComponent(refs(6))}`) : await asAlice(w.app, method, path, form);
    expectError(res, 400, 'Invalid Parameter', /title_refs: 6 title references in one request; send at most 5/);
    expect(stateOf(w).equals(before)).toBe(true);
  });

  it('at the cap, a queue POST adds every title', async () => {
    const { app } = small();
    const res = await asAlice(app, 'POST', `${U}/queues/every`, { title_refs: refs(5) });
    expect(res.status, res.text).toBe(201);
    expect(count(parseXml(res.text), '/response/resources_created/link')).toBe(5);
  });

  it('refs are counted over every title_refs parameter of the request, query and body together', async () => {
    const w = small();
    const before = stateOf(w);
    const path = `${U}/queues/every?title_refs=${encodeURIComponent(refs(3))}`;
    // oauth-1.0a cannot sign one name in both query and body; the independent raw signer can.
    const res = await sendRaw(w.app, { method: 'POST', path, token: ALICE.token, form: { title_refs: FREE.slice(3, 6).map(ref).join(',') } });
    expectError(res, 400, 'Invalid Parameter', /6 title references/);
    expect(stateOf(w).equals(before)).toBe(true);
  });

  it('blank entries do not count (a trailing comma is not a reference)', async () => {
    const { app } = small();
    const res = await asAlice(app, 'POST', `${U}/queues/every`, { title_refs: `${refs(5)},,, ,` });
    expect(res.status, res.text).toBe(201);
  });

  it('the default cap of 500 holds: 501 refs in one body are refused', async () => {
    const w = testWorld();
    const many = Array.from({ length: 501 }, (_, i) => ref(10001 + i)).join(',');
    const res = await asAlice(w.app, 'POST', `${U}/queues/every`, { title_refs: many });
    expectError(res, 400, 'Invalid Parameter', /501 title references in one request; send at most 500/);
  });

  it('outside /users it means nothing and is ignored, like any unknown parameter', async () => {
    const { app } = small();
    const res = await signed(app, 'GET', `/catalog/title?items_per_page=1&title_refs=${encodeURIComponent(refs(6))}`);
    expect(res.status).toBe(200);
  });
});

describe('request line and headers (Node: 16 KB), on a listening simulator', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ port: 0 });
  });
  afterAll(async () => sim.close());

  /** Sends raw bytes, answers the raw response once the server closes the connection. */
  function raw(bytes: string): Promise<string> {
    const { port, hostname } = new URL(sim.url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => socket.end(bytes));
      let out = '';
      socket.on('data', (d) => (out += d.toString('utf8')));
      socket.on('close', () => resolve(out));
      socket.on('error', reject);
    });
  }

  function xmlOf(response: string): { status: number; reason: string; details: string; type: string } {
    const [head, body = ''] = response.split('\r\n\r\n');
    const doc = parseXml(body);
    return {
      status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head!)?.[1]),
      type: /content-type: ([^\r\n]+)/i.exec(head!)?.[1] ?? '',
      reason: str(doc, '/error/reason'),
      details: str(doc, '/error/details'),
    };
  }

  it('a request line over the limit is 431 with an XML <error> that says to use a form body', async () => {
    const answer = xmlOf(await raw(`GET /catalog/title?term=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`));
    expect(answer).toMatchObject({ status: 431, type: 'application/xml;charset=UTF-8', reason: 'Request Header Fields Too Large' });
    expect(answer.details).toMatch(/form body/);
  });

  it.each([
    ['a request line that is not HTTP', 'HELLO\r\n\r\n'],
    ['a header with control bytes', 'GET /catalog/title HTTP/1.1\r\nHost: x\r\nX-Bad: \u0001\u0002\r\n\r\n'],
    ['a Content-Length that is not a number', 'POST /users HTTP/1.1\r\nHost: x\r\nContent-Length: lots\r\n\r\n'],
  ])('%s is a 400 XML <error>', async (_what, bytes) => {
    expect(xmlOf(await raw(bytes))).toMatchObject({ status: 400, type: 'application/xml;charset=UTF-8', reason: 'Bad Request' });
  });

  it('the server answers normally after all of them', async () => {
    const res = await fetch(`${sim.url}/nowhere`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/xml;charset=UTF-8');
  });
});

describe('the journal and the sandbox pool stay bounded under a flood', () => {
  const flood = async (app: Server, n: number, consumerOf: (i: number) => { key: string; secret: string }) => {
    for (let i = 0; i < n; i++) await signed(app, 'GET', `/catalog/title?items_per_page=1&i=${i}`, { consumer: consumerOf(i) });
  };

  it('the journal keeps exactly --journal-size requests, the newest', async () => {
    const { app } = testWorld('default', { journalSize: 5 });
    await flood(app, 30, () => CONSUMER);
    const res = await request(app).get('/__admin/journal');
    expect(res.body).toMatchObject({ held: 5, capacity: 5 });
    expect(res.body.entries.map((e: { url: string }) => e.url)).toEqual([29, 28, 27, 26, 25].map((i) => `/catalog/title?items_per_page=1&i=${i}`));
  });

  it('the pool holds at most --max-sandboxes, however many consumer keys sign requests', async () => {
    const { app } = testWorld('default', { maxSandboxes: 3, openPrefix: 'ci-', openSecret: 'ci-secret' });
    await flood(app, 20, (i) => ({ key: `ci-run-${i}`, secret: 'ci-secret' }));
    const res = await request(app).get('/__admin/sandboxes');
    expect(res.body.held).toBe(3);
    expect(res.body.evicted).toBeGreaterThanOrEqual(17);
    expect(res.body.sandboxes.map((s: { key: string }) => s.key)).toContain('ci-run-19');
  });
});
