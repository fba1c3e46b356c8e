import { connect } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../src/index.js';
import { formAnswer, sendRaw, signRaw, type Place } from './support/oauth-request.js';
import { ALICE } from './support/signing.js';
import { HOST, testWorld } from './support/world.js';
import { parseXml, str } from './support/xml.js';

// Where clients put the OAuth parameters, and the base string URI built from the request as it was sent
// (RFC 5849 3.4.1.2; docs/reference/oauth.md#the-rules-in-short).

const CATALOG = '/catalog/title?term=zzyzx';

describe('OAuth parameters in every place a client put them', () => {
  const { app } = testWorld();

  it.each<[string, Place | ((name: string) => Place)]>([
    ['the Authorization header', 'header'],
    ['the query string', 'query'],
    ['header and query mixed', (n) => (n === 'oauth_signature' || n === 'oauth_nonce' ? 'query' : 'header')],
  ])('a catalogue GET signed in %s', async (_where, place) => {
    const res = await sendRaw(app, { path: CATALOG, place });
    expect(res.status, res.text).toBe(200);
  });

  it.each<[string, Place | ((name: string) => Place)]>([
    ['the Authorization header', 'header'],
    ['the query string', 'query'],
    ['a form body', 'body'],
    ['header, query and body mixed', (n) => (n === 'oauth_signature' ? 'body' : n === 'oauth_token' ? 'query' : 'header')],
  ])('POST /oauth/request_token signed in %s', async (_where, place) => {
    const res = await sendRaw(app, { method: 'POST', path: '/oauth/request_token', place, extra: { oauth_callback: 'oob' } });
    expect(res.status, res.text).toBe(200);
    expect(formAnswer(res.text)['oauth_callback_confirmed']).toBe('true');
  });

  it.each<[string, Place | ((name: string) => Place)]>([
    ['the Authorization header', 'header'],
    ['the query string', 'query'],
    ['header and query mixed', (n) => (n === 'oauth_token' ? 'query' : 'header')],
  ])('a user resource signed with an access token in %s', async (_where, place) => {
    const res = await sendRaw(app, { path: '/users', token: ALICE.token, place });
    expect(res.status, res.text).toBe(200);
  });

  it('API parameters in a form body are signed too: changing one after signing breaks the signature', async () => {
    const r = signRaw({ method: 'POST', path: '/oauth/request_token', form: { client_note: 'a b&c' }, extra: { oauth_callback: 'oob' } });
    const ok = await sendRaw(app, { method: 'POST', path: '/oauth/request_token', form: { client_note: 'a b&c' }, extra: { oauth_callback: 'oob' } });
    expect(ok.status, ok.text).toBe(200);
    const res = await request(app).post(r.path).set(r.headers).send(r.body!.replace('client_note=a%20b%26c', 'client_note=other'));
    expect(res.status).toBe(401);
    expect(str(parseXml(res.text), '/error/details')).toContain('client_note%3Dother');
  });

  it.each([
    ['plus as a space', '/catalog/title?term=zzy+zx'],
    ['%20 as a space', '/catalog/title?term=zzy%20zx'],
    ['reserved characters encoded', '/catalog/title?term=caf%C3%A9%20%26%20co&rand=1%2B1'],
    ['a parameter without a value', '/catalog/title?term=zzyzx&flag'],
    ['the same parameter twice', '/catalog/title?term=zzyzx&rand=2&rand=1'],
  ])('query parameters are signed decoded: %s', async (_what, path) => {
    const res = await sendRaw(app, { path });
    expect(res.status, res.text).toBe(200);
  });

  it.each([
    ['with a realm', { realm: 'http://rentalsim.test/' }],
    ['with "," and no space', { separator: ',' }],
    ['with ", " and a tab', { separator: ',\t ' }],
  ])('an Authorization header %s', async (_what, shape) => {
    const res = await sendRaw(app, { path: CATALOG, ...shape });
    expect(res.status, res.text).toBe(200);
  });

  it('an unparseable OAuth header is a 400 that shows how the header should look', async () => {
    const res = await request(app).get(CATALOG).set('Host', HOST).set('Authorization', 'OAuth oauth_consumer_key="abc" "oops"');
    expect(res.status).toBe(400);
    expect(str(parseXml(res.text), '/error/details')).toContain('Authorization header');
  });
});

