// A client project's test setup, written against the installed package only, as the README's "Using
// rentalsim as a library" shows it: start the simulator in this process, make a signed catalogue search
// with the default scenario's consumer (README "Test credentials"), use the test controls, reset, close.
// test/package/run.sh compiles it with a strict tsconfig (no skipLibCheck) and runs it.
import { strict as assert } from 'node:assert';
import { createHmac, randomBytes } from 'node:crypto';
import { startSimulator, type FaultBody, type Simulator } from 'rentalsim';

const consumer = { key: 'test-consumer-key', secret: 'test-consumer-secret' };

/** RFC 3986 encoding, as OAuth 1.0a signs with. */
const encode = (s: string): string => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A two-legged HMAC-SHA1 Authorization header for a GET (the consumer alone, no token). */
function authorization(url: URL): string {
  const oauth: Record<string, string> = {
    oauth_consumer_key: consumer.key,
    oauth_nonce: randomBytes(12).toString('hex'),
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(Math.floor(Date.now() / 1000)),
    oauth_version: '1.0',
  };
  // Sorted by encoded name, then encoded value (RFC 5849 3.4.1.3.2).
  const pairs = [...url.searchParams, ...Object.entries(oauth)]
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`);
  const base = ['GET', encode(`${url.origin}${url.pathname}`), encode(pairs.join('&'))].join('&');
  oauth['oauth_signature'] = createHmac('sha1', `${encode(consumer.secret)}&`)
    .update(base)
    .digest('base64');
  return `OAuth ${Object.entries(oauth)
    .map(([k, v]) => `${encode(k)}="${encode(v)}"`)
    .join(', ')}`;
}

async function search(sim: Simulator, term: string): Promise<{ status: number; body: string }> {
  const url = new URL(`${sim.url}/catalog/title?term=${encodeURIComponent(term)}`);
  const res = await fetch(url, { headers: { Authorization: authorization(url) } });
  return { status: res.status, body: await res.text() };
}

const sim = await startSimulator({ port: 0, scenario: 'default' });
try {
  const found = await search(sim, 'zzyzx');
  assert.equal(found.status, 200, found.body);
  console.log(found.body);

  const outage: FaultBody = { route: '/catalog/*', kind: 'error', status: 503, times: 1 };
  sim.faults.add(outage);
  assert.equal((await search(sim, 'zzyzx')).status, 503);
  assert.equal(sim.journal.count({ path: '/catalog/title' }), 2);

  sim.reset();
  assert.equal(sim.journal.count(), 0);
  assert.equal(sim.faults.list().length, 0);
  assert.equal((await search(sim, 'zzyzx')).status, 200);

  await sim.useScenario('empty-catalogue');
  assert.match((await search(sim, 'zzyzx')).body, /<total_results>0<\/total_results>/);
  console.log('consumer: search, faults, journal, reset and useScenario behave as documented');
} finally {
  await sim.close();
}
