import { randomBytes } from 'node:crypto';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { signCommand } from '../src/cli/sign-command.js';
import { getRequestToken } from './support/oauth-dance.js';
import { sendRaw, signRaw, type RawOAuthOptions } from './support/oauth-request.js';
import { CAROL, CONSUMER, signed, type Credentials } from './support/signing.js';
import { BASE, HOST, testWorld } from './support/world.js';
import { count, parseXml, str } from './support/xml.js';

// Issue 24: one shared instance, many teams. A team signs its admin calls with its consumer's key and secret
// and reaches only its own world (clock, faults, overrides, journal, coverage, reset, export, tokens); what is
// instance-wide needs the operator's admin token when one is set. Admin GETs change nothing; a replay meets
// no rule; the journal shows a team only its own entries, and never a secret.

// Open mode, and the admin API answering to HOST, the host the signatures are made for.
const OPEN = { openPrefix: 'ci-', openSecret: 's', maxSandboxes: 20, allowedHosts: HOST };
const A: Credentials = { key: 'ci-team-a', secret: 's' };
const B: Credentials = { key: 'ci-team-b', secret: 's' };
const SEARCH = '/catalog/title?term=zzyzx';
const RATINGS = `/users/${CAROL.guid}/ratings/title`;

/** An admin call signed by a team (two-legged, in the Authorization header); a JSON body is sent as given. */
function asTeam(app: Server, team: Credentials, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): request.Test {
  const call = sendRaw(app, { method, path, consumer: team });
  return body === undefined ? call : call.set('Content-Type', 'application/json').send(JSON.stringify(body));
}

/** The operator (no admin token set: anyone unsigned). */
const operator = (app: Server) => request(app);

/** Carol rates a title through a consumer: a write in that consumer's sandbox. */
const rate = (app: Server, consumer: Credentials, title = 30) =>
  signed(app, 'POST', RATINGS, { consumer, token: CAROL.token, form: { title_ref: `${BASE}/catalog/title/${title}`, rating: '4' } });

