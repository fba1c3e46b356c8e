import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { revoke } from '../src/domain/oauth/token-state.js';
import { danceFor, exchange, getRequestToken, authorizeAs } from './support/oauth-dance.js';
import { baseString, sendRaw, type RawOAuthOptions } from './support/oauth-request.js';
import { ALICE, CONSUMER, OTHER_CONSUMER } from './support/signing.js';
import { HOST, testWorld } from './support/world.js';
import { parseXml, str } from './support/xml.js';

// Every OAuth row of the error table (docs/reference/oauth.md#the-order-of-the-checks), with its status,
// reason, gateway code and oauth_problem, and the order in which the checks are made.

const now = () => Math.floor(Date.now() / 1000);
const CATALOG = '/catalog/title?term=zzyzx';
const LEGACY = { key: 'legacy-consumer-key', secret: 'legacy-consumer-secret' };

function expectError(res: request.Response, status: number, reason: string, code: string, problem?: string): void {
  expect(res.status, res.text).toBe(status);
  expect(res.headers['content-type']).toBe('application/xml;charset=UTF-8');
  expect(str(parseXml(res.text), '/error/reason')).toBe(reason);
  expect(str(parseXml(res.text), '/error/details')).not.toBe('');
  expect(res.headers['x-mashery-error-code']).toBe(code);
  if (status === 401) expect(res.headers['www-authenticate']).toBe(`OAuth realm="http://${HOST}", oauth_problem="${problem}"`);
}

const drop = (name: string) => (p: Array<[string, string]>) => p.filter(([n]) => n !== name);
const spoilSignature = (p: Array<[string, string]>) => p.map(([n, v]): [string, string] => [n, n === 'oauth_signature' ? 'AAAA' + v.slice(4) : v]);

