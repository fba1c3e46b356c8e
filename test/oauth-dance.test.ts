import { describe, expect, it } from 'vitest';
import { authorizeAs, danceFor, exchange, getRequestToken } from './support/oauth-dance.js';
import { formAnswer, sendRaw } from './support/oauth-request.js';
import { BOB, CONSUMER, OTHER_CONSUMER } from './support/signing.js';
import { BASE, testWorld } from './support/world.js';
import { parseXml, str } from './support/xml.js';

// docs/reference/oauth.md#the-dance-step-by-step: the token life cycle as OAuth 1.0 and 1.0a clients walk it.

const reasonOf = (text: string) => str(parseXml(text), '/error/reason');
const detailsOf = (text: string) => str(parseXml(text), '/error/details');
const keysOf = (text: string) => text.split('&').map((p) => p.split('=')[0]);

describe('POST or GET /oauth/request_token', () => {
  const { app } = testWorld();

  it.each(['POST', 'GET'] as const)('%s with a callback: token, secret, login_url, oauth_callback_confirmed=true, nothing else', async (method) => {
    const res = await sendRaw(app, { method, path: '/oauth/request_token', extra: { oauth_callback: 'http://client.example/cb' } });
    expect(res.status, res.text).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(keysOf(res.text)).toEqual(['oauth_token', 'oauth_token_secret', 'login_url', 'oauth_callback_confirmed']);
    const answer = formAnswer(res.text);
    expect(answer['oauth_token']).toMatch(/^[A-HJ-NP-Z]{5}$/);
    expect(answer['oauth_token_secret']).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(answer['oauth_callback_confirmed']).toBe('true');
  });

  it('login_url is percent-encoded in the answer', async () => {
    const res = await sendRaw(app, { method: 'POST', path: '/oauth/request_token', extra: { oauth_callback: 'oob' } });
    expect(res.text).toContain(`login_url=${encodeURIComponent(`${BASE}/oauth/login`)}`);
  });

  it('an OAuth 1.0 client (no callback) gets no oauth_callback_confirmed', async () => {
    const res = await sendRaw(app, { method: 'POST', path: '/oauth/request_token' });
    expect(res.status).toBe(200);
    expect(keysOf(res.text)).toEqual(['oauth_token', 'oauth_token_secret', 'login_url']);
  });

  it('a callback that is neither a URL nor oob: 400, naming the parameter', async () => {
    const res = await sendRaw(app, { method: 'POST', path: '/oauth/request_token', extra: { oauth_callback: 'back-to-me' } });
    expect(res.status).toBe(400);
    expect(reasonOf(res.text)).toBe('Invalid Parameter');
    expect(detailsOf(res.text)).toContain('oauth_callback');
  });

  it('is signed with the consumer alone: a token sent with it is refused', async () => {
    const res = await sendRaw(app, { method: 'POST', path: '/oauth/request_token', token: BOB.token, extra: { oauth_callback: 'oob' } });
    expect(res.status).toBe(401);
    expect(reasonOf(res.text)).toBe('Invalid Or Expired Token');
  });

  it('answers other methods with 405 and Allow', async () => {
    const res = await sendRaw(app, { method: 'DELETE', path: '/oauth/request_token' });
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('GET, POST, HEAD');
  });
});

