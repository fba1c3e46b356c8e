import { createHmac } from 'node:crypto';
import { OAuth as NodeOAuth } from 'oauth';
import OAuth1a from 'oauth-1.0a';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../src/index.js';
import { ALICE, BOB, CONSUMER, type Credentials } from './support/signing.js';
import { parseXml, str } from './support/xml.js';

// Two independent client libraries walk the whole dance against a listening simulator, then read user
// resources: `oauth` (node-oauth, signs in the Authorization header, POSTs the token requests) and
// `oauth-1.0a` (here: parameters in a form body, then in the query string).

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
});
afterAll(async () => {
  await sim.close();
});

async function allow(token: string, user: string): Promise<{ verifier: string; redirect?: string }> {
  const res = await fetch(`${sim.url}/__admin/oauth/authorize`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ oauth_token: token, user }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { verifier: string; redirect?: string };
}

describe('the `oauth` package (Authorization header)', () => {
  type Answer = { token: string; secret: string; results: Record<string, unknown> };
  const client = (callback: string | null) =>
    new NodeOAuth(`${sim.url}/oauth/request_token`, `${sim.url}/oauth/access_token`, CONSUMER.key, CONSUMER.secret, '1.0', callback as string, 'HMAC-SHA1');
  const requestToken = (oa: NodeOAuth) =>
    new Promise<Answer>((resolve, reject) =>
      oa.getOAuthRequestToken((err, token, secret, results) => (err ? reject(err) : resolve({ token, secret, results }))),
    );
  const accessToken = (oa: NodeOAuth, rt: Answer, verifier: string | undefined) =>
    new Promise<Answer>((resolve, reject) => {
      const done = (err: unknown, token: string, secret: string, results: Record<string, unknown>) => (err ? reject(err) : resolve({ token, secret, results }));
      if (verifier === undefined) oa.getOAuthAccessToken(rt.token, rt.secret, done);
      else oa.getOAuthAccessToken(rt.token, rt.secret, verifier, done);
    });
  const get = (oa: NodeOAuth, url: string, at: Answer) =>
    new Promise<{ status: number; body: string }>((resolve) =>
      oa.get(url, at.token, at.secret, (err, body) =>
        resolve({ status: err ? (err as { statusCode: number }).statusCode : 200, body: String(err ? (err as { data: string }).data : body) }),
      ),
    );

  it('OAuth 1.0a with a URL callback: request token, allow, exchange, then the user resources', async () => {
    const oa = client('http://127.0.0.1:9/callback?app=interop');
    const rt = await requestToken(oa);
    expect(rt.token).toMatch(/^[A-HJ-NP-Z]{5}$/);
    expect(rt.results).toEqual({ login_url: `${sim.url}/oauth/login`, oauth_callback_confirmed: 'true' });

    const { verifier, redirect } = await allow(rt.token, 'alice');
    expect(redirect).toBe(`http://127.0.0.1:9/callback?app=interop&oauth_token=${rt.token}&oauth_verifier=${verifier}`);
    const at = await accessToken(oa, rt, verifier);
    expect(at.results).toEqual({});

    const users = await get(oa, `${sim.url}/users`, at);
    expect(users.status, users.body).toBe(200);
    const href = str(parseXml(users.body), '/resource/link/@href');
    expect(href).toBe(`${sim.url}/users/${ALICE.guid}`);
    const me = await get(oa, href, at);
    expect(me.status, me.body).toBe(200);
    expect(str(parseXml(me.body), '/user/first_name')).toBe('Alice');
    expect((await get(oa, `${sim.url}/users/${BOB.guid}`, at)).status).toBe(403);

    // A write: node-oauth sends the form body and signs its parameters in the header.
    const created = await new Promise<{ status: number; body: string }>((resolve) =>
      oa.post(
        `${href}/lists`,
        at.token,
        at.secret,
        { name: 'Seen with node-oauth & co', description: 'a+b c' },
        'application/x-www-form-urlencoded',
        (err, body) => resolve({ status: err ? (err as { statusCode: number }).statusCode : 201, body: String(err ? (err as { data: string }).data : body) }),
      ),
    );
    expect(created.status, created.body).toBe(201);
    const lists = await get(oa, `${href}/lists`, at);
    expect(lists.body).toContain('Seen with node-oauth &amp; co');
  });

  it('an OAuth 1.0 client (no callback, no verifier) gets through too', async () => {
    const oa = client(null);
    const rt = await requestToken(oa);
    expect(rt.results).toEqual({ login_url: `${sim.url}/oauth/login` });
    await allow(rt.token, 'bob');
    const at = await accessToken(oa, rt, undefined);
    const users = await get(oa, `${sim.url}/users`, at);
    expect(str(parseXml(users.body), '/resource/link/@href')).toBe(`${sim.url}/users/${BOB.guid}`);
  });

  it('a wrong verifier comes back as the library reports errors: status 401 and the <error> body', async () => {
    const oa = client('oob');
    const rt = await requestToken(oa);
    const { verifier } = await allow(rt.token, 'alice');
    const error = await accessToken(oa, rt, verifier === '000000' ? '111111' : '000000').catch((e: { statusCode: number; data: string }) => e);
    expect(error).toMatchObject({ statusCode: 401 });
    expect(str(parseXml((error as { data: string }).data), '/error/reason')).toBe('Invalid Verifier');
  });
});