async function ratedBy(app: Server, consumer: Credentials): Promise<string[]> {
  const res = await signed(app, 'GET', RATINGS, { consumer, token: CAROL.token });
  expect(res.status).toBe(200);
  const doc = parseXml(res.text);
  return Array.from({ length: count(doc, '//rating_item') }, (_, i) => str(doc, `(//rating_item)[${i + 1}]/catalog_title/id`).replace(/.*\//, ''));
}

const reasonOf = (text: string) => str(parseXml(text), '/error/reason');

describe('a team signs its admin calls and reaches only its own world', () => {
  it("one team advancing its clock by 11 minutes expires its own request tokens, not another team's", async () => {
    const { app } = testWorld('default', OPEN);
    const tokenA = await getRequestToken(app, { consumer: A, callback: 'oob' });
    const tokenB = await getRequestToken(app, { consumer: B, callback: 'oob' });
    const moved = await asTeam(app, A, 'POST', '/__admin/clock/advance', { by: '11m' });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ consumer: A.key, mode: 'offset', offsetMs: 660_000 });
    expect((await operator(app).post('/__admin/oauth/authorize').send({ oauth_token: tokenA.key, user: 'alice' })).status).toBe(409);
    expect((await operator(app).post('/__admin/oauth/authorize').send({ oauth_token: tokenB.key, user: 'alice' })).status).toBe(200);
    // The world's clock and B's read as before; A's own clock reads 11 minutes on.
    expect((await operator(app).get('/__admin/clock')).body.mode).toBe('real');
    expect((await asTeam(app, B, 'GET', '/__admin/clock')).body).toMatchObject({ consumer: B.key, mode: 'real' });
    expect((await asTeam(app, A, 'GET', '/__admin/clock')).body).toMatchObject({ consumer: A.key, mode: 'offset' });
  });

  it("a team deciding another team's request token is answered as for an unknown code, whatever the token's state", async () => {
    const { app } = testWorld('default', OPEN);
    const tokenA = await getRequestToken(app, { consumer: A, callback: 'oob' });
    const unknown = await asTeam(app, B, 'POST', '/__admin/oauth/authorize', { oauth_token: 'NOSUCHCODE', user: 'alice' });
    expect(unknown.status).toBe(404);
    const details = (code: string) => unknown.body.error.details.replace('"NOSUCHCODE"', JSON.stringify(code));
    const live = await asTeam(app, B, 'POST', '/__admin/oauth/authorize', { oauth_token: tokenA.key, user: 'alice' });
    expect([live.status, live.body.error.details]).toEqual([404, details(tokenA.key)]);
    // Expired in A's clock: A itself is told so (409); B still learns nothing of it.
    await asTeam(app, A, 'POST', '/__admin/clock/advance', { by: '11m' });
    expect((await asTeam(app, A, 'POST', '/__admin/oauth/authorize', { oauth_token: tokenA.key, user: 'alice' })).status).toBe(409);
    const expired = await asTeam(app, B, 'POST', '/__admin/oauth/authorize', { oauth_token: tokenA.key, user: 'alice' });
    expect([expired.status, expired.body.error.details]).toEqual([404, details(tokenA.key)]);
  });

  it('a signed admin call naming another consumer is a 403, and instance-wide calls need the operator', async () => {
    const { app } = testWorld('default', OPEN);
    const calls: Array<[string, () => request.Test]> = [
      ['journal of B', () => asTeam(app, A, 'GET', `/__admin/journal?consumer=${B.key}`)],
      ['coverage of B', () => asTeam(app, A, 'GET', `/__admin/coverage?consumer=${B.key}`)],
      ['reset of B', () => asTeam(app, A, 'POST', `/__admin/reset?consumer=${B.key}`)],
      ['export of B', () => asTeam(app, A, 'GET', `/__admin/export?consumer=${B.key}`)],
      ['clock of B', () => asTeam(app, A, 'PUT', `/__admin/clock?consumer=${B.key}`, { mode: 'real' })],
      ['a fault for B', () => asTeam(app, A, 'POST', '/__admin/faults', { route: '*', kind: 'drop', consumer: B.key })],
      ['a token for B', () => asTeam(app, A, 'POST', '/__admin/tokens', { consumer: B.key, user: 'alice' })],
      ['ship for B', () => asTeam(app, A, 'POST', '/__admin/business/ship', { consumer: B.key, user: 'alice' })],
      ['drop B', () => asTeam(app, A, 'DELETE', `/__admin/sandboxes/${B.key}`)],
      ['the sandboxes list', () => asTeam(app, A, 'GET', '/__admin/sandboxes')],
      ['a scenario switch', () => asTeam(app, A, 'POST', '/__admin/scenarios/default')],
      ['a scenario reload', () => asTeam(app, A, 'POST', '/__admin/scenarios/reload')],
      ['the rate limit', () => asTeam(app, A, 'PUT', '/__admin/rate-limit', { perSecond: 1 })],
      ['the journal of all', () => asTeam(app, A, 'GET', `/__admin/journal/count?consumer=${B.key}`)],
    ];
    for (const [what, call] of calls) {
      const res = await call();
      expect([what, res.status, res.body.error?.reason]).toEqual([what, 403, 'Forbidden']);
    }
    expect((await operator(app).get('/__admin/sandboxes')).body.held).toBe(0);
    // B's request token is not A's to decide: it reads as unknown.
    const tokenB = await getRequestToken(app, { consumer: B, callback: 'oob' });
    expect((await asTeam(app, A, 'POST', '/__admin/oauth/authorize', { oauth_token: tokenB.key, user: 'alice' })).status).toBe(404);
    expect((await asTeam(app, B, 'POST', '/__admin/oauth/authorize', { oauth_token: tokenB.key, user: 'alice' })).status).toBe(200);
  });

  it('a signed POST /__admin/reset resets that team alone: its writes, clock and faults; the other team keeps its writes', async () => {
    const { app } = testWorld('default', OPEN);
    expect((await rate(app, A)).status).toBe(201);
    expect((await rate(app, B)).status).toBe(201);
    await asTeam(app, A, 'POST', '/__admin/clock/advance', { by: '1d' });
    await asTeam(app, A, 'POST', '/__admin/faults', { route: '/catalog/*', kind: 'error', status: 503 });
    const reset = await asTeam(app, A, 'POST', '/__admin/reset');
    expect(reset.body).toMatchObject({ reset: A.key });
    expect(await ratedBy(app, A)).not.toContain('30');
    expect(await ratedBy(app, B)).toContain('30');
    expect((await asTeam(app, A, 'GET', '/__admin/clock')).body.mode).toBe('real');
    expect((await operator(app).get('/__admin/faults')).body.faults).toEqual([]);
  });

  it("a team's fault or override without a consumer is its own: the other team is answered as before", async () => {
    const { app } = testWorld('default', OPEN);
    const fault = await asTeam(app, A, 'POST', '/__admin/faults', { route: '*', kind: 'error', status: 503 });
    expect([fault.status, fault.body.fault.consumer]).toEqual([201, A.key]);
    const override = await asTeam(app, A, 'POST', '/__admin/overrides', { match: { path: '*' }, answer: { status: 418 } });
    expect([override.status, override.body.override.match.consumer]).toEqual([201, A.key]);
    expect((await signed(app, 'GET', SEARCH, { consumer: B })).status).toBe(200);
    expect((await request(app).get(SEARCH).set('Host', HOST)).status).toBe(403); // unsigned: the API's own answer
    expect((await signed(app, 'GET', SEARCH, { consumer: A })).status).toBe(503);
    // A removes only its own; an operator's fault for everyone is listed to it but not its to remove.
    const everyone = await operator(app).post('/__admin/faults').send({ route: '/users/*', kind: 'latency', ms: 1 });
    expect((await asTeam(app, B, 'GET', '/__admin/faults')).body.faults.map((f: { id: number }) => f.id)).toEqual([everyone.body.fault.id]);
    expect((await asTeam(app, A, 'DELETE', `/__admin/faults/${everyone.body.fault.id}`)).status).toBe(403);
    expect((await asTeam(app, B, 'DELETE', `/__admin/faults/${fault.body.fault.id}`)).status).toBe(404);
    expect((await asTeam(app, A, 'DELETE', '/__admin/faults')).body).toEqual({ cleared: 1 });
    expect((await operator(app).get('/__admin/faults')).body.faults).toHaveLength(1);
  });

  it('a signed admin call is checked as the API checks it: a bad signature is a 401, a replay a used nonce, a token refused', async () => {
    const { app } = testWorld('default', OPEN);
    const bad = await sendRaw(app, { path: '/__admin/journal', consumer: { key: A.key, secret: 'wrong' } });
    expect([bad.status, bad.body.error.reason]).toEqual([401, 'Invalid Signature']);
    const fixed: RawOAuthOptions = {
      method: 'DELETE',
      path: '/__admin/journal',
      consumer: A,
      nonce: randomBytes(8).toString('hex'),
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    expect((await sendRaw(app, fixed)).status).toBe(200);
    const replay = await sendRaw(app, fixed);
    expect([replay.status, replay.body.error.reason]).toEqual([401, 'Invalid NONCE']);
    const withToken = await sendRaw(app, { path: '/__admin/journal', consumer: CONSUMER, token: CAROL.token });
    expect(withToken.status).toBe(401);
  });

  it('with an admin token: unsigned calls need it, a signed team reaches its own world without it, and only the token reaches everything', async () => {
    const { app } = testWorld('default', { ...OPEN, adminToken: 'op-secret' });
    expect((await request(app).get('/__admin/journal')).status).toBe(401);
    expect((await asTeam(app, A, 'GET', '/__admin/journal')).status).toBe(200);
    expect((await asTeam(app, A, 'POST', '/__admin/clock/advance', { by: '11m' })).status).toBe(200);
    expect((await asTeam(app, A, 'POST', '/__admin/scenarios/default')).status).toBe(403);
    const bearer = (r: request.Test) => r.set('Authorization', 'Bearer op-secret');
    expect((await bearer(request(app).get('/__admin/sandboxes'))).body.sandboxes.map((s: { key: string }) => s.key)).toEqual([A.key]);
    expect((await bearer(request(app).post('/__admin/reset'))).status).toBe(200);
  });
});

describe('each consumer holds its own share of the faults and overrides', () => {
  it('team A fills its 100 faults and 100 overrides: its next is a 409 saying so, and team B and the operator still add theirs', async () => {
    const { app } = testWorld('default', OPEN);
    for (let i = 0; i < 100; i++) {
      expect((await asTeam(app, A, 'POST', '/__admin/faults', { route: `/catalog/title/${i}`, kind: 'drop' })).status).toBe(201);
      expect((await asTeam(app, A, 'POST', '/__admin/overrides', { match: { path: `/catalog/title/${i}` }, answer: { status: 418 } })).status).toBe(201);
    }
    const fault = await asTeam(app, A, 'POST', '/__admin/faults', { route: '*', kind: 'drop' });
    expect([fault.status, fault.body.error.details]).toEqual([409, expect.stringContaining(`"${A.key}" already holds 100 faults scoped to it, its share`)]);
    const override = await asTeam(app, A, 'POST', '/__admin/overrides', { match: { path: '*' }, answer: { status: 418 } });
    expect([override.status, override.body.error.details]).toEqual([
      409,
      expect.stringContaining(`"${A.key}" already holds 100 overrides scoped to it, its share`),
    ]);
    // The operator adding one for A meets A's share too: the share is the consumer's, whoever adds its rules.
    expect((await operator(app).post('/__admin/faults').send({ route: '*', kind: 'drop', consumer: A.key })).status).toBe(409);
    expect((await asTeam(app, B, 'POST', '/__admin/faults', { route: '*', kind: 'error', status: 503, times: 1 })).status).toBe(201);
    expect((await asTeam(app, B, 'POST', '/__admin/overrides', { match: { path: '/users/*' }, answer: { status: 418 } })).status).toBe(201);
    expect((await operator(app).post('/__admin/faults').send({ route: '/users/*', kind: 'latency', ms: 1 })).status).toBe(201);
    expect(
      (
        await operator(app)
          .post('/__admin/overrides')
          .send({ match: { path: '/oauth/*' }, answer: { status: 418 } })
      ).status,
    ).toBe(201);
    expect((await signed(app, 'GET', SEARCH, { consumer: B })).status).toBe(503);
    // A removing one of its own makes room for A again.
    expect((await asTeam(app, A, 'DELETE', '/__admin/faults/1')).status).toBe(200);
    expect((await asTeam(app, A, 'POST', '/__admin/faults', { route: '*', kind: 'drop' })).status).toBe(201);
  });

  it("team A's overrides hold at most 2 MiB: its third of 1 MB is a 409 saying so, and team B adds one of 1 MB", async () => {
    const { app } = testWorld('default', OPEN);
    const body = 'x'.repeat(1_000_000);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await asTeam(app, A, 'POST', '/__admin/overrides', { match: { path: `/catalog/title/${i}` }, answer: { status: 200, body } })).status);
    }
    expect(statuses).toEqual([201, 201, 409]);
    const refused = await asTeam(app, A, 'POST', '/__admin/overrides', { match: { path: '/x' }, answer: { status: 200, body } });
    expect(refused.body.error.details).toMatch(new RegExp(`"${A.key}"'s overrides past 2097152 bytes, its share`));
    expect((await asTeam(app, B, 'POST', '/__admin/overrides', { match: { path: '/x' }, answer: { status: 200, body } })).status).toBe(201);
    expect((await operator(app).get('/__admin/overrides')).body.overrides).toHaveLength(3);
  });
});