describe('POST or GET /oauth/access_token', () => {
  it.each(['POST', 'GET'] as const)(
    '%s: an OAuth 1.0a client exchanges an authorised token and verifier; the answer has token and secret only',
    async (method) => {
      const { app } = testWorld();
      const rt = await getRequestToken(app, { callback: 'oob' });
      const { verifier } = (await authorizeAs(app, rt.key, 'alice')).body;
      const res = await exchange(app, rt, verifier, { method });
      expect(res.status, res.text).toBe(200);
      expect(res.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(keysOf(res.text)).toEqual(['oauth_token', 'oauth_token_secret']);
    },
  );

  it('an OAuth 1.0 client (no callback, no verifier) exchanges an authorised token', async () => {
    const { app } = testWorld();
    const access = await danceFor(app, 'alice', { callback: undefined });
    const users = await sendRaw(app, { path: '/users', token: access });
    expect(users.status, users.text).toBe(200);
  });

  it('the access token lives on: many calls later, with the clock a year on, it still works', async () => {
    const { app, world } = testWorld();
    const access = await danceFor(app, 'alice');
    world.clock.advance(365 * 24 * 3600_000);
    expect((await sendRaw(app, { path: '/users', token: access })).status).toBe(200);
  });

  it('a 1.0a token without oauth_verifier: 400 Missing Required Verifier', async () => {
    const { app } = testWorld();
    const rt = await getRequestToken(app, { callback: 'oob' });
    await authorizeAs(app, rt.key);
    const res = await exchange(app, rt, undefined);
    expect(res.status).toBe(400);
    expect(reasonOf(res.text)).toBe('Missing Required Verifier');
  });

  it('without oauth_token: 400 Missing Required Access Token (the gateway named the parameter so)', async () => {
    const { app } = testWorld();
    const res = await sendRaw(app, { method: 'POST', path: '/oauth/access_token', extra: { oauth_verifier: '123456' } });
    expect(res.status).toBe(400);
    expect(detailsOf(res.text)).toContain('oauth_token');
  });

  it('a token nobody authorised yet: 401, telling the client to send the subscriber to login_url', async () => {
    const { app } = testWorld();
    const rt = await getRequestToken(app, { callback: 'oob' });
    const res = await exchange(app, rt, '123456');
    expect(res.status).toBe(401);
    expect(detailsOf(res.text)).toContain(`login_url?oauth_token=${rt.key}`);
  });

  it('a request token is single use: the second exchange is 401 Invalid Or Expired Token', async () => {
    const { app } = testWorld();
    const rt = await getRequestToken(app, { callback: 'oob' });
    const { verifier } = (await authorizeAs(app, rt.key)).body;
    expect((await exchange(app, rt, verifier)).status).toBe(200);
    const again = await exchange(app, rt, verifier);
    expect(again.status).toBe(401);
    expect(reasonOf(again.text)).toBe('Invalid Or Expired Token');
    expect(detailsOf(again.text)).toContain('already exchanged');
  });

  it('a denied token can never be exchanged', async () => {
    const { app } = testWorld();
    const rt = await getRequestToken(app, { callback: 'oob' });
    await authorizeAs(app, rt.key, 'alice', 'deny');
    const res = await exchange(app, rt, '000000');
    expect(res.status).toBe(401);
    expect(detailsOf(res.text)).toContain('denied');
  });

  it("another consumer cannot exchange this consumer's request token", async () => {
    const { app } = testWorld();
    const rt = await getRequestToken(app, { callback: 'oob' });
    const { verifier } = (await authorizeAs(app, rt.key)).body;
    const res = await exchange(app, rt, verifier, { consumer: OTHER_CONSUMER });
    expect(res.status).toBe(401);
    expect(reasonOf(res.text)).toBe('Invalid Or Expired Token');
  });
});

describe('request tokens expire on the simulator clock (10 minutes)', () => {
  it('exchanged 9 minutes after issue: fine', async () => {
    const { app, world } = testWorld();
    const rt = await getRequestToken(app, { callback: 'oob' });
    const { verifier } = (await authorizeAs(app, rt.key)).body;
    world.clock.advance(9 * 60_000);
    expect((await exchange(app, rt, verifier)).status).toBe(200);
  });

  it('exchanged 11 minutes after issue: 401 Invalid Or Expired Token, saying it expired', async () => {
    const { app, world } = testWorld();
    const rt = await getRequestToken(app, { callback: 'oob' });
    const { verifier } = (await authorizeAs(app, rt.key)).body;
    world.clock.advance(11 * 60_000);
    const res = await exchange(app, rt, verifier);
    expect(res.status).toBe(401);
    expect(reasonOf(res.text)).toBe('Invalid Or Expired Token');
    expect(detailsOf(res.text)).toContain('expired');
  });

  it('authorised 11 minutes after issue: the page and the admin route refuse it (409)', async () => {
    const { app, world } = testWorld();
    const rt = await getRequestToken(app, { callback: 'oob' });
    world.clock.advance(11 * 60_000);
    const res = await authorizeAs(app, rt.key);
    expect(res.status).toBe(409);
    expect(res.body.error.details).toContain('expired');
  });
});

describe('wrong verifiers kill the request token (max_verifier_attempts, default 3)', () => {
  it('two wrong verifiers leave it alive; the right one then works', async () => {
    const { app } = testWorld();
    const rt = await getRequestToken(app, { callback: 'oob' });
    const { verifier } = (await authorizeAs(app, rt.key)).body;
    const wrong = verifier === '000000' ? '111111' : '000000';
    for (const left of [2, 1]) {
      const res = await exchange(app, rt, wrong);
      expect(res.status).toBe(401);
      expect(reasonOf(res.text)).toBe('Invalid Verifier');
      expect(res.headers['www-authenticate']).toContain('oauth_problem="verifier_invalid"');
      expect(detailsOf(res.text)).toContain(`${left} attempt(s) left`);
    }
    expect((await exchange(app, rt, verifier)).status).toBe(200);
  });

  it('the third wrong verifier kills it: even the right one is refused afterwards', async () => {
    const { app } = testWorld();
    const rt = await getRequestToken(app, { callback: 'oob' });
    const { verifier } = (await authorizeAs(app, rt.key)).body;
    const wrong = verifier === '000000' ? '111111' : '000000';
    await exchange(app, rt, wrong);
    await exchange(app, rt, wrong);
    const last = await exchange(app, rt, wrong);
    expect(reasonOf(last.text)).toBe('Invalid Verifier');
    expect(detailsOf(last.text)).toContain('last attempt');
    const after = await exchange(app, rt, verifier);
    expect(after.status).toBe(401);
    expect(reasonOf(after.text)).toBe('Invalid Or Expired Token');
  });
});

describe('the access token speaks for the user who allowed access, and nobody else', () => {
  const { app } = testWorld();
  const alice = '9D48675C-096F-11DC-BF5A-88D01745CE5C';

  it("bob's token reads bob: /users links to bob, /users/{bob} answers", async () => {
    const access = await danceFor(app, 'bob');
    const users = await sendRaw(app, { path: '/users', token: access });
    expect(str(parseXml(users.text), '/resource/link/@href')).toBe(`${BASE}/users/${BOB.guid}`);
    expect((await sendRaw(app, { path: `/users/${BOB.guid}`, token: access })).status).toBe(200);
  });

  it("bob's token on alice's GUID: 403", async () => {
    const access = await danceFor(app, 'bob');
    const res = await sendRaw(app, { path: `/users/${alice}`, token: access });
    expect(res.status).toBe(403);
  });

  it('the access token also signs catalogue calls (three-legged)', async () => {
    const access = await danceFor(app, 'bob');
    expect((await sendRaw(app, { path: '/catalog/title?term=zzyzx', token: access })).status).toBe(200);
  });

  it('the token is bound to its consumer: the same user with another consumer needs its own dance', async () => {
    const access = await danceFor(app, 'bob', { callback: 'oob', consumer: OTHER_CONSUMER });
    expect((await sendRaw(app, { path: '/users', token: access, consumer: OTHER_CONSUMER })).status).toBe(200);
    expect((await sendRaw(app, { path: '/users', token: access, consumer: CONSUMER })).status).toBe(401);
  });
});