describe('the base string URI is the request as sent', () => {
  const { app } = testWorld();

  it('a trailing slash is signed as sent (GET /users/)', async () => {
    const res = await sendRaw(app, { path: '/users/', token: ALICE.token });
    expect(res.status, res.text).toBe(200);
  });

  it('a client that signed without the slash but sent it fails, and the base string shows the slash', async () => {
    const res = await sendRaw(app, { path: '/users/', token: ALICE.token, signedUrl: `http://${HOST}/users` });
    expect(res.status).toBe(401);
    expect(str(parseXml(res.text), '/error/details')).toContain('http%3A%2F%2Frentalsim.test%2Fusers%2F&');
  });

  it.each([
    ['an upper-case Host is lower-cased', 'RentalSim.TEST', `http://${HOST}`, 200],
    ['the default port is dropped', `${HOST}:80`, `http://${HOST}`, 200],
    ['another port is kept', `${HOST}:8080`, `http://${HOST}:8080`, 200],
    ['another port left out of the signature fails', `${HOST}:8080`, `http://${HOST}`, 401],
  ])('%s', async (_rule, host, signedBase, status) => {
    const res = await sendRaw(app, { path: CATALOG, host, signedUrl: signedBase + CATALOG });
    expect(res.status, res.text).toBe(status);
  });

  it('a query after a second ? is signed without that ? (collection skips it, as it always did)', async () => {
    const signedForOneMark = signRaw({ path: CATALOG }).headers['Authorization']!;
    const res = await request(app).get('/catalog/title??term=zzyzx').set('Host', HOST).set('Authorization', signedForOneMark);
    expect(res.status, res.text).toBe(200);
  });

  it('a configured public URL is what clients sign, whatever the Host', async () => {
    const { app: behindProxy } = testWorld('default', { publicUrl: 'https://api.example.com' });
    expect((await sendRaw(behindProxy, { path: CATALOG, signedUrl: `https://api.example.com${CATALOG}` })).status).toBe(200);
    expect((await sendRaw(behindProxy, { path: CATALOG })).status).toBe(401);
  });
});

describe('absolute-form request lines (clients behind an HTTP proxy)', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ port: 0 });
  });
  afterAll(async () => {
    await sim.close();
  });

  /** Sends one raw HTTP/1.1 request over a socket and answers the status line and body. */
  function raw(lines: string[]): Promise<{ status: number; body: string }> {
    const { port, hostname } = new URL(sim.url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => socket.write(lines.join('\r\n') + '\r\n\r\n'));
      let data = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => (data += chunk));
      socket.on('error', reject);
      socket.on('end', () => {
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1]);
        resolve({ status, body: data.slice(data.indexOf('\r\n\r\n') + 4) });
      });
    });
  }

  it('is signed with the host of the request line, not the Host header', async () => {
    const signedUrl = `http://api.lovefilm.com${CATALOG}`;
    const ok = signRaw({ path: CATALOG, signedUrl });
    const res = await raw([
      `GET http://api.lovefilm.com${CATALOG} HTTP/1.1`,
      `Host: ${new URL(sim.url).host}`,
      `Authorization: ${ok.headers['Authorization']}`,
      'Connection: close',
    ]);
    expect(res.status, res.body).toBe(200);
    expect(res.body).toContain('http://api.lovefilm.com/catalog/title');
  });

  it('the token dance works through it: login_url names the absolute-form host', async () => {
    const r = signRaw({
      method: 'POST',
      path: '/oauth/request_token',
      signedUrl: 'http://api.lovefilm.com/oauth/request_token',
      extra: { oauth_callback: 'oob' },
    });
    const res = await raw([
      'POST http://api.lovefilm.com/oauth/request_token HTTP/1.1',
      `Host: ${new URL(sim.url).host}`,
      `Authorization: ${r.headers['Authorization']}`,
      'Content-Length: 0',
      'Connection: close',
    ]);
    expect(res.status, res.body).toBe(200);
    expect(formAnswer(res.body)['login_url']).toBe('http://api.lovefilm.com/oauth/login');
  });
});
