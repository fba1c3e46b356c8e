import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { exchange, getRequestToken } from './support/oauth-dance.js';
import { sendRaw } from './support/oauth-request.js';
import { BASE, HOST, testWorld as anyWorld } from './support/world.js';

// The authorisation page at login_url (docs/reference/oauth.md#the-dance-step-by-step), driven as a browser
// would with plain HTTP. test/browser/oauth-flow.test.ts walks the same page in a real chromium.

// The page answers only to the simulator's own names (docs/reference/admin-api.md#security); these worlds own HOST.
const testWorld = (scenario = 'default') => anyWorld(scenario, { allowedHosts: HOST });
const page = (app: Parameters<typeof request>[0], path: string) => request(app).get(path).set('Host', HOST);
/** Sends the sign-in form as a browser does: from the page shown for that code, with that page's form token. */
const submit = async (app: Parameters<typeof request>[0], fields: Record<string, string>) => {
  const shown = await page(app, `/oauth/login?oauth_token=${encodeURIComponent(fields['oauth_token'] ?? '')}`);
  const formToken = /name="form_token" value="([^"]*)"/.exec(shown.text)?.[1] ?? '';
  return request(app)
    .post('/oauth/login')
    .set('Host', HOST)
    .type('form')
    .send(new URLSearchParams({ form_token: formToken, ...fields }).toString());
};
const byId = (html: string, id: string) => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];

