// rentalsim's image in a test, started with Testcontainers: a generic container on the host network, ready once
// the image's own health check (GET /__admin/health) passes, stopped by the test itself.
// Run it with TESTCONTAINERS_RYUK_DISABLED=true where Ryuk, Testcontainers' reaper, cannot be pulled.
import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import OAuth from 'oauth-1.0a';
import { GenericContainer, type StartedTestContainer, Wait } from 'testcontainers';
import { afterAll, beforeAll, expect, it } from 'vitest';

const image = process.env['RENTALSIM_IMAGE'] ?? 'rentalsim';
const oauth = new OAuth({
  consumer: { key: 'test-consumer-key', secret: 'test-consumer-secret' },
  signature_method: 'HMAC-SHA1',
  hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
});
const carol = { guid: 'C4A1F2E3-7B6D-4C5E-8F90-A1B2C3D4E5F6', token: { key: 'carol-access-token', secret: 'carol-access-secret' } };

let container: StartedTestContainer | undefined;
let base = '';

beforeAll(async () => {
  // On the host network nothing maps ports: the simulator listens on a free port of loopback itself.
  const port = await freePort();
  container = await new GenericContainer(image)
    .withNetworkMode('host')
    .withEnvironment({ HOST: '127.0.0.1', PORT: String(port) })
    .withWaitStrategy(Wait.forHealthCheck())
    .withStartupTimeout(60_000)
    .start();
  base = `http://127.0.0.1:${port}`;
}, 90_000);

afterAll(async () => {
  await container?.stop();
});

/** A request signed in the Authorization header: two-legged, or with a user's access token. */
function signed(method: 'GET' | 'POST', path: string, token?: OAuth.Token, form?: Record<string, string>): Promise<Response> {
  const url = base + path;
  const headers: Record<string, string> = { ...oauth.toHeader(oauth.authorize({ url, method, data: form }, token)) };
  if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
  return fetch(url, { method, headers, body: form && new URLSearchParams(form) });
}

it('answers a signed catalogue search', async () => {
  const res = await signed('GET', '/catalog/title?term=zzyzx');
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('<title full="Zzyzx" clean="Zzyzx"/>');
});

it("resets one consumer's sandbox: a title queued for carol is gone after the reset", async () => {
  const queue = `/users/${carol.guid}/queues/every`;
  const added = await signed('POST', queue, carol.token, { title_refs: `${base}/catalog/title/1` });
  expect(added.status).toBe(201);
  expect(await (await signed('GET', queue, carol.token)).text()).toContain('<total_results>1</total_results>');

  const reset = await fetch(`${base}/__admin/reset?consumer=test-consumer-key`, { method: 'POST' });
  expect(await reset.json()).toEqual({ reset: 'test-consumer-key', scenario: 'default' });
  expect(await (await signed('GET', queue, carol.token)).text()).toContain('<total_results>0</total_results>');
});

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  return port;
}