describe('the `oauth-1.0a` package (form body and query string)', () => {
  const oauth = new OAuth1a({
    consumer: CONSUMER,
    signature_method: 'HMAC-SHA1',
    hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
  });
  const form = (data: object) => new URLSearchParams(Object.entries(data).map(([k, v]) => [k, String(v)])).toString();

  it('request token in a POST body, access token by GET with the query string, then /users by query string', async () => {
    const rtUrl = `${sim.url}/oauth/request_token`;
    const rtData = { oauth_callback: 'oob' };
    const rtBody = form({ ...oauth.authorize({ url: rtUrl, method: 'POST', data: rtData }), ...rtData });
    const rtRes = await fetch(rtUrl, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: rtBody });
    expect(rtRes.status).toBe(200);
    expect(rtRes.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    const rtAnswer = new URLSearchParams(await rtRes.text());
    const requestToken: Credentials = { key: rtAnswer.get('oauth_token')!, secret: rtAnswer.get('oauth_token_secret')! };
    expect(rtAnswer.get('oauth_callback_confirmed')).toBe('true');

    const { verifier } = await allow(requestToken.key, 'carol');

    const atUrl = `${sim.url}/oauth/access_token`;
    const atData = { oauth_verifier: verifier };
    const atQuery = form({ ...oauth.authorize({ url: atUrl, method: 'GET', data: atData }, requestToken), ...atData });
    const atRes = await fetch(`${atUrl}?${atQuery}`);
    expect(atRes.status).toBe(200);
    const atAnswer = new URLSearchParams(await atRes.text());
    expect([...atAnswer.keys()]).toEqual(['oauth_token', 'oauth_token_secret']);
    const access: Credentials = { key: atAnswer.get('oauth_token')!, secret: atAnswer.get('oauth_token_secret')! };

    const usersUrl = `${sim.url}/users`;
    const users = await fetch(`${usersUrl}?${form(oauth.authorize({ url: usersUrl, method: 'GET' }, access))}`);
    expect(users.status).toBe(200);
    const href = str(parseXml(await users.text()), '/resource/link/@href');
    const me = await fetch(`${href}?${form(oauth.authorize({ url: href, method: 'GET' }, access))}`);
    expect(me.status).toBe(200);
    expect(str(parseXml(await me.text()), '/user/first_name')).toBe('Carol');

    // A write with every oauth_* parameter in the form body beside the API's own.
    const listsUrl = `${href}/lists`;
    const listData = { name: 'Weekend (maybe)', description: "carol's * picks" };
    const post = await fetch(listsUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form({ ...oauth.authorize({ url: listsUrl, method: 'POST', data: listData }, access), ...listData }),
    });
    expect(post.status, await post.clone().text()).toBe(201);
  });

  it('a two-legged catalogue call with the parameters in the query string', async () => {
    // authorize() answers the request's own parameters with the oauth_* ones, so they make the whole query.
    const signedData = oauth.authorize({ url: `${sim.url}/catalog/title?term=zzyzx`, method: 'GET' });
    expect(signedData).toHaveProperty('term', 'zzyzx');
    const res = await fetch(`${sim.url}/catalog/title?${form(signedData)}`);
    expect(res.status, await res.text()).toBe(200);
  });
});