describe('rentalsim sign signs a team’s admin calls', () => {
  const sign = (...args: string[]) => signCommand(args, {}).trim();

  it('--consumer KEY --consumer-secret SECRET signs an admin URL (GET) and an Authorization header (POST with JSON)', async () => {
    const { app } = testWorld('default', OPEN);
    const url = new URL(sign('--consumer', A.key, '--consumer-secret', A.secret, 'GET', `${BASE}/__admin/clock`));
    const read = await request(app)
      .get(url.pathname + url.search)
      .set('Host', HOST);
    expect([read.status, read.body.consumer]).toEqual([200, A.key]);
    const header = sign('--header', '--consumer', A.key, '--consumer-secret', A.secret, 'POST', `${BASE}/__admin/clock/advance`);
    const moved = await request(app)
      .post('/__admin/clock/advance')
      .set('Host', HOST)
      .set('Authorization', header.replace(/^Authorization: /, ''))
      .send({ by: '11m' });
    expect([moved.status, moved.body.consumer, moved.body.offsetMs]).toEqual([200, A.key, 660_000]);
    expect(() => sign('--consumer-secret', 's', 'GET', `${BASE}/__admin/clock`)).toThrow(/needs --consumer KEY/);
  });

  it('a journal read signed as a URL (--secret) answers the team its own entries: the OAuth parameters are no filters', async () => {
    const { app } = testWorld('default', OPEN);
    const url = new URL(sign('--consumer', A.key, '--secret', A.secret, 'GET', `${BASE}/__admin/journal?limit=5`));
    const read = await request(app)
      .get(url.pathname + url.search)
      .set('Host', HOST);
    expect(read.status, read.text).toBe(200);
    expect(read.body.entries).toEqual([]);
  });
});

