import { execFile } from 'node:child_process';
import type { Server } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellQuote } from '../src/cli/signed-request.js';
import { signCommand } from '../src/cli/sign-command.js';
import { startSimulator, type Simulator } from '../src/index.js';
import { ALICE } from './support/signing.js';
import { BASE, HOST, testWorld } from './support/world.js';
import { count, parseXml, str } from './support/xml.js';

// `rentalsim sign` as a QA script uses it: what it prints is sent as it is, and the simulator must accept it.

const sign = (...args: string[]) => signCommand(args, {}).trim();
const queues = `/users/${ALICE.guid}/queues`;
const ref = (base: string, id: number) => `${base}/catalog/title/${id}`;

/** Sends a printed signed URL with the method it was signed for. */
function sendUrl(app: Server, method: string, signedUrl: string): request.Test {
  const { pathname, search } = new URL(signedUrl);
  return request(app)
    [method.toLowerCase() as 'get'](pathname + search)
    .set('Host', HOST);
}

/** Sends a request to `path` with a printed `Authorization: ...` line and, for a POST or PUT, its form body. */
function sendWithHeader(app: Server, method: string, path: string, headerLine: string, form?: Record<string, string>): request.Test {
  const [name, value] = [headerLine.slice(0, headerLine.indexOf(':')), headerLine.slice(headerLine.indexOf(':') + 1).trim()];
  const call = request(app)[method.toLowerCase() as 'get'](path).set('Host', HOST).set(name, value);
  return form ? call.type('form').send(new URLSearchParams(form).toString()) : call;
}

describe('rentalsim sign, sent to the simulator', () => {
  it('a catalogue search signed with the consumer alone, as a signed URL, answers 200', async () => {
    const { app } = testWorld('default');
    const res = await sendUrl(app, 'GET', sign('GET', `${BASE}/catalog/title?term=zzyzx`));
    expect(res.status, res.text).toBe(200);
    expect(str(parseXml(res.text), '/search/catalog_title/title/@full')).toBe('Zzyzx');
  });

  it('a user resource signed with --token alice answers 200', async () => {
    const { app } = testWorld('default');
    const res = await sendUrl(app, 'GET', sign('--token', 'alice', 'GET', `${BASE}/users/${ALICE.guid}`));
    expect(res.status, res.text).toBe(200);
    expect(str(parseXml(res.text), '/user/first_name')).toBe('Alice');
  });

  it('the Authorization-header form answers 200, the parameters sent in the URL as signed', async () => {
    const { app } = testWorld('default');
    const header = sign('--header', '--token', 'alice', 'GET', `${BASE}${queues}/every?items_per_page=2`);
    const res = await sendWithHeader(app, 'GET', `${queues}/every?items_per_page=2`, header);
    expect(res.status, res.text).toBe(200);
    expect(count(parseXml(res.text), '/queue/queue_item')).toBe(2);
  });

  it('a POST with form parameters answers 201, with the added title and the failed one', async () => {
    const { app } = testWorld('default');
    const form = { title_refs: `${ref(BASE, 10376)},${ref(BASE, 10361)}`, priority: '1' };
    const header = sign('--header', '--token', 'alice', 'POST', `${BASE}${queues}/every`, ...Object.entries(form).map(([n, v]) => `${n}=${v}`));
    const res = await sendWithHeader(app, 'POST', `${queues}/every`, header, form);
    expect(res.status, res.text).toBe(201);
    const doc = parseXml(res.text);
    expect(count(doc, '/response/resources_created/link')).toBe(1);
    expect(str(doc, '/response/failed_title_refs/link/@href')).toBe(ref(BASE, 10361));
  });

  it('a PUT with a form parameter answers 200', async () => {
    const { app } = testWorld('default');
    const path = `/users/${ALICE.guid}/ratings/title/10002`;
    const header = sign('--header', '--token', 'alice', 'PUT', `${BASE}${path}`, 'rating=2.5');
    expect((await sendWithHeader(app, 'PUT', path, header, { rating: '2.5' })).status).toBe(200);
    const after = await sendUrl(app, 'GET', sign('--token', 'alice', 'GET', `${BASE}${path}`));
    expect(str(parseXml(after.text), '/rating_item/rating')).toBe('2.5');
  });

  it('a POST printed with --url carries its parameters in the query and answers 201', async () => {
    const { app } = testWorld('default');
    const res = await sendUrl(app, 'POST', sign('--url', '--token', 'alice', 'POST', `${BASE}/users/${ALICE.guid}/lists`, "name=Alice's picks & more"));
    expect(res.status, res.text).toBe(201);
  });

  it('a DELETE as a signed URL answers 200', async () => {
    const { app } = testWorld('default');
    expect((await sendUrl(app, 'DELETE', sign('--token', 'alice', 'DELETE', `${BASE}${queues}/item/10`))).status).toBe(200);
  });

  it('a signed URL changed after signing answers 401 Invalid Signature (the signature covers the parameters)', async () => {
    const { app } = testWorld('default');
    const res = await sendUrl(app, 'GET', sign('GET', `${BASE}/catalog/title?term=zzyzx`).replace('term=zzyzx', 'term=alien'));
    expect(res.status).toBe(401);
    expect(res.headers['x-mashery-error-code']).toBe('ERR_401_INVALID_SIGNATURE');
  });
});

