import { createHmac, randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { NonceStore } from '../src/domain/oauth/nonce-store.js';
import { sendRaw, type RawOAuthOptions } from './support/oauth-request.js';
import { ALICE, CAROL, CONSUMER, signed, type Credentials } from './support/signing.js';
import { BASE, HOST, freezeClock, testWorld } from './support/world.js';
import { count, parseXml, str } from './support/xml.js';

// Issue 14: open mode (--open-prefix) is one rentalsim for every team's CI, so a request nobody can vouch for
// (unsigned, forged, replayed) must not reach another team's sandbox, allowance, faults or replay protection.

const OPEN = { openPrefix: 'ci-', openSecret: 's', maxSandboxes: 20 };
const VICTIM: Credentials = { key: 'ci-victim', secret: 's' };
const RATINGS = `/users/${CAROL.guid}/ratings/title`;
const TITLE = 30;
const SEARCH = '/catalog/title?term=zzyzx';

/** Carol rates a title through a consumer: a write that lands in that consumer's sandbox. */
const rating = (consumer: Credentials, titleId = TITLE): RawOAuthOptions => ({
  method: 'POST',
  path: RATINGS,
  consumer,
  token: CAROL.token,
  form: { title_ref: `${BASE}/catalog/title/${titleId}`, rating: '4' },
});

/** The title ids carol has rated, as one consumer's sandbox sees them. */
async function ratedBy(app: Server, consumer: Credentials): Promise<string[]> {
  const res = await signed(app, 'GET', RATINGS, { consumer, token: CAROL.token });
  expect(res.status).toBe(200);
  const doc = parseXml(res.text);
  return Array.from({ length: count(doc, '//rating_item') }, (_, i) => str(doc, `(//rating_item)[${i + 1}]/catalog_title/id`).replace(/.*\//, ''));
}

/** The same bytes sent again: what an attacker who captured a signed request can do. */
function replayable(app: Server, o: RawOAuthOptions): () => request.Test {
  const fixed = { ...o, nonce: o.nonce ?? randomBytes(12).toString('hex'), timestamp: o.timestamp ?? String(Math.floor(Date.now() / 1000)) };
  return () => sendRaw(app, fixed);
}

const forged = (app: Server, key: string) => signed(app, 'GET', SEARCH, { consumer: { key, secret: 'not-the-secret' } });
const sandboxes = async (app: Server) =>
  (await request(app).get('/__admin/sandboxes')).body as { held: number; evicted: number; sandboxes: Array<{ key: string; uses: number }> };
const reasonOf = (text: string) => str(parseXml(text), '/error/reason');

describe('open mode: a request whose signature does not verify opens, touches and evicts no sandbox', () => {
  it('25 garbage signatures with fresh ci-* keys create no sandbox and evict nothing: the victim keeps its sandbox and writes', async () => {
    const { app } = testWorld('default', OPEN);
    expect((await sendRaw(app, rating(VICTIM))).status).toBe(201);
    for (let i = 0; i < 25; i++) {
      const res = await forged(app, `ci-attacker-${i}`);
      expect([res.status, reasonOf(res.text)]).toEqual([401, 'Invalid Signature']);
    }
    const held = await sandboxes(app);
    expect([held.held, held.evicted, held.sandboxes.map((s) => s.key)]).toEqual([1, 0, [VICTIM.key]]);
    expect(await ratedBy(app, VICTIM)).toContain(String(TITLE));
  });

  it('a forged request naming a held sandbox does not count as a use of it (nor keep it alive)', async () => {
    const { app } = testWorld('default', OPEN);
    await sendRaw(app, rating(VICTIM));
    const uses = (await sandboxes(app)).sandboxes[0]!.uses;
    expect((await forged(app, VICTIM.key)).status).toBe(401);
    expect((await sandboxes(app)).sandboxes[0]!.uses).toBe(uses);
  });

  it('a forged request with a token opens no sandbox either (the token is read without one)', async () => {
    const { app } = testWorld('default', OPEN);
    const res = await signed(app, 'GET', RATINGS, { consumer: { key: 'ci-attacker', secret: 'wrong' }, token: CAROL.token });
    expect([res.status, reasonOf(res.text)]).toEqual([401, 'Invalid Signature']);
    expect((await sandboxes(app)).held).toBe(0);
    // The same token signed properly still works: the scenario's tokens are found in its template.
    expect(await ratedBy(app, { key: 'ci-honest', secret: 's' })).not.toContain(String(TITLE));
  });
});

describe('replay protection outlives the sandbox and any amount of traffic', () => {
  it.each([
    ['its sandbox is dropped (DELETE /__admin/sandboxes/KEY)', (app: Server) => request(app).delete(`/__admin/sandboxes/${VICTIM.key}`)],
    ['its sandbox is reset (POST /__admin/reset?consumer=KEY)', (app: Server) => request(app).post(`/__admin/reset?consumer=${VICTIM.key}`)],
    ['everything is reset (POST /__admin/reset)', (app: Server) => request(app).post('/__admin/reset')],
  ])('a captured signed POST replayed after %s is a used nonce, and writes nothing', async (_when, drop) => {
    const { app } = testWorld('default', OPEN);
    const captured = replayable(app, rating(VICTIM));
    expect((await captured()).status).toBe(201);
    expect((await drop(app)).status).toBeLessThan(300);
    const replay = await captured();
    expect([replay.status, reasonOf(replay.text)]).toEqual([401, 'Invalid NONCE']);
    expect(await ratedBy(app, VICTIM)).not.toContain(String(TITLE));
  });

  it('a captured signed POST replayed after other teams evicted its sandbox is a used nonce', async () => {
    const { app } = testWorld('default', OPEN);
    const captured = replayable(app, rating(VICTIM));
    expect((await captured()).status).toBe(201);
    for (let i = 0; i < OPEN.maxSandboxes; i++) expect((await signed(app, 'GET', SEARCH, { consumer: { key: `ci-team-${i}`, secret: 's' } })).status).toBe(200);
    expect((await sandboxes(app)).sandboxes.map((s) => s.key)).not.toContain(VICTIM.key);
    const replay = await captured();
    expect([replay.status, reasonOf(replay.text)]).toEqual([401, 'Invalid NONCE']);
  });

  it('a captured request replayed after 50,001 other signed requests of the same consumer is a used nonce', async () => {
    const { app } = testWorld();
    const captured = replayable(app, { path: `/users/${ALICE.guid}`, token: ALICE.token });
    expect((await captured()).status).toBe(200);
    await withServer(app, async (port) => {
      // Alice's own profile: the cheapest signed answer (each one's nonce recorded, like any other).
      const statuses = await pipelined(port, 50_001, () => rawSigned('GET', `/users/${ALICE.guid}`, CONSUMER, ALICE.token));
      expect(statuses).toEqual(new Map([[200, 50_001]]));
    });
    const replay = await captured();
    expect([replay.status, reasonOf(replay.text)]).toEqual([401, 'Invalid NONCE']);
  }, 180_000);
});

describe('nonce length: at most 255 bytes', () => {
  it('a 300-byte nonce is a 401 Invalid NONCE that names the limit', async () => {
    const { app } = testWorld();
    const res = await sendRaw(app, { path: SEARCH, nonce: 'n'.repeat(300) });
    expect([res.status, reasonOf(res.text), res.headers['x-mashery-error-code']]).toEqual([401, 'Invalid NONCE', 'ERR_401_INVALID_NONCE']);
    expect(str(parseXml(res.text), '/error/details')).toContain('oauth_nonce is 300 bytes long and at most 255 are accepted');
    expect(res.headers['www-authenticate']).toContain('oauth_problem="parameter_rejected"');
  });

  it('a 255-byte nonce is accepted', async () => {
    const { app } = testWorld();
    expect((await sendRaw(app, { path: SEARCH, nonce: 'n'.repeat(255) })).status).toBe(200);
  });

  it('a full nonce store refuses new nonces with 503 and Retry-After rather than forget one', async () => {
    const { app, world } = testWorld();
    // Room for 8 nonces in their window: the default (48 MiB) takes millions of requests to fill.
    (world as { nonces: NonceStore }).nonces = new NonceStore({ maxBytes: 12 * 16, seed: 1 });
    const first = replayable(app, { path: SEARCH });
    expect((await first()).status).toBe(200);
    let res = await signed(app, 'GET', SEARCH);
    for (let i = 0; i < 20 && res.status === 200; i++) res = await signed(app, 'GET', SEARCH);
    expect([res.status, reasonOf(res.text)]).toEqual([503, 'Service Unavailable']);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(str(parseXml(res.text), '/error/details')).toContain('forgetting one would let its replay through');
    expect((await first()).status).toBe(401); // and what it holds is still refused
  });
});

describe('rate limits and faults count verified consumers only', () => {
  it('unsigned, forged and replayed requests naming a consumer do not spend its daily limit', async () => {
    const { app, world } = testWorld('default', { rateLimitPerDay: 5 });
    freezeClock(world); // one simulator day for the whole test
    const captured = replayable(app, { path: SEARCH });
    expect((await captured()).status).toBe(200); // 1 of 5
    for (let i = 0; i < 6; i++) {
      const unsigned = await request(app).get(`${SEARCH}&oauth_consumer_key=${CONSUMER.key}`).set('Host', HOST);
      expect(unsigned.status).toBe(400);
    }
    for (let i = 0; i < 3; i++) expect((await forged(app, CONSUMER.key)).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await captured()).status).toBe(401);
    for (let i = 0; i < 4; i++) expect((await signed(app, 'GET', SEARCH)).status).toBe(200); // 2 to 5 of 5
    const over = await signed(app, 'GET', SEARCH);
    expect([over.status, reasonOf(over.text)]).toEqual([403, 'Account Over Rate Limit']);
  });

  it('a forged or replayed request does not use up a times: 1 fault set for a consumer; the real request meets it', async () => {
    const { app } = testWorld();
    const captured = replayable(app, { path: SEARCH });
    expect((await captured()).status).toBe(200);
    await request(app).post('/__admin/faults').send({ route: '*', kind: 'error', status: 503, consumer: CONSUMER.key, times: 1 });
    expect((await forged(app, CONSUMER.key)).status).toBe(401);
    expect((await captured()).status).toBe(401);
    expect((await request(app).get('/__admin/faults')).body.faults[0]).toMatchObject({ matched: 0, fired: 0, remaining: 1 });
    expect((await signed(app, 'GET', SEARCH)).status).toBe(503);
    expect((await signed(app, 'GET', SEARCH)).status).toBe(200);
  });

  it('a fault set for every consumer still meets any request, signed or not (docs/reference/admin-api.md#faults)', async () => {
    const { app } = testWorld();
    await request(app).post('/__admin/faults').send({ route: '/catalog/title', kind: 'error', status: 503, times: 2 });
    expect((await request(app).get(SEARCH).set('Host', HOST)).status).toBe(503);
    expect((await forged(app, CONSUMER.key)).status).toBe(503);
  });

  it('a faulted request has used its nonce (issue 24): the same bytes sent again are a replay, 401, and use up nothing', async () => {
    const { app } = testWorld();
    await request(app).post('/__admin/faults').send({ route: '*', kind: 'error', status: 503, consumer: CONSUMER.key, times: 2 });
    const send = replayable(app, { path: SEARCH });
    expect((await send()).status).toBe(503);
    const replay = await send();
    expect([replay.status, reasonOf(replay.text)]).toEqual([401, 'Invalid NONCE']);
    expect((await request(app).get('/__admin/faults')).body.faults[0]).toMatchObject({ fired: 1, remaining: 1 });
  });
});

describe('the journal files a request under the consumer whose signature it verified', () => {
  it('a rejected request is journaled as "unverified", not as the consumer it named', async () => {
    const { app } = testWorld();
    expect((await forged(app, CONSUMER.key)).status).toBe(401);
    expect((await request(app).get(`${SEARCH}&oauth_consumer_key=${CONSUMER.key}`).set('Host', HOST)).status).toBe(400);
    expect((await signed(app, 'GET', SEARCH)).status).toBe(200);
    const entries = (await request(app).get('/__admin/journal')).body.entries as Array<{ consumer: string; status: number }>;
    expect(entries.map((e) => [e.consumer, e.status])).toEqual([
      [CONSUMER.key, 200],
      ['unverified', 400],
      ['unverified', 401],
    ]);
    expect((await request(app).get(`/__admin/journal/count?consumer=${CONSUMER.key}`)).body).toEqual({ count: 1 });
  });
});

// ---- many signed requests over one connection ------------------------------------------------------

async function withServer(app: Server, use: (port: number) => Promise<void>): Promise<void> {
  const server = app;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await use((server.address() as AddressInfo).port);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

// A random prefix and a counter: every nonce fresh, and cheap to make fifty thousand times.
const NONCE_PREFIX = randomBytes(6).toString('hex');
let nonces = 0;

/** A GET without a query, signed (HMAC-SHA1) with a fresh nonce: the request's bytes. */
function rawSigned(method: string, path: string, consumer: Credentials, token: Credentials): string {
  const oauth: Array<[string, string]> = [
    ['oauth_consumer_key', consumer.key],
    ['oauth_nonce', `${NONCE_PREFIX}${++nonces}`],
    ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', String(Math.floor(Date.now() / 1000))],
    ['oauth_token', token.key],
    ['oauth_version', '1.0'],
  ];
  const base = [method, enc(BASE + path), enc(oauth.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&'))].join('&');
  const signature = createHmac('sha1', `${enc(consumer.secret)}&${enc(token.secret)}`)
    .update(base)
    .digest('base64');
  const header = [...oauth, ['oauth_signature', signature]].map(([k, v]) => `${k}="${enc(v!)}"`).join(', ');
  return `${method} ${path} HTTP/1.1\r\nHost: ${HOST}\r\nAuthorization: OAuth ${header}\r\n\r\n`;
}

/** Sends `n` requests pipelined on one connection, a window at a time, and counts the answers by status. */
async function pipelined(port: number, n: number, next: () => string): Promise<Map<number, number>> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const statuses = new Map<number, number>();
  let buffered = Buffer.alloc(0);
  let answered = 0;
  let wake: (() => void) | undefined;
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      const end = buffered.indexOf('\r\n\r\n');
      if (end === -1) break;
      const head = buffered.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (buffered.length < end + 4 + length) break;
      const status = Number(head.slice(9, 12));
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      buffered = buffered.subarray(end + 4 + length);
      answered++;
    }
    wake?.();
  });
  const WINDOW = 500;
  for (let sent = 0; sent < n; ) {
    const batch: string[] = [];
    for (; batch.length < WINDOW && sent < n; sent++) batch.push(next());
    socket.write(batch.join(''));
    const target = sent;
    while (answered < target) await new Promise<void>((resolve) => (wake = resolve));
  }
  socket.destroy();
  return statuses;
}