describe('admin GETs change nothing', () => {
  it('205 GET /__admin/export for keys nobody holds (a page of <img> tags) open no sandbox and evict no team', async () => {
    const { app } = testWorld('default', OPEN);
    expect((await rate(app, A)).status).toBe(201);
    for (let i = 0; i < 205; i++) {
      const res = await request(app).get(`/__admin/export?consumer=ci-evil-${i}`);
      expect(res.status).toBe(200);
    }
    const held = (await operator(app).get('/__admin/sandboxes')).body;
    expect([held.held, held.evicted, held.sandboxes.map((s: { key: string }) => s.key)]).toEqual([1, 0, [A.key]]);
    expect(await ratedBy(app, A)).toContain('30');
  });

  it("an export of a consumer with no sandbox is the scenario's initial state for it; a token list opens none either", async () => {
    const { app } = testWorld('default', OPEN);
    const res = await request(app).get('/__admin/export?consumer=ci-nobody&format=json');
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('default-ci-nobody');
    expect(res.body.users.map((u: { login: string }) => u.login)).toContain('carol');
    expect((await request(app).get('/__admin/tokens?consumer=ci-nobody&user=carol')).status).toBe(200);
    expect((await operator(app).get('/__admin/sandboxes')).body.held).toBe(0);
  });
});

