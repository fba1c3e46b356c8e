import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type Config } from '../src/config.js';
import { createWorld, simulatorServerOf } from '../src/index.js';
import { CAROL, CONSUMER, OTHER_CONSUMER, signed, type Credentials } from './support/signing.js';
import { BASE, testWorld } from './support/world.js';
import { count, parseXml, str } from './support/xml.js';
import type { Server } from 'node:http';

const RATINGS = `/users/${CAROL.guid}/ratings/title`;

/** Carol rates a title through a consumer (carol's token works with every consumer of the scenario). */
const rate = (app: Server, consumer: Credentials, titleId: number) =>
  signed(app, 'POST', RATINGS, { consumer, token: CAROL.token, form: { title_ref: `${BASE}/catalog/title/${titleId}`, rating: '4' } });

/** The title ids carol has rated, as one consumer's sandbox sees them. */
async function ratedBy(app: Server, consumer: Credentials): Promise<string[]> {
  const res = await signed(app, 'GET', RATINGS, { consumer, token: CAROL.token });
  expect(res.status).toBe(200);
  const doc = parseXml(res.text);
  return Array.from({ length: count(doc, '//rating_item') }, (_, i) => str(doc, `(//rating_item)[${i + 1}]/catalog_title/id`).replace(/.*\//, ''));
}

const admin = (app: Server) => request(app);

describe('sandboxes: one world per consumer key', () => {
  it('two consumers writing at the same time never see each other', async () => {
    const { app } = testWorld();
    const [a, b] = await Promise.all([rate(app, CONSUMER, 30), rate(app, OTHER_CONSUMER, 31)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await ratedBy(app, CONSUMER)).toEqual(['30']);
    expect(await ratedBy(app, OTHER_CONSUMER)).toEqual(['31']);
  });

  it('POST /__admin/reset?consumer=KEY resets that sandbox and leaves the others alone', async () => {
    const { app } = testWorld();
    await rate(app, CONSUMER, 30);
    await rate(app, OTHER_CONSUMER, 31);
    const res = await admin(app).post(`/__admin/reset?consumer=${CONSUMER.key}`);
    expect(res.body).toEqual({ reset: CONSUMER.key, scenario: 'default' });
    expect(await ratedBy(app, CONSUMER)).toEqual([]);
    expect(await ratedBy(app, OTHER_CONSUMER)).toEqual(['31']);
  });

  it('GET /__admin/sandboxes lists each held sandbox, most recently used first', async () => {
    const { app } = testWorld();
    await rate(app, OTHER_CONSUMER, 31);
    await rate(app, CONSUMER, 30);
    const res = await admin(app).get('/__admin/sandboxes');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ scenario: 'default', max: 200, idleSeconds: 3600, evicted: 0, openMode: null });
    const keys = (res.body.sandboxes as Array<{ key: string }>).map((s) => s.key);
    expect(keys.indexOf(CONSUMER.key)).toBeLessThan(keys.indexOf(OTHER_CONSUMER.key));
    expect(res.body.sandboxes.find((s: { key: string }) => s.key === CONSUMER.key)).toMatchObject({ uses: 1, idleSeconds: 0 });
    expect(res.body.held).toBe(keys.length);
  });

  it('DELETE /__admin/sandboxes/:key drops one; an unknown key is a JSON 404', async () => {
    const { app } = testWorld();
    await rate(app, CONSUMER, 30);
    expect((await admin(app).delete(`/__admin/sandboxes/${CONSUMER.key}`)).body).toEqual({ dropped: CONSUMER.key });
    expect(await ratedBy(app, CONSUMER)).toEqual([]);
    const missing = await admin(app).delete('/__admin/sandboxes/nobody');
    expect(missing.status).toBe(404);
    expect(missing.body.error.details).toContain('GET /__admin/sandboxes');
  });
});

describe('sandboxes: eviction', () => {
  it('over the cap, the least recently used sandbox is dropped and starts afresh next time', async () => {
    // Signed requests never open the shared default sandbox, so the two consumers are the only ones held.
    const { app } = testWorld('default', { maxSandboxes: 1 });
    await rate(app, CONSUMER, 30);
    expect(await ratedBy(app, CONSUMER)).toEqual(['30']);
    await ratedBy(app, OTHER_CONSUMER); // a second sandbox: CONSUMER's is the least recently used
    const listed = await admin(app).get('/__admin/sandboxes');
    expect(listed.body.held).toBe(1);
    expect(listed.body.evicted).toBeGreaterThanOrEqual(1);
    expect(listed.body.sandboxes.map((s: { key: string }) => s.key)).not.toContain(CONSUMER.key);
    expect(await ratedBy(app, CONSUMER)).toEqual([]);
  });

  it('a sandbox idle past the limit is dropped; one in use is kept', async () => {
    let now = Date.now();
    const config: Config = { ...DEFAULT_CONFIG, sandboxIdleSeconds: 60 };
    const world = createWorld(config, () => now);
    const app = simulatorServerOf({ world, config });
    await rate(app, CONSUMER, 30);
    await rate(app, OTHER_CONSUMER, 31);
    now += 45_000;
    expect(await ratedBy(app, OTHER_CONSUMER)).toEqual(['31']); // used again: its idle time restarts
    now += 30_000; // CONSUMER idle 75 s, OTHER_CONSUMER 30 s
    expect(await ratedBy(app, CONSUMER)).toEqual([]);
    expect(await ratedBy(app, OTHER_CONSUMER)).toEqual(['31']);
    expect((await admin(app).get('/__admin/sandboxes')).body.evicted).toBe(1);
  });
});

describe('sandboxes: open mode for shared CI servers', () => {
  const open = (): Server => testWorld('default', { openPrefix: 'ci-', openSecret: 'ci-shared-secret' }).app;
  const ci = (key: string): Credentials => ({ key, secret: 'ci-shared-secret' });

  it('any key with the prefix signs with the shared secret and gets its own fresh sandbox', async () => {
    const app = open();
    expect((await rate(app, ci('ci-run-1'), 30)).status).toBe(201);
    expect(await ratedBy(app, ci('ci-run-1'))).toEqual(['30']);
    expect(await ratedBy(app, ci('ci-run-2'))).toEqual([]);
    const listed = await admin(app).get('/__admin/sandboxes');
    expect(listed.body.openMode).toBe('ci-');
    expect(listed.body.sandboxes.map((s: { key: string }) => s.key)).toEqual(expect.arrayContaining(['ci-run-1', 'ci-run-2']));
  });

  it('a wrong secret is an invalid signature, and a key without the prefix is unknown', async () => {
    const app = open();
    const wrong = await signed(app, 'GET', '/catalog/title?term=zzyzx', { consumer: { key: 'ci-run-1', secret: 'guess' } });
    expect(wrong.status).toBe(401);
    expect(str(parseXml(wrong.text), '/error/reason')).toBe('Invalid Signature');
    const unknown = await signed(app, 'GET', '/catalog/title?term=zzyzx', { consumer: { key: 'cx-run-1', secret: 'ci-shared-secret' } });
    expect(str(parseXml(unknown.text), '/error/reason')).toBe('Invalid Consumer Key');
    const bare = await signed(app, 'GET', '/catalog/title?term=zzyzx', { consumer: ci('ci-') });
    expect(str(parseXml(bare.text), '/error/reason')).toBe('Invalid Consumer Key');
  });

  it('without open mode, prefixed keys are not consumers', async () => {
    const res = await signed(testWorld().app, 'GET', '/catalog/title?term=zzyzx', { consumer: ci('ci-run-1') });
    expect(str(parseXml(res.text), '/error/reason')).toBe('Invalid Consumer Key');
  });
});