/** Runs a command line with bash; no proxy settings reach curl. */
function runBash(command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('bash', ['-c', command], { env: { PATH: process.env['PATH'] }, timeout: 15_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${error.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

/** Runs a printed curl command with the HTTP status asked on a last line. */
async function bash(command: string): Promise<{ status: number; body: string }> {
  const stdout = await runBash(`${command} -w '\\n%{http_code}'`);
  const end = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(end + 1)), body: stdout.slice(0, end) };
}

describe('rentalsim sign with credentials no scenario file holds (--secret, --token-secret)', () => {
  const CAROL_GUID = 'C4A1F2E3-7B6D-4C5E-8F90-A1B2C3D4E5F6';

  it('a token minted through the admin API signs with --token TOKEN --token-secret SECRET: 200', async () => {
    const { app } = testWorld('default');
    const minted = await request(app).post('/__admin/tokens').send({ consumer: 'test-consumer-key', user: 'carol' });
    expect(minted.status, minted.text).toBe(201);
    const url = sign('--token', minted.body.token, '--token-secret', minted.body.secret, 'GET', `${BASE}/users/${CAROL_GUID}`);
    const res = await sendUrl(app, 'GET', url);
    expect(res.status, res.text).toBe(200);
    expect(str(parseXml(res.text), '/user/first_name')).toBe('Carol');
  });

  it("an uploaded scenario's consumer signs with --consumer KEY --secret SECRET, and with its token too", async () => {
    const { app } = testWorld('default');
    const yaml = [
      'name: uploaded-team',
      'description: a team upload',
      'catalog: { seed: 42, titles: 2000, people: 1500, curated: true }',
      'consumers: [{ key: up-key, secret: up-secret }]',
      'users: [{ guid: 0A0B0C0D-0000-4000-8000-000000000001, login: una, password: p, first_name: Una, last_name: U, location: L,',
      '          plan: dvd, access_tokens: [{ token: una-token, secret: una-secret }] }]',
    ].join('\n');
    const loaded = await request(app).post('/__admin/scenarios?use=true').type('application/yaml').send(yaml);
    expect(loaded.status, loaded.text).toBe(201);
    const search = await sendUrl(app, 'GET', sign('--consumer', 'up-key', '--secret', 'up-secret', 'GET', `${BASE}/catalog/title?term=zzyzx`));
    expect(search.status, search.text).toBe(200);
    const user = `${BASE}/users/0A0B0C0D-0000-4000-8000-000000000001`;
    const una = await sendUrl(
      app,
      'GET',
      sign('--consumer', 'up-key', '--secret', 'up-secret', '--token', 'una-token', '--token-secret', 'una-secret', 'GET', user),
    );
    expect(una.status, una.text).toBe(200);
    // --consumer-secret, the name decision 0061 documented, is the same option.
    const again = await sendUrl(app, 'GET', sign('--consumer', 'up-key', '--consumer-secret', 'up-secret', 'GET', `${BASE}/catalog/title?term=zzyzx`));
    expect(again.status, again.text).toBe(200);
  });

  it.each([
    [['--secret', 's'], /--secret needs --consumer KEY/],
    [['--token-secret', 's'], /--token-secret needs --token TOKEN/],
    [['--consumer', 'k', '--secret', 's', '--token', 'alice'], /give --token-secret too, or leave --token out/],
    [['--secret', 's', '--consumer-secret', 's', '--consumer', 'k'], /give --secret once/],
  ])('%j is refused with a line that says what to give', (args, message) => {
    expect(() => sign(...args, 'GET', `${BASE}/catalog/title`)).toThrow(message);
  });
});

describe('shell quoting, read back by bash', () => {
  it('every word comes back as it was', async () => {
    const words = [`it's`, `a "b" c`, '$HOME `id` $(id)', 'back\\slash', 'line\nbreak', '!x', '*', '~', '', 'a=b&c;d|e'];
    const out = await runBash(`printf '%s\\0' ${words.map(shellQuote).join(' ')}`);
    expect(out.split('\0').slice(0, -1)).toEqual(words);
  });
});

describe('the --curl command, run by bash against a simulator on loopback', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, host: '127.0.0.1', scenario: 'default' });
  });
  afterAll(() => sim.close());

  it('a search for a term with quotes, a space and an apostrophe answers 200', async () => {
    const res = await bash(sign('--curl', 'GET', `${sim.url}/catalog/title?term=it's a "test"`));
    expect(res.status, res.body).toBe(200);
    expect(str(parseXml(res.body), '/search/link[@rel="self"]/@href')).toContain('term=it%27s%20a%20%22test%22');
  });

  it('the README example: a POST of title refs that fail to add answers 201 with failed_title_refs', async () => {
    const res = await bash(sign('--token', 'alice', 'POST', `${sim.url}${queues}/every`, `title_refs=${ref(sim.url, 10)},${ref(sim.url, 10361)}`));
    expect(res.status, res.body).toBe(201);
    const doc = parseXml(res.body);
    expect(count(doc, '/response/resources_created/link')).toBe(0);
    expect(str(doc, '/response/failed_title_refs/link[1]/@title')).toBe('title 10 is already in a queue');
    expect(str(doc, '/response/failed_title_refs/link[2]/@title')).toBe('title 10361 cannot be added: the scenario marks it to fail (stock fail_add)');
  });
});