describe('a replayed request neither meets nor uses up any rule', () => {
  it('a scoped fault with times 3 hit by one request replayed: 418 once, then 401 nonce used, and the fault keeps 2', async () => {
    const { app } = testWorld('default', OPEN);
    await asTeam(app, A, 'POST', '/__admin/faults', { route: '/catalog/title', kind: 'error', status: 418, times: 3 });
    const captured: RawOAuthOptions = { path: SEARCH, consumer: A, nonce: randomBytes(8).toString('hex'), timestamp: String(Math.floor(Date.now() / 1000)) };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await sendRaw(app, captured)).status);
    expect(statuses).toEqual([418, 401, 401, 401, 401]);
    expect((await asTeam(app, A, 'GET', '/__admin/faults')).body.faults[0]).toMatchObject({ fired: 1, remaining: 2 });
    expect((await signed(app, 'GET', SEARCH, { consumer: A })).status).toBe(418);
  });

  it('a replay meets no fault set for everyone either, and an override answers the first send only', async () => {
    const { app } = testWorld('default', OPEN);
    await operator(app)
      .post('/__admin/overrides')
      .send({ match: { path: '/catalog/title' }, answer: { status: 503, body: 'down' }, times: 2 });
    const captured: RawOAuthOptions = { path: SEARCH, consumer: A, nonce: randomBytes(8).toString('hex'), timestamp: String(Math.floor(Date.now() / 1000)) };
    expect((await sendRaw(app, captured)).status).toBe(503);
    const replay = await sendRaw(app, captured);
    expect(replay.status).toBe(401); // the token is checked before the nonce (docs/reference/oauth.md)
    expect((await operator(app).get('/__admin/overrides')).body.overrides[0]).toMatchObject({ answered: 1, remaining: 1 });
    // A dropped request had no answer: its nonce is unused, so a client's automatic retry of the same bytes is answered.
    await operator(app).delete('/__admin/overrides');
    await asTeam(app, A, 'POST', '/__admin/faults', { route: '/catalog/title', kind: 'drop', times: 1 });
    const retried: RawOAuthOptions = { ...captured, nonce: randomBytes(8).toString('hex') };
    await expect(sendRaw(app, retried)).rejects.toThrow();
    expect((await sendRaw(app, retried)).status).toBe(200);
    expect((await sendRaw(app, retried)).status).toBe(401);
  });
});

describe('the journal shows a team only its own entries, and never a secret', () => {
  it("a team reads and clears its own entries; the other team's stay", async () => {
    const { app } = testWorld('default', OPEN);
    expect((await signed(app, 'GET', SEARCH, { consumer: A })).status).toBe(200);
    expect((await signed(app, 'GET', SEARCH, { consumer: B })).status).toBe(200);
    expect((await request(app).get(SEARCH).set('Host', HOST)).status).toBe(403);
    const seen = await asTeam(app, A, 'GET', '/__admin/journal');
    expect(seen.body.entries.map((e: { consumer: string }) => e.consumer)).toEqual([A.key]);
    expect((await asTeam(app, A, 'GET', '/__admin/journal/count')).body).toEqual({ count: 1 });
    expect((await asTeam(app, A, 'DELETE', '/__admin/journal')).body).toEqual({ cleared: 1 });
    expect((await asTeam(app, A, 'GET', '/__admin/journal')).body.entries).toEqual([]);
    const all = (await operator(app).get('/__admin/journal')).body.entries.map((e: { consumer: string }) => e.consumer);
    expect(all).toEqual(['unverified', B.key]);
  });

  it('with --allow-plaintext the signature (the secrets themselves) is kept as [redacted], in the header and in the query', async () => {
    const { app } = testWorld('default', { allowPlaintext: true });
    const inHeader = await sendRaw(app, { path: SEARCH, signatureMethod: 'PLAINTEXT' });
    expect(inHeader.status).toBe(200);
    const inQuery = await sendRaw(app, { path: SEARCH, signatureMethod: 'PLAINTEXT', place: 'query' });
    expect(inQuery.status).toBe(200);
    const journal = (await request(app).get('/__admin/journal')).text;
    expect(journal).not.toContain(CONSUMER.secret);
    expect(journal).toContain('oauth_signature=\\"[redacted]\\"');
    expect(journal).toContain('oauth_signature=[redacted]');
  });

  it('the password of a login post is kept as [redacted]', async () => {
    const { app } = testWorld('default', { allowedHosts: HOST });
    const rt = await getRequestToken(app, { callback: 'oob' });
    const res = await request(app)
      .post('/oauth/login')
      .set('Host', HOST)
      .type('form')
      .send(new URLSearchParams({ oauth_token: rt.key, login: 'alice', password: 'hunter2-secret' }).toString());
    expect(res.status).toBeGreaterThanOrEqual(200);
    const journal = (await request(app).get('/__admin/journal?path=/oauth/login')).body.entries[0];
    expect(JSON.stringify(journal)).not.toContain('hunter2-secret');
    expect(journal.request.params).toContainEqual(['password', '[redacted]']);
    expect(journal.request.body).toContain('password=[redacted]');
  });
});

