import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import OAuth from 'oauth-1.0a';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../src/index.js';
import { ALICE, BOB, CONSUMER, type Credentials } from '../support/signing.js';
import { parseXml, str } from '../support/xml.js';

// A subscriber walks the authorisation page in Debian's chromium, as
// docs/reference/oauth.md#the-dance-step-by-step describes: once with a URL callback (a tiny local server
// stands in for the client's web app), once with oob (the code typed in). The client side (token requests,
// /users) is signed with oauth-1.0a in the Authorization header.

const oauth = new OAuth({
  consumer: CONSUMER,
  signature_method: 'HMAC-SHA1',
  hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
});

describe('the authorisation page in a browser', () => {
  let sim: Simulator;
  let browser: Browser;
  let page: Page;
  let callbackServer: Server;
  let callbackUrl: string;
  const callbacks: URL[] = [];

  /** A signed request from the client application; oauth_* extras are signed and sent in the header. */
  async function client(method: 'GET' | 'POST', path: string, token?: Credentials, extra: Record<string, string> = {}) {
    const url = `${sim.url}${path}`;
    const data = oauth.authorize({ url, method, data: extra }, token);
    const header = oauth.toHeader(data).Authorization;
    const res = await fetch(url, { method, headers: { Authorization: header } });
    return { status: res.status, text: await res.text() };
  }

  async function requestToken(callback: string): Promise<Credentials & { loginUrl: string }> {
    const res = await client('POST', '/oauth/request_token', undefined, { oauth_callback: callback });
    expect(res.status, res.text).toBe(200);
    const a = new URLSearchParams(res.text);
    return { key: a.get('oauth_token')!, secret: a.get('oauth_token_secret')!, loginUrl: a.get('login_url')! };
  }

  async function exchangeAndReadUsers(rt: Credentials, verifier: string): Promise<string> {
    const at = await client('POST', '/oauth/access_token', rt, { oauth_verifier: verifier });
    expect(at.status, at.text).toBe(200);
    const a = new URLSearchParams(at.text);
    const users = await client('GET', '/users', { key: a.get('oauth_token')!, secret: a.get('oauth_token_secret')! });
    expect(users.status, users.text).toBe(200);
    return str(parseXml(users.text), '/resource/link/@href');
  }

  beforeAll(async () => {
    sim = await startSimulator({ port: 0 });
    callbackServer = createServer((req, res) => {
      callbacks.push(new URL(req.url ?? '/', callbackUrl));
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p id="client-done">back at the client</p>');
    });
    callbackServer.listen(0, '127.0.0.1');
    await once(callbackServer, 'listening');
    callbackUrl = `http://127.0.0.1:${(callbackServer.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
    callbackServer?.closeAllConnections();
    await new Promise((resolve) => callbackServer?.close(resolve));
    await sim?.close();
  });
  beforeEach(async () => {
    sim.reset();
    callbacks.length = 0;
    page = await browser.newPage();
  });
  afterEach(async () => {
    await page?.close();
  });

  it('URL callback: sign in, Allow Access, land on the callback with token and verifier, exchange, read /users', async () => {
    const rt = await requestToken(`${callbackUrl}/oauth-done?session=abc`);
    await page.goto(`${rt.loginUrl}?oauth_token=${rt.key}`);
    expect(await page.locator('#consumer-name').textContent()).toBe('QA test consumer');
    await page.fill('#login', 'alice');
    await page.fill('#password', 'alice-password');
    await page.click('#allow');
    await page.locator('#client-done').waitFor();

    const landed = callbacks[0]!;
    expect(landed.pathname).toBe('/oauth-done');
    expect(landed.searchParams.get('session')).toBe('abc');
    expect(landed.searchParams.get('oauth_token')).toBe(rt.key);
    const verifier = landed.searchParams.get('oauth_verifier')!;
    expect(verifier).toMatch(/^\d{6}$/);
    expect(await exchangeAndReadUsers(rt, verifier)).toBe(`${sim.url}/users/${ALICE.guid}`);
  });

  it('oob: type the activation code, sign in, Allow Access, read the 6 digit code, exchange, read /users', async () => {
    const rt = await requestToken('oob');
    await page.goto(rt.loginUrl);
    await page.fill('#activation-code', rt.key.toLowerCase());
    await page.click('#continue');
    await page.fill('#login', 'bob');
    await page.fill('#password', 'wrong-password');
    await page.click('#allow');
    expect(await page.locator('#error').textContent()).toContain('do not match');
    await page.fill('#password', 'bob-password');
    await page.click('#allow');
    const verifier = (await page.locator('#verifier').textContent())!.trim();
    expect(verifier).toMatch(/^\d{6}$/);
    expect(await exchangeAndReadUsers(rt, verifier)).toBe(`${sim.url}/users/${BOB.guid}`);
  });

  it('Deny from the old address: redirected to the page, then to the callback with denied=<token>; no exchange', async () => {
    const rt = await requestToken(`${callbackUrl}/oauth-done`);
    await page.goto(`${sim.url}/oauth/authorize?oauth_token=${rt.key}`);
    expect(new URL(page.url()).pathname).toBe('/oauth/login');
    await page.click('#deny');
    await page.locator('#client-done').waitFor();
    expect(callbacks[0]!.searchParams.get('denied')).toBe(rt.key);
    expect(callbacks[0]!.searchParams.has('oauth_verifier')).toBe(false);
    const at = await client('POST', '/oauth/access_token', rt, { oauth_verifier: '000000' });
    expect(at.status).toBe(401);
  });
});