describe('the OAuth rows of the error table', () => {
  const { app } = testWorld();

  it.each([
    ['the catalogue', CATALOG],
    ['a user resource', '/users'],
    ['the request token endpoint', '/oauth/request_token'],
  ])('no OAuth parameters at all on %s: 403 Not Authorized', async (_what, path) => {
    const res = await request(app).get(path).set('Host', HOST);
    expectError(res, 403, 'Not Authorized', 'ERR_403_NOT_AUTHORIZED');
  });

  it.each([
    ['oauth_consumer_key', 'Missing Required Consumer Key', 'ERR_400_MISSING_REQUIRED_CONSUMER_KEY'],
    ['oauth_signature', 'Missing Required Signature', 'ERR_400_MISSING_REQUIRED_SIGNATURE'],
    ['oauth_signature_method', 'Missing Required Signature Method', 'ERR_400_MISSING_REQUIRED_SIGNATURE_METHOD'],
    ['oauth_timestamp', 'Missing Required Timestamp', 'ERR_400_MISSING_REQUIRED_TIMESTAMP'],
    ['oauth_nonce', 'Missing Required Nonce', 'ERR_400_MISSING_REQUIRED_NONCE'],
  ])('without %s: 400 %s', async (name, reason, code) => {
    const res = await sendRaw(app, { path: CATALOG, tamper: drop(name) });
    expectError(res, 400, reason, code);
    expect(res.headers['www-authenticate']).toBeUndefined();
  });

  it('a user resource without an access token: 400 Missing Required Access Token', async () => {
    const res = await sendRaw(app, { path: '/users' });
    expectError(res, 400, 'Missing Required Access Token', 'ERR_400_MISSING_REQUIRED_ACCESS_TOKEN');
  });

  it('an empty oauth_token counts as none (some libraries send one on two-legged calls)', async () => {
    const res = await sendRaw(app, { path: '/users', tamper: (p) => [...p, ['oauth_token', '']] });
    expectError(res, 400, 'Missing Required Access Token', 'ERR_400_MISSING_REQUIRED_ACCESS_TOKEN');
  });

  it.each<[string, Partial<RawOAuthOptions>]>([
    ['in the header and the query', { appendQuery: 'oauth_nonce=again' }],
    ['twice in the header', { tamper: (p) => [...p, p.find(([n]) => n === 'oauth_nonce')!] }],
    ['twice in the query, same value', { place: 'query', tamper: (p) => [...p, p.find(([n]) => n === 'oauth_timestamp')!] }],
  ])('a protocol parameter sent %s: 400 Duplicated OAuth Protocol Parameter', async (_where, over) => {
    const res = await sendRaw(app, { path: CATALOG, ...over });
    expectError(res, 400, 'Duplicated OAuth Protocol Parameter', 'ERR_400_DUPLICATED_OAUTH_PROTOCOL_PARAMETER');
  });

  it.each(['RSA-SHA1', 'HMAC-SHA256', 'hmac-sha1', 'PLAINTEXT'])('signature method %s: 400 Unsupported Signature Method', async (method) => {
    const res = await sendRaw(app, { path: CATALOG, signatureMethod: method });
    expectError(res, 400, 'Unsupported Signature Method', 'ERR_400_UNSUPPORTED_SIGNATURE_METHOD');
  });

  it('oauth_version other than 1.0: 400 Unsupported OAuth Version', async () => {
    const res = await sendRaw(app, { path: CATALOG, version: '2.0' });
    expectError(res, 400, 'Unsupported OAuth Version', 'ERR_400_UNSUPPORTED_OAUTH_VERSION');
  });

  it('oauth_version may be left out', async () => {
    expect((await sendRaw(app, { path: CATALOG, version: null })).status).toBe(200);
  });

  it.each([
    // The exact 300/301 s edge is pinned by the pure rule's tests with a fixed clock; over HTTP a second can
    // pass between signing and checking, so these stay clear of the edge.
    ['330 s behind', () => String(now() - 330)],
    ['330 s ahead', () => String(now() + 330)],
    ['in milliseconds', () => String(Date.now())],
    ['not a number', () => 'yesterday'],
  ])('a timestamp %s real time: 401 Timestamp Is Invalid', async (_what, ts) => {
    const res = await sendRaw(app, { path: CATALOG, timestamp: ts() });
    expectError(res, 401, 'Timestamp Is Invalid', 'ERR_401_TIMESTAMP_IS_INVALID', 'timestamp_refused');
  });

  it.each([-250, 250])('a timestamp %i s off real time is accepted', async (offset) => {
    expect((await sendRaw(app, { path: CATALOG, timestamp: String(now() + offset) })).status).toBe(200);
  });

  it('an unknown consumer key: 401 Invalid Consumer Key', async () => {
    const res = await sendRaw(app, { path: CATALOG, consumer: { key: 'nobody', secret: 'x' } });
    expectError(res, 401, 'Invalid Consumer Key', 'ERR_401_INVALID_CONSUMER_KEY', 'consumer_key_unknown');
  });

  it.each([
    ['a wrong consumer secret', { consumer: { key: CONSUMER.key, secret: 'wrong' } }],
    ['a wrong token secret', { path: '/users', token: { key: ALICE.token.key, secret: 'wrong' } }],
    ['a spoilt signature', { tamper: spoilSignature }],
    ['a different path signed', { signedUrl: `http://${HOST}/catalog/film?term=zzyzx` }],
    ['another host signed', { signedUrl: `http://elsewhere.test${CATALOG}` }],
  ])('%s: 401 Invalid Signature, with the base string the server computed', async (_what, over) => {
    const res = await sendRaw(app, { path: CATALOG, ...(over as Partial<RawOAuthOptions>) });
    expectError(res, 401, 'Invalid Signature', 'ERR_401_INVALID_SIGNATURE', 'signature_invalid');
    const details = str(parseXml(res.text), '/error/details');
    expect(details).toMatch(/GET&http%3A%2F%2Frentalsim\.test%2F[^ ]*&[^ ]*oauth_consumer_key%3D/);
    expect(details).not.toContain('test-consumer-secret');
  });

  it('the Invalid Signature details carry exactly the base string of the request as received', async () => {
    const ts = String(now());
    const res = await sendRaw(app, { path: CATALOG, nonce: 'fixed-nonce', timestamp: ts, tamper: spoilSignature });
    const expected = baseString('GET', `http://${HOST}/catalog/title`, [
      ['oauth_consumer_key', CONSUMER.key],
      ['oauth_nonce', 'fixed-nonce'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', ts],
      ['oauth_version', '1.0'],
      ['term', 'zzyzx'],
    ]);
    expect(str(parseXml(res.text), '/error/details')).toContain(`: ${expected}`);
  });
});

describe('OAuth errors: tokens', () => {
  it('an unknown access token: 401 Invalid Or Expired Token', async () => {
    const { app } = testWorld();
    const res = await sendRaw(app, { path: '/users', token: { key: 'no-such-token', secret: 'x' } });
    expectError(res, 401, 'Invalid Or Expired Token', 'ERR_401_INVALID_OR_EXPIRED_TOKEN', 'token_rejected');
  });

  it('an unknown token on a two-legged catalogue call is refused too: a token sent must be valid', async () => {
    const { app } = testWorld();
    const res = await sendRaw(app, { path: CATALOG, token: { key: 'no-such-token', secret: 'x' } });
    expectError(res, 401, 'Invalid Or Expired Token', 'ERR_401_INVALID_OR_EXPIRED_TOKEN', 'token_rejected');
  });

  it('a revoked access token: 401 Invalid Or Expired Token, on user resources and the catalogue', async () => {
    const { app, world } = testWorld();
    const tokens = world.sandbox(CONSUMER.key).stores.tokens;
    tokens.update(revoke(tokens.byToken(ALICE.token.key)!));
    for (const path of ['/users', CATALOG]) {
      const res = await sendRaw(app, { path, token: ALICE.token });
      expectError(res, 401, 'Invalid Or Expired Token', 'ERR_401_INVALID_OR_EXPIRED_TOKEN', 'token_rejected');
      expect(str(parseXml(res.text), '/error/details')).toContain('revoked');
    }
  });

  it('a request token used as an access token: 401 Invalid Or Expired Token', async () => {
    const { app } = testWorld();
    const rt = await getRequestToken(app, { callback: 'oob' });
    await authorizeAs(app, rt.key);
    const res = await sendRaw(app, { path: '/users', token: rt });
    expectError(res, 401, 'Invalid Or Expired Token', 'ERR_401_INVALID_OR_EXPIRED_TOKEN', 'token_rejected');
    expect(str(parseXml(res.text), '/error/details')).toContain('is a request token');
  });

  it('an access token at /oauth/access_token (wrong type): 401 Invalid Or Expired Token', async () => {
    const { app } = testWorld();
    const res = await exchange(app, ALICE.token, '123456');
    expectError(res, 401, 'Invalid Or Expired Token', 'ERR_401_INVALID_OR_EXPIRED_TOKEN', 'token_rejected');
  });

  it("another consumer's access token: 401 Invalid Or Expired Token", async () => {
    const { app } = testWorld();
    const access = await danceFor(app, 'alice', { callback: 'oob', consumer: OTHER_CONSUMER });
    const res = await sendRaw(app, { path: '/users', token: access });
    expectError(res, 401, 'Invalid Or Expired Token', 'ERR_401_INVALID_OR_EXPIRED_TOKEN', 'token_rejected');
  });
});

describe('OAuth errors: nonces', () => {
  it('a nonce used again with the same timestamp: 401 Invalid NONCE', async () => {
    const { app } = testWorld();
    const fixed = { path: CATALOG, nonce: 'n-1', timestamp: String(now()) };
    expect((await sendRaw(app, fixed)).status).toBe(200);
    const res = await sendRaw(app, fixed);
    expectError(res, 401, 'Invalid NONCE', 'ERR_401_INVALID_NONCE', 'nonce_used');
  });

  it('the same nonce with another timestamp, token or consumer is fresh', async () => {
    const { app } = testWorld();
    const ts = now();
    expect((await sendRaw(app, { path: CATALOG, nonce: 'n-2', timestamp: String(ts) })).status).toBe(200);
    expect((await sendRaw(app, { path: CATALOG, nonce: 'n-2', timestamp: String(ts - 1) })).status).toBe(200);
    expect((await sendRaw(app, { path: CATALOG, nonce: 'n-2', timestamp: String(ts), token: ALICE.token })).status).toBe(200);
    expect((await sendRaw(app, { path: CATALOG, nonce: 'n-2', timestamp: String(ts), consumer: OTHER_CONSUMER })).status).toBe(200);
  });

  it('a request with a bad signature does not burn its nonce', async () => {
    const { app } = testWorld();
    const fixed = { path: CATALOG, nonce: 'n-3', timestamp: String(now()) };
    expect((await sendRaw(app, { ...fixed, tamper: spoilSignature })).status).toBe(401);
    expect((await sendRaw(app, fixed)).status).toBe(200);
  });

  it('a consumer with nonce checks off (check_nonce: false) may reuse one nonce for a whole process', async () => {
    const { app } = testWorld();
    const fixed = { path: CATALOG, consumer: LEGACY, nonce: 'same-every-time', timestamp: String(now()) };
    for (let i = 0; i < 3; i++) expect((await sendRaw(app, fixed)).status).toBe(200);
  });
});

describe('OAuth errors: the checks run in order, the first failure answers', () => {
  const { app } = testWorld();
  const past = () => String(now() - 3600);
  it.each<[string, RawOAuthOptions, string]>([
    [
      'duplicated before missing',
      { path: CATALOG, tamper: (p) => [...drop('oauth_signature')(p), ['oauth_nonce', 'x']] },
      'Duplicated OAuth Protocol Parameter',
    ],
    ['missing before version', { path: CATALOG, version: '2.0', tamper: drop('oauth_nonce') }, 'Missing Required Nonce'],
    ['missing access token before version', { path: '/users', version: '2.0' }, 'Missing Required Access Token'],
    ['version before signature method', { path: CATALOG, version: '2.0', signatureMethod: 'RSA-SHA1' }, 'Unsupported OAuth Version'],
    ['signature method before timestamp', { path: CATALOG, signatureMethod: 'RSA-SHA1', timestamp: past() }, 'Unsupported Signature Method'],
    ['timestamp before consumer', { path: CATALOG, timestamp: past(), consumer: { key: 'nobody', secret: 'x' } }, 'Timestamp Is Invalid'],
    ['consumer before token', { path: '/users', consumer: { key: 'nobody', secret: 'x' }, token: { key: 'nope', secret: 'x' } }, 'Invalid Consumer Key'],
    ['token before signature', { path: '/users', token: { key: 'nope', secret: 'x' }, tamper: spoilSignature }, 'Invalid Or Expired Token'],
  ])('%s', async (_rule, o, reason) => {
    const res = await sendRaw(app, o);
    expect(str(parseXml(res.text), '/error/reason')).toBe(reason);
  });

  it('signature before nonce: a replayed nonce with a bad signature is an Invalid Signature', async () => {
    const fixed = { path: CATALOG, nonce: 'order-1', timestamp: String(now()) };
    expect((await sendRaw(app, fixed)).status).toBe(200);
    const res = await sendRaw(app, { ...fixed, tamper: spoilSignature });
    expect(str(parseXml(res.text), '/error/reason')).toBe('Invalid Signature');
  });
});

describe('PLAINTEXT, only when configured', () => {
  it('is accepted with --allow-plaintext, timestamp and nonce optional (RFC 5849 3.4.4)', async () => {
    const { app } = testWorld('default', { allowPlaintext: true });
    const res = await sendRaw(app, { path: CATALOG, signatureMethod: 'PLAINTEXT', tamper: (p) => drop('oauth_nonce')(drop('oauth_timestamp')(p)) });
    expect(res.status, res.text).toBe(200);
  });

  it('with a wrong key is an Invalid Signature', async () => {
    const { app } = testWorld('default', { allowPlaintext: true });
    const res = await sendRaw(app, { path: CATALOG, signatureMethod: 'PLAINTEXT', consumer: { key: CONSUMER.key, secret: 'nope' } });
    expect(res.status).toBe(401);
  });
});

describe('the timestamp window is configurable', () => {
  it('--timestamp-window 30 refuses a client 60 s off', async () => {
    const { app } = testWorld('default', { timestampWindowSeconds: 30 });
    const res = await sendRaw(app, { path: CATALOG, timestamp: String(now() - 60) });
    expect(str(parseXml(res.text), '/error/reason')).toBe('Timestamp Is Invalid');
  });
});