describe('one rule of attribution for the journal, the sandbox and the coverage report', () => {
  it('a request signed with a revoked access token is its consumer’s in the journal and in its coverage alike', async () => {
    const { app } = testWorld();
    expect((await request(app).delete(`/__admin/tokens/${CAROL.token.key}?consumer=${CONSUMER.key}`)).status).toBe(200);
    const replayOf: RawOAuthOptions = {
      path: RATINGS,
      token: CAROL.token,
      nonce: randomBytes(8).toString('hex'),
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    const res = await sendRaw(app, replayOf);
    expect([res.status, reasonOf(res.text)]).toEqual([401, 'Invalid Or Expired Token']);
    const entry = (await request(app).get('/__admin/journal?limit=1')).body.entries[0];
    expect([entry.consumer, entry.status]).toEqual([CONSUMER.key, 401]);
    const coverage = (await request(app).get(`/__admin/coverage?consumer=${CONSUMER.key}`)).body;
    const op = coverage.operations.find((o: { path: string; method: string }) => o.method === 'GET' && o.path === '/users/{guid}/ratings/title');
    expect(op.statuses).toEqual({ '401': 1 });
    expect(coverage.errors.answered).toMatchObject({ ERR_401_INVALID_OR_EXPIRED_TOKEN: 1 });
    // The same bytes again are a replay: nobody's, counted nowhere.
    const replay = await sendRaw(app, replayOf);
    expect(replay.status).toBe(401); // the token is checked before the nonce (docs/reference/oauth.md)
    expect((await request(app).get('/__admin/journal?limit=1')).body.entries[0].consumer).toBe('unverified');
    const after = (await request(app).get(`/__admin/coverage?consumer=${CONSUMER.key}`)).body;
    expect(after.operations.find((o: { path: string; method: string }) => o.method === 'GET' && o.path === '/users/{guid}/ratings/title').statuses).toEqual({
      '401': 1,
    });
  });

  it('a signed request hit by a fault for everyone is its consumer’s: journaled as it, counted with the error row it answered', async () => {
    const { app } = testWorld();
    await request(app).post('/__admin/faults').send({ route: '/catalog/title', kind: 'error', status: 503, times: 1 });
    expect((await signed(app, 'GET', SEARCH)).status).toBe(503);
    expect((await request(app).get('/__admin/journal?limit=1')).body.entries[0].consumer).toBe(CONSUMER.key);
    const coverage = (await request(app).get(`/__admin/coverage?consumer=${CONSUMER.key}`)).body;
    expect(coverage.errors.answered).toMatchObject({ ERR_503_SERVICE_UNAVAILABLE: 1 });
    expect(coverage.errors.neverAnswered).not.toContain('ERR_503_SERVICE_UNAVAILABLE');
    // A status the catalog has no row for is the tester's own: counted as a status, not as a row.
    await request(app).post('/__admin/faults').send({ route: '/catalog/title', kind: 'error', status: 418, times: 1 });
    expect((await signed(app, 'GET', SEARCH)).status).toBe(418);
    const after = (await request(app).get(`/__admin/coverage?consumer=${CONSUMER.key}`)).body;
    expect(Object.keys(after.errors.answered)).toEqual(['ERR_503_SERVICE_UNAVAILABLE']);
  });

  it('nothing an unverified request sends opens or charges a sandbox, even when a fault for everyone answers it', async () => {
    const { app } = testWorld('default', OPEN);
    await request(app).post('/__admin/faults').send({ route: '*', kind: 'error', status: 503 });
    expect((await signed(app, 'GET', SEARCH, { consumer: { key: 'ci-victim', secret: 'forged' } })).status).toBe(503);
    expect((await signed(app, 'GET', SEARCH, { consumer: A })).status).toBe(503);
    const consumers = (await request(app).get('/__admin/journal')).body.entries.map((e: { consumer: string }) => e.consumer);
    expect(consumers).toEqual([A.key, 'unverified']);
    expect((await operator(app).get('/__admin/sandboxes')).body.sandboxes.map((s: { key: string }) => s.key)).toEqual([A.key]);
  });
});

// ---- two teams side by side on one instance, over a real socket ------------------------------------

interface Answer {
  status: number;
  body: string;
}

/** One request over a real socket, sent as given (Connection: close). */
function wire(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: { Host: HOST, ...headers, Connection: 'close' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A signed request over a real socket, as signRaw builds it (the Host it was signed for included); a JSON or YAML body as given. */
function over(port: number, o: RawOAuthOptions & { json?: unknown; yaml?: string }): Promise<Answer> {
  const r = signRaw(o);
  const headers: Record<string, string> = { ...r.headers };
  let body = r.body;
  if (o.json !== undefined) {
    body = JSON.stringify(o.json);
    headers['Content-Type'] = 'application/json';
  } else if (o.yaml !== undefined) {
    body = o.yaml;
    headers['Content-Type'] = 'application/yaml';
  }
  return wire(port, r.method, r.path, headers, body);
}

/** The title ids of Carol's ratings in an answer of GET /users/{guid}/ratings/title. */
function ratedIn(text: string): string[] {
  const doc = parseXml(text);
  return Array.from({ length: count(doc, '//rating_item') }, (_, i) => str(doc, `(//rating_item)[${i + 1}]/catalog_title/id`).replace(/.*\//, ''));
}

describe('two teams on one instance in open mode, with an admin token', () => {
  it('team A does everything a hostile tenant tried, signed and as an outsider; team B, meanwhile, is answered correctly and its world is untouched', async () => {
    const BEARER = { Authorization: 'Bearer op-secret' };
    // The journal keeps room for all of B's reads below, so that the count shows none was pushed out by A.
    const { app } = testWorld('default', { ...OPEN, adminToken: 'op-secret', journalSize: 5000 });
    const server = app;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const b = (o: Omit<RawOAuthOptions, 'consumer'>) => over(port, { ...o, consumer: B });
      const a = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, json?: unknown) => over(port, { method, path, consumer: A, json });
      const outsider = (method: string, path: string, json?: unknown) =>
        wire(port, method, path, json === undefined ? {} : { 'Content-Type': 'application/json' }, json === undefined ? undefined : JSON.stringify(json));
      const operatorReads = async (path: string) => JSON.parse((await wire(port, 'GET', path, BEARER)).body);

      // B's world before: a rating in its sandbox, a request token waiting for its user, its journal entries.
      const bWrites = await b({ method: 'POST', path: RATINGS, token: CAROL.token, form: { title_ref: `${BASE}/catalog/title/30`, rating: '4' } });
      expect(bWrites.status).toBe(201);
      const bToken = await getRequestToken(app, { consumer: B, callback: 'oob' });
      const bJournalBefore = JSON.parse((await b({ path: '/__admin/journal' })).body).entries.length as number;

      // B reads, signed, one request after another, for as long as A is at it.
      let aDone = false;
      const bReads: Array<{ what: string; status: number; ok: boolean }> = [];
      const bLoop = (async () => {
        do {
          const search = await b({ path: SEARCH });
          bReads.push({ what: 'search', status: search.status, ok: search.body.includes('<search') });
          const ratings = await b({ path: RATINGS, token: CAROL.token });
          bReads.push({ what: 'ratings', status: ratings.status, ok: ratings.status === 200 && ratedIn(ratings.body).includes('30') });
          await new Promise((resolve) => setTimeout(resolve, 2));
        } while (!aDone);
      })();

      const steps: Array<[string, number]> = [];
      const step = async (what: string, send: () => Promise<Answer>) => steps.push([what, (await send()).status]);
      try {
        // Signed as A: each acts on A's world only, or is refused.
        await step('Trailer override', () =>
          a('POST', '/__admin/overrides', { match: { path: '*' }, answer: { status: 200, headers: { Trailer: 'X-Checksum' } } }),
        );
        await step('scoped fault, times 3', () => a('POST', '/__admin/faults', { route: '/catalog/title', kind: 'error', status: 418, times: 3 }));
        const captured: RawOAuthOptions = {
          path: SEARCH,
          consumer: A,
          nonce: randomBytes(8).toString('hex'),
          timestamp: String(Math.floor(Date.now() / 1000)),
        };
        for (let i = 0; i < 4; i++) await step(`the same search, send ${i + 1}`, () => over(port, captured));
        await step('advance 11m', () => a('POST', '/__admin/clock/advance', { by: '11m' }));
        await step("'*' fault", () => a('POST', '/__admin/faults', { route: '*', kind: 'error', status: 503 }));
        await step("'*' override", () => a('POST', '/__admin/overrides', { match: { path: '*' }, answer: { status: 418 } }));
        const filled: number[] = [];
        for (let i = 1; i < 100; i++)
          filled.push((await a('POST', '/__admin/overrides', { match: { path: `/catalog/title/${i}` }, answer: { status: 418 } })).status);
        expect(new Set(filled)).toEqual(new Set([201]));
        await step('override past its share', () => a('POST', '/__admin/overrides', { match: { path: '/users/*' }, answer: { status: 418 } }));
        await step("A's own search", () => a('GET', SEARCH));
        await step('reset', () => a('POST', '/__admin/reset'));
        await step('scenario switch', () => a('POST', '/__admin/scenarios/default'));
        await step('scenario upload', () =>
          over(port, { method: 'POST', path: '/__admin/scenarios?use=true', consumer: A, yaml: 'name: a-world\ndescription: mine\n' }),
        );
        await step('journal clear', () => a('DELETE', '/__admin/journal'));
        await step("B's journal", () => a('GET', `/__admin/journal?consumer=${B.key}`));
        await step("B's coverage", () => a('GET', `/__admin/coverage?consumer=${B.key}`));
        await step("B's reset", () => a('POST', `/__admin/reset?consumer=${B.key}`));
        const exports: number[] = [];
        for (let i = 0; i < 205; i++) exports.push((await a('GET', `/__admin/export?consumer=ci-evil-${i}`)).status);
        expect(new Set(exports)).toEqual(new Set([403]));
        // Unsigned, as an outsider (or a page on another origin): without the admin token, nothing.
        const hostile = '=&'.repeat(32 * 1024);
        for (let i = 0; i < 40; i++)
          await step(`64 KB of '=&' ${i + 1}`, () => wire(port, 'POST', '/x', { 'Content-Type': 'application/x-www-form-urlencoded' }, hostile));
        await step('outsider: Trailer override', () =>
          outsider('POST', '/__admin/overrides', { match: { path: '*' }, answer: { status: 200, headers: { Trailer: 'X' } } }),
        );
        await step("outsider: '*' fault", () => outsider('POST', '/__admin/faults', { route: '*', kind: 'error', status: 503 }));
        await step("outsider: '*' override", () => outsider('POST', '/__admin/overrides', { match: { path: '*' }, answer: { status: 503 } }));
        await step('outsider: advance 11m', () => outsider('POST', '/__admin/clock/advance', { by: '11m' }));
        await step('outsider: reset all', () => outsider('POST', '/__admin/reset'));
        await step('outsider: scenario switch', () => outsider('POST', '/__admin/scenarios/default'));
        await step('outsider: scenario upload', () =>
          wire(port, 'POST', '/__admin/scenarios', { 'Content-Type': 'application/yaml' }, 'name: x\ndescription: y\n'),
        );
        await step('outsider: journal clear', () => outsider('DELETE', '/__admin/journal'));
        await step("outsider: B's journal", () => outsider('GET', `/__admin/journal?consumer=${B.key}`));
        await step("outsider: B's coverage", () => outsider('GET', `/__admin/coverage?consumer=${B.key}`));
        const imgs: number[] = [];
        for (let i = 0; i < 205; i++) imgs.push((await outsider('GET', `/__admin/export?consumer=ci-evil-${i}`)).status);
        expect(new Set(imgs)).toEqual(new Set([401]));
      } finally {
        aDone = true;
        await bLoop;
      }

      expect(steps).toEqual([
        ['Trailer override', 400],
        ['scoped fault, times 3', 201],
        ['the same search, send 1', 418],
        ['the same search, send 2', 401],
        ['the same search, send 3', 401],
        ['the same search, send 4', 401],
        ['advance 11m', 200],
        ["'*' fault", 201],
        ["'*' override", 201],
        ['override past its share', 409],
        ["A's own search", 418], // the scoped fault kept 2 of its 3 through the replays, and comes first
        ['reset', 200],
        ['scenario switch', 403],
        ['scenario upload', 403],
        ['journal clear', 200],
        ["B's journal", 403],
        ["B's coverage", 403],
        ["B's reset", 403],
        ...Array.from({ length: 40 }, (_, i): [string, number] => [`64 KB of '=&' ${i + 1}`, 400]),
        ['outsider: Trailer override', 401],
        ["outsider: '*' fault", 401],
        ["outsider: '*' override", 401],
        ['outsider: advance 11m', 401],
        ['outsider: reset all', 401],
        ['outsider: scenario switch', 401],
        ['outsider: scenario upload', 401],
        ['outsider: journal clear', 401],
        ["outsider: B's journal", 401],
        ["outsider: B's coverage", 401],
      ]);

      // B was answered correctly throughout: every read a 200 with its search and its rating, none met A's rules.
      expect(bReads.length).toBeGreaterThanOrEqual(2);
      expect(bReads.filter((r) => r.status !== 200 || !r.ok)).toEqual([]);
      // B's world: its write, its clock, its request token (not expired by A's 11 minutes), its sandbox held.
      expect(ratedIn((await b({ path: RATINGS, token: CAROL.token })).body)).toContain('30');
      expect(JSON.parse((await b({ path: '/__admin/clock' })).body)).toMatchObject({ consumer: B.key, mode: 'real' });
      const authorized = await wire(
        port,
        'POST',
        '/__admin/oauth/authorize',
        { ...BEARER, 'Content-Type': 'application/json' },
        JSON.stringify({ oauth_token: bToken.key, user: 'alice' }),
      );
      expect(authorized.status).toBe(200);
      const sandboxes = await operatorReads('/__admin/sandboxes');
      expect([sandboxes.evicted, sandboxes.sandboxes.map((s: { key: string }) => s.key).sort()]).toEqual([0, [B.key]]); // A's was dropped by its reset
      // B's journal: every entry it had, and one per read since (and the rating read above), all its own.
      expect(bReads.length + bJournalBefore + 1).toBeLessThan(5000);
      const journal = JSON.parse((await b({ path: '/__admin/journal?limit=5000' })).body).entries as Array<{ consumer: string }>;
      expect(journal.length).toBe(bJournalBefore + bReads.length + 1);
      expect(new Set(journal.map((e) => e.consumer))).toEqual(new Set([B.key]));
      // B's coverage: its searches, all 200.
      const coverage = JSON.parse((await b({ path: '/__admin/coverage' })).body);
      const search = coverage.operations.find((o: { method: string; path: string }) => o.method === 'GET' && o.path === '/catalog/{kind}');
      expect(search.statuses).toEqual({ '200': bReads.filter((r) => r.what === 'search').length });
      // A's world: reset (its clock follows the world's again, its rules gone), and the rules left are nobody's.
      expect(JSON.parse((await a('GET', '/__admin/clock')).body)).toMatchObject({ consumer: A.key, mode: 'real' });
      expect([(await operatorReads('/__admin/faults')).faults, (await operatorReads('/__admin/overrides')).overrides]).toEqual([[], []]);
      expect((await operatorReads('/__admin/scenarios')).active).toBe('default');
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
