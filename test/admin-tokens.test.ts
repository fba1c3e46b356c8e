import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ALICE, CAROL, CONSUMER, OTHER_CONSUMER, signed } from './support/signing.js';
import { BASE, testWorld } from './support/world.js';
import { parseXml, str } from './support/xml.js';

const mint = (app: Parameters<typeof request>[0], body: Record<string, unknown>) => request(app).post('/__admin/tokens').send(body);

describe('POST /__admin/tokens (mint without the browser dance)', () => {
  it('issues an access token for a subscriber that signs API requests at once', async () => {
    const { app } = testWorld();
    const res = await mint(app, { consumer: CONSUMER.key, user: 'carol' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'access', consumer: CONSUMER.key, state: 'active', user: { guid: CAROL.guid, login: 'carol' } });
    const token = { key: res.body.token, secret: res.body.secret };
    const who = await signed(app, 'GET', '/users', { token });
    expect(who.status).toBe(200);
    expect(str(parseXml(who.text), '/resource/link/@href')).toBe(`${BASE}/users/${CAROL.guid}`);
  });

  it('accepts a GUID for the user, and the token works only with its consumer', async () => {
    const { app } = testWorld();
    const res = await mint(app, { consumer: CONSUMER.key, user: ALICE.guid });
    const token = { key: res.body.token, secret: res.body.secret };
    const other = await signed(app, 'GET', '/users', { consumer: OTHER_CONSUMER, token });
    expect(other.status).toBe(401);
    expect(str(parseXml(other.text), '/error/reason')).toBe('Invalid Or Expired Token');
  });

  it('GET /__admin/tokens lists the subscriber’s access tokens in that sandbox', async () => {
    const { app } = testWorld();
    const minted = await mint(app, { consumer: CONSUMER.key, user: 'carol' });
    const res = await request(app).get(`/__admin/tokens?consumer=${CONSUMER.key}&user=carol`);
    expect(res.body.tokens.map((t: { token: string }) => t.token)).toEqual(['carol-access-token', minted.body.token]);
  });

  it.each([
    ['no consumer', { user: 'carol' }, 'consumer'],
    ['an unknown consumer', { consumer: 'nobody', user: 'carol' }, 'not a consumer of this scenario'],
    ['an unknown user', { consumer: CONSUMER.key, user: 'mallory' }, 'known logins: alice, bob, carol'],
    ['an extra field', { consumer: CONSUMER.key, user: 'carol', ttl: 5 }, 'body'],
  ])('%s is a JSON 400', async (_rule, body, says) => {
    const { app } = testWorld();
    const res = await mint(app, body);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContain(says);
  });
});

describe('DELETE /__admin/tokens/:token (revoke)', () => {
  it('a revoked minted token is 401 Invalid Or Expired Token on its next use', async () => {
    const { app } = testWorld();
    const minted = await mint(app, { consumer: CONSUMER.key, user: 'carol' });
    const token = { key: minted.body.token, secret: minted.body.secret };
    expect((await signed(app, 'GET', '/users', { token })).status).toBe(200);
    const res = await request(app).delete(`/__admin/tokens/${minted.body.token}?consumer=${CONSUMER.key}`);
    expect(res.body).toEqual({ revoked: minted.body.token, sandboxes: [CONSUMER.key] });
    const after = await signed(app, 'GET', '/users', { token });
    expect(after.status).toBe(401);
    expect(str(parseXml(after.text), '/error/reason')).toBe('Invalid Or Expired Token');
    expect(str(parseXml(after.text), '/error/details')).toContain('revoked');
  });

  it('revokes a scenario token in one consumer’s sandbox only', async () => {
    const { app } = testWorld();
    await request(app).delete(`/__admin/tokens/alice-access-token?consumer=${CONSUMER.key}`);
    expect((await signed(app, 'GET', '/users', { token: ALICE.token })).status).toBe(401);
    expect((await signed(app, 'GET', '/users', { consumer: OTHER_CONSUMER, token: ALICE.token })).status).toBe(200);
  });

  it('without a consumer, revokes it wherever a held sandbox knows it; an unknown token is a JSON 404', async () => {
    const { app } = testWorld();
    await signed(app, 'GET', '/users', { token: ALICE.token });
    await signed(app, 'GET', '/users', { consumer: OTHER_CONSUMER, token: ALICE.token });
    const res = await request(app).delete('/__admin/tokens/alice-access-token');
    expect(res.body.sandboxes).toEqual(expect.arrayContaining([CONSUMER.key, OTHER_CONSUMER.key]));
    expect((await signed(app, 'GET', '/users', { consumer: OTHER_CONSUMER, token: ALICE.token })).status).toBe(401);
    const missing = await request(app).delete('/__admin/tokens/no-such-token');
    expect(missing.status).toBe(404);
  });
});