describe('GET /oauth/login', () => {
  const { app } = testWorld();

  it('without oauth_token asks for the activation code', async () => {
    const res = await page(app, '/oauth/login');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('<form method="get" action="/oauth/login">');
    expect(res.text).toContain('id="activation-code" name="oauth_token"');
  });

  it('with oauth_token asks the subscriber to sign in, naming the application, with Allow Access and Deny', async () => {
    const rt = await getRequestToken(app, { callback: 'oob' });
    const res = await page(app, `/oauth/login?oauth_token=${rt.key}`);
    expect(res.status).toBe(200);
    expect(byId(res.text, 'consumer-name')).toBe('QA test consumer');
    expect(res.text).toContain(`<input type="hidden" name="oauth_token" value="${rt.key}">`);
    expect(res.text).toMatch(/id="allow" name="decision" value="allow">Allow Access</);
    expect(res.text).toMatch(/id="deny" name="decision" value="deny"/);
  });

  it('accepts the code typed in lower case', async () => {
    const rt = await getRequestToken(app, { callback: 'oob' });
    const res = await page(app, `/oauth/login?oauth_token=${rt.key.toLowerCase()}`);
    expect(res.status).toBe(200);
    expect(byId(res.text, 'activation-code')).toBe(rt.key);
  });

  it('an unknown code: 404, the code form again with the reason', async () => {
    const res = await page(app, '/oauth/login?oauth_token=ZZZZZ');
    expect(res.status).toBe(404);
    expect(res.text).toContain('id="error"');
    expect(res.text).toContain('id="activation-code"');
  });

  it('escapes what it shows: a code with markup comes back inert', async () => {
    const res = await page(app, `/oauth/login?oauth_token=${encodeURIComponent('<script>alert(1)</script>')}`);
    expect(res.text).not.toContain('<script>alert');
    expect(res.text).toContain('&quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('answers PUT with 405 and Allow', async () => {
    const res = await request(app).put('/oauth/login').set('Host', HOST);
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('GET, POST, HEAD');
  });
});

describe('the old authorisation address', () => {
  it.each(['GET', 'POST'] as const)('%s /oauth/authorize answers 301 to /oauth/login, query kept', async (method) => {
    const { app } = testWorld();
    const call =
      method === 'GET' ? request(app).get('/oauth/authorize?oauth_token=ABCDE&x=a%20b') : request(app).post('/oauth/authorize?oauth_token=ABCDE&x=a%20b');
    const res = await call.set('Host', HOST).redirects(0);
    expect(res.status).toBe(301);
    expect(res.headers['location']).toBe(`${BASE}/oauth/login?oauth_token=ABCDE&x=a%20b`);
  });
});

describe('POST /oauth/login: the decision', () => {
  it('Allow with a URL callback: 302 to the callback, its own query kept, oauth_token and oauth_verifier appended', async () => {
    const { app } = testWorld();
    const rt = await getRequestToken(app, { callback: 'http://client.example/done?session=42&lang=en' });
    const res = await submit(app, { oauth_token: rt.key, login: 'alice', password: 'alice-password', decision: 'allow' });
    expect(res.status).toBe(302);
    const location = res.headers['location']!;
    expect(location).toMatch(new RegExp(`^http://client\\.example/done\\?session=42&lang=en&oauth_token=${rt.key}&oauth_verifier=\\d{6}$`));
    const verifier = new URL(location).searchParams.get('oauth_verifier')!;
    expect((await exchange(app, rt, verifier)).status).toBe(200);
  });

  it('Allow with oob: the page shows the 6 digit code, which exchanges the token', async () => {
    const { app } = testWorld();
    const rt = await getRequestToken(app, { callback: 'oob' });
    const res = await submit(app, { oauth_token: rt.key, login: 'bob', password: 'bob-password', decision: 'allow' });
    expect(res.status).toBe(200);
    const verifier = byId(res.text, 'verifier')!;
    expect(verifier).toMatch(/^\d{6}$/);
    const access = await exchange(app, rt, verifier);
    expect(access.status).toBe(200);
  });

  it('a wrong password: 401, the form again with the login kept; nothing decided', async () => {
    const { app } = testWorld();
    const rt = await getRequestToken(app, { callback: 'oob' });
    const res = await submit(app, { oauth_token: rt.key, login: 'alice', password: 'nope', decision: 'allow' });
    expect(res.status).toBe(401);
    expect(res.text).toContain('id="error"');
    expect(res.text).toContain('value="alice"');
    const retry = await submit(app, { oauth_token: rt.key, login: 'alice', password: 'alice-password', decision: 'allow' });
    expect(retry.status).toBe(200);
  });

  it('a login that is no subscriber of the scenario cannot sign in', async () => {
    const { app } = testWorld();
    const rt = await getRequestToken(app, { callback: 'oob' });
    const res = await submit(app, { oauth_token: rt.key, login: 'mallory', password: 'x', decision: 'allow' });
    expect(res.status).toBe(401);
  });

  it('Deny with a URL callback (no password needed): 302 to the callback with denied=<token>; the token is dead', async () => {
    const { app } = testWorld();
    const rt = await getRequestToken(app, { callback: 'http://client.example/done?session=42' });
    const res = await submit(app, { oauth_token: rt.key, decision: 'deny' });
    expect(res.status).toBe(302);
    expect(res.headers['location']).toBe(`http://client.example/done?session=42&denied=${rt.key}`);
    expect((await exchange(app, rt, '000000')).status).toBe(401);
  });

  it('Deny with oob: the page says access was denied', async () => {
    const { app } = testWorld();
    const rt = await getRequestToken(app, { callback: 'oob' });
    const res = await submit(app, { oauth_token: rt.key, decision: 'deny' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('id="denied"');
  });

  it('a decided token cannot be decided again: 409, the code form with the reason', async () => {
    const { app } = testWorld();
    const rt = await getRequestToken(app, { callback: 'oob' });
    await submit(app, { oauth_token: rt.key, decision: 'deny' });
    const res = await submit(app, { oauth_token: rt.key, login: 'alice', password: 'alice-password', decision: 'allow' });
    expect(res.status).toBe(409);
    expect(res.text).toContain('id="error"');
  });

  it('an OAuth 1.0 client names its callback on the page address: Allow redirects with oauth_token only', async () => {
    const { app } = testWorld();
    const rt = await getRequestToken(app, { callback: undefined });
    const form = await page(app, `/oauth/login?oauth_token=${rt.key}&oauth_callback=${encodeURIComponent('http://old.example/cb')}`);
    expect(form.text).toContain('name="oauth_callback" value="http://old.example/cb"');
    const res = await submit(app, {
      oauth_token: rt.key,
      oauth_callback: 'http://old.example/cb',
      login: 'carol',
      password: 'carol-password',
      decision: 'allow',
    });
    expect(res.status).toBe(302);
    expect(res.headers['location']).toBe(`http://old.example/cb?oauth_token=${rt.key}`);
    const access = await exchange(app, rt, undefined);
    expect(access.status).toBe(200);
  });

  it('an OAuth 1.0 client without any callback: the page says access was allowed', async () => {
    const { app } = testWorld();
    const rt = await getRequestToken(app, { callback: undefined });
    const res = await submit(app, { oauth_token: rt.key, login: 'carol', password: 'carol-password', decision: 'allow' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('id="allowed"');
  });

  it('the page signs in against the sandbox of the consumer that asked', async () => {
    const { app, world } = testWorld();
    const rt = await getRequestToken(app, { callback: 'oob' });
    expect(world.sandboxKeys()).toContain('test-consumer-key');
    const res = await submit(app, { oauth_token: rt.key, login: 'alice', password: 'alice-password', decision: 'allow' });
    const access = await exchange(app, rt, byId(res.text, 'verifier'));
    const users = await sendRaw(app, {
      path: '/users',
      token: { key: new URLSearchParams(access.text).get('oauth_token')!, secret: new URLSearchParams(access.text).get('oauth_token_secret')! },
    });
    expect(users.status).toBe(200);
  });
});
