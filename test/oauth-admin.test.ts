import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { exchange, getRequestToken } from './support/oauth-dance.js';
import { ALICE } from './support/signing.js';
import { testWorld } from './support/world.js';

// POST /__admin/oauth/authorize: the authorisation page's decision for scripts without a browser.

const authorize = (app: Parameters<typeof request>[0], body: Record<string, string>) => request(app).post('/__admin/oauth/authorize').send(body);

describe('POST /__admin/oauth/authorize', () => {
  it.each([
    ['by login', 'alice'],
    ['by GUID', ALICE.guid],
    ['by lower-case GUID', ALICE.guid.toLowerCase()],
  ])('allows access %s: JSON with the 6 digit verifier, which exchanges the token', async (_how, user) => {
    const { app } = testWorld();
    const rt = await getRequestToken(app, { callback: 'oob' });
    const res = await authorize(app, { oauth_token: rt.key, user });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body).toEqual({
      oauth_token: rt.key,
      decision: 'allow',
      user: { guid: ALICE.guid, login: 'alice' },
      verifier: expect.stringMatching(/^\d{6}$/),
    });
    expect((await exchange(app, rt, res.body.verifier)).status).toBe(200);
  });

  it('with a URL callback also answers the redirect the browser would have followed', async () => {
    const { app } = testWorld();
    const rt = await getRequestToken(app, { callback: 'https://client.example/cb?state=xyz' });
    const res = await authorize(app, { oauth_token: rt.key, user: 'bob' });
    expect(res.body.redirect).toBe(`https://client.example/cb?state=xyz&oauth_token=${rt.key}&oauth_verifier=${res.body.verifier}`);
  });

  it('takes a form body too (with X-Rentalsim-Admin, which no page on another origin can send), and the code in any case', async () => {
    const { app } = testWorld();
    const rt = await getRequestToken(app, { callback: 'oob' });
    const res = await request(app)
      .post('/__admin/oauth/authorize')
      .type('form')
      .set('X-Rentalsim-Admin', '1')
      .send(`oauth_token=${rt.key.toLowerCase()}&user=carol`);
    expect(res.status).toBe(200);
    expect(res.body.decision).toBe('allow');
  });

  it('decision=deny needs no user; the redirect carries denied=<token>, and the token is dead', async () => {
    const { app } = testWorld();
    const rt = await getRequestToken(app, { callback: 'http://client.example/cb' });
    const res = await authorize(app, { oauth_token: rt.key, decision: 'deny' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ oauth_token: rt.key, decision: 'deny', redirect: `http://client.example/cb?denied=${rt.key}` });
    expect((await exchange(app, rt, '123456')).status).toBe(401);
  });

  it.each([
    ['no oauth_token', () => ({ user: 'alice' }), 400, 'oauth_token'],
    ['an unknown token', () => ({ oauth_token: 'QQQQQ', user: 'alice' }), 404, 'not known'],
    ['an unknown user', (t: string) => ({ oauth_token: t, user: 'mallory' }), 400, 'known logins: alice, bob, carol'],
    ['allow without a user', (t: string) => ({ oauth_token: t }), 400, 'user'],
    ['a decision that is neither allow nor deny', (t: string) => ({ oauth_token: t, user: 'alice', decision: 'maybe' }), 400, 'decision'],
  ])('%s: a JSON error that says what to send', async (_what, body, status, says) => {
    const { app } = testWorld();
    const rt = await getRequestToken(app, { callback: 'oob' });
    const res = await authorize(app, body(rt.key));
    expect(res.status).toBe(status);
    expect(res.body.error.details).toContain(says);
  });

  it('a token already decided: 409, and the first decision stands', async () => {
    const { app } = testWorld();
    const rt = await getRequestToken(app, { callback: 'oob' });
    const first = await authorize(app, { oauth_token: rt.key, user: 'alice' });
    const second = await authorize(app, { oauth_token: rt.key, user: 'bob', decision: 'deny' });
    expect(second.status).toBe(409);
    expect((await exchange(app, rt, first.body.verifier)).status).toBe(200);
  });

  it('is behind the admin token when one is configured', async () => {
    const { app } = testWorld('default', { adminToken: 'sekrit' });
    const rt = await getRequestToken(app, { callback: 'oob' });
    expect((await authorize(app, { oauth_token: rt.key, user: 'alice' })).status).toBe(401);
    const ok = await request(app).post('/__admin/oauth/authorize').set('Authorization', 'Bearer sekrit').send({ oauth_token: rt.key, user: 'alice' });
    expect(ok.status).toBe(200);
  });
});
