import type { Server } from 'node:http';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { simControls } from '../src/admin/controls.js';
import { DEFAULT_CONFIG, type Config } from '../src/config.js';
import { createWorld, simulatorServerOf } from '../src/index.js';
import { CONSUMER, OTHER_CONSUMER, signed, type Credentials } from './support/signing.js';
import { testWorld } from './support/world.js';
import { parseXml, str } from './support/xml.js';

const SEARCH = '/catalog/title?term=zzyzx';
const search = (app: Server, consumer: Credentials = CONSUMER) => signed(app, 'GET', SEARCH, { consumer });
const addFault = (app: Server, body: Record<string, unknown>) => request(app).post('/__admin/faults').send(body);
const reasonOf = (text: string) => str(parseXml(text), '/error/reason');

describe('fault: error answer', () => {
  it('answers the next N matching requests with the status, a real-looking <error> and gateway headers', async () => {
    const { app } = testWorld();
    const added = await addFault(app, { route: '/catalog/title', method: 'GET', kind: 'error', status: 503, times: 2 });
    expect(added.status).toBe(201);
    expect(added.body.fault).toMatchObject({ id: 1, route: '/catalog/title', method: 'GET', remaining: 2, action: { kind: 'error', status: 503 } });

    const first = await search(app);
    expect(first.status).toBe(503);
    expect(first.headers['content-type']).toBe('application/xml;charset=UTF-8');
    expect(first.headers['x-mashery-error-code']).toBe('ERR_503_SERVICE_UNAVAILABLE');
    expect(reasonOf(first.text)).toBe('Service Unavailable');
    expect(str(parseXml(first.text), '/error/details')).toContain('retry');
    expect((await search(app)).status).toBe(503);
    expect((await search(app)).status).toBe(200);
    expect((await request(app).get('/__admin/faults')).body.faults[0]).toMatchObject({ matched: 2, fired: 2, remaining: 0 });
  });

  it('takes a reason and details of the tester’s choosing', async () => {
    const { app } = testWorld();
    await addFault(app, { route: '/catalog/*', kind: 'error', status: 500, reason: 'Internal Server Error', details: 'database on fire' });
    const res = await search(app);
    expect(res.status).toBe(500);
    expect(str(parseXml(res.text), '/error/details')).toBe('database on fire');
  });

  it('is scoped to a consumer when one is named', async () => {
    const { app } = testWorld();
    await addFault(app, { route: '*', kind: 'error', status: 502, consumer: OTHER_CONSUMER.key });
    expect((await search(app, CONSUMER)).status).toBe(200);
    expect((await search(app, OTHER_CONSUMER)).status).toBe(502);
  });

  it('with a seeded probability, the same requests fail in every run', async () => {
    const run = async () => {
      const { app } = testWorld();
      await addFault(app, { route: '/catalog/title', kind: 'error', status: 503, probability: 0.5, seed: 42 });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await search(app)).status);
      return statuses;
    };
    const first = await run();
    expect(await run()).toEqual(first);
    expect(first).toContain(200);
    expect(first).toContain(503);
  });
});

describe('fault: rate limit', () => {
  it('answers 403 Account Over Queries Per Second Limit with Retry-After', async () => {
    const { app } = testWorld();
    await addFault(app, { route: '/catalog/title', kind: 'rate-limit', retryAfter: 5, times: 1 });
    const res = await search(app);
    expect(res.status).toBe(403);
    expect(reasonOf(res.text)).toBe('Account Over Queries Per Second Limit');
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers['x-mashery-error-code']).toBe('ERR_403_DEVELOPER_OVER_QPS');
  });
});

describe('fault: dropped connection', () => {
  it('closes the connection without an answer, once', async () => {
    const { app } = testWorld();
    await addFault(app, { route: '/catalog/title', method: 'GET', kind: 'drop', times: 1 });
    await expect(search(app)).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect((await search(app)).status).toBe(200);
  });
});

describe('fault: latency', () => {
  it('delays and then answers normally; the journal names the fault', async () => {
    const { app } = testWorld();
    const { body } = await addFault(app, { route: '/catalog/title', kind: 'latency', ms: 20, maxMs: 40, seed: 3, times: 1 });
    const res = await search(app);
    expect(res.status).toBe(200);
    expect((await request(app).get('/__admin/faults')).body.faults[0]).toMatchObject({ fired: 1, remaining: 0 });
    const journal = await request(app).get('/__admin/journal?path=/catalog/title');
    expect(journal.body.entries[0]).toMatchObject({ status: 200, faults: [body.fault.id] });
  });
});

describe('/__admin/faults', () => {
  it('never faults the admin API itself', async () => {
    const { app } = testWorld();
    await addFault(app, { route: '*', kind: 'error', status: 500 });
    expect((await request(app).get('/__admin/faults')).status).toBe(200);
  });

  it('removes one fault, clears them all, and a full reset clears them too', async () => {
    const { app } = testWorld();
    await addFault(app, { route: '*', kind: 'drop' });
    await addFault(app, { route: '*', kind: 'error', status: 500 });
    expect((await request(app).delete('/__admin/faults/1')).body).toEqual({ removed: 1 });
    expect((await request(app).delete('/__admin/faults/1')).status).toBe(404);
    expect((await request(app).get('/__admin/faults')).body.faults.map((f: { id: number }) => f.id)).toEqual([2]);
    expect((await request(app).delete('/__admin/faults')).body).toEqual({ cleared: 1 });
    await addFault(app, { route: '*', kind: 'drop' });
    await request(app).post('/__admin/reset');
    expect((await request(app).get('/__admin/faults')).body.faults).toEqual([]);
  });

  it.each([
    ['an unknown kind', { route: '*', kind: 'gremlins' }, 'kind'],
    ['a relative route', { route: 'catalog/title', kind: 'drop' }, 'route pattern'],
    ['an error without a status', { route: '*', kind: 'error' }, 'needs status'],
    ['a status that is not an error', { route: '*', kind: 'error', status: 200 }, 'status'],
    ['latency without ms', { route: '*', kind: 'latency' }, 'needs ms'],
    ['a range that runs backwards', { route: '*', kind: 'latency', ms: 50, maxMs: 10 }, 'maxMs'],
    ['a setting of another kind', { route: '*', kind: 'drop', status: 500 }, 'status does not apply'],
    ['a probability over 1', { route: '*', kind: 'drop', probability: 2 }, 'probability'],
    ['zero times', { route: '*', kind: 'drop', times: 0 }, 'times'],
    // Issue 24: a query was ignored without a word, and a fault's text had no bound.
    ['a query in the route', { route: '/catalog/title?term=alien', kind: 'drop' }, 'holds no query'],
    ['details past 4 KiB', { route: '*', kind: 'error', status: 503, details: 'x'.repeat(5000) }, 'over the 4096'],
    ['a reason past 4 KiB', { route: '*', kind: 'error', status: 503, reason: 'x'.repeat(5000) }, 'over the 4096'],
  ])('%s is a JSON 400 and adds nothing', async (_rule, body, says) => {
    const { app } = testWorld();
    const res = await addFault(app, body);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContain(says);
    expect((await request(app).get('/__admin/faults')).body.faults).toEqual([]);
  });
});

describe('how much the faults hold', () => {
  it('at most 1000: the next is a 409 that says how to make room, and the list still answers', async () => {
    const { app, world } = testWorld();
    const sim = simControls(world);
    const details = 'd'.repeat(3900);
    for (let i = 0; i < 1000; i++) sim.faults.add({ route: `/catalog/title/${i}`, kind: 'error', status: 503, details });
    const res = await addFault(app, { route: '*', kind: 'drop' });
    expect(res.status).toBe(409);
    expect(res.body.error.details).toContain('already holds 1000 faults');
    expect(res.body.error.details).toContain('DELETE /__admin/faults');
    const list = await request(app).get('/__admin/faults');
    expect([list.status, list.body.faults.length]).toEqual([200, 1000]);
    expect(Buffer.byteLength(list.text)).toBeLessThan(1000 * 4096);
    await request(app).delete('/__admin/faults/1');
    expect((await addFault(app, { route: '*', kind: 'drop' })).status).toBe(201);
  });
});

describe('the real rate limit (off by default)', () => {
  it('allows N requests per simulator day, then 403 Account Over Rate Limit until the clock passes midnight', async () => {
    const { app } = testWorld('default', { rateLimitPerDay: 2 });
    await request(app).put('/__admin/clock').send({ mode: 'frozen', at: '2030-01-01T18:00:00Z' });
    expect((await search(app)).status).toBe(200);
    expect((await search(app)).status).toBe(200);
    const over = await search(app);
    expect(over.status).toBe(403);
    expect(reasonOf(over.text)).toBe('Account Over Rate Limit');
    expect(over.headers['retry-after']).toBe(String(6 * 3600));
    expect((await search(app, OTHER_CONSUMER)).status).toBe(200);
    await request(app).post('/__admin/clock/advance').send({ by: '6h' });
    expect((await search(app)).status).toBe(200);
  });

  it('allows N requests per second, set at run time through PUT /__admin/rate-limit', async () => {
    const start = Date.now();
    const config: Config = { ...DEFAULT_CONFIG };
    const app = simulatorServerOf({ world: createWorld(config, () => start), config }); // real time stands still: one second
    expect((await request(app).get('/__admin/rate-limit')).body).toEqual({ perSecond: 0, perDay: 0 });
    expect((await request(app).put('/__admin/rate-limit').send({ perSecond: 1 })).body).toEqual({ perSecond: 1, perDay: 0 });
    expect((await search(app)).status).toBe(200);
    const over = await search(app);
    expect(over.status).toBe(403);
    expect(reasonOf(over.text)).toBe('Account Over Queries Per Second Limit');
    expect(over.headers['retry-after']).toBe('1');
    expect(str(parseXml(over.text), '/error/details')).toContain('1 requests per second');
  });

  it('does not count keys it does not know: they still get 401 Invalid Consumer Key', async () => {
    const { app } = testWorld('default', { rateLimitPerDay: 1 });
    const stranger = { key: 'nobody', secret: 'x' };
    expect(reasonOf((await search(app, stranger)).text)).toBe('Invalid Consumer Key');
    expect(reasonOf((await search(app, stranger)).text)).toBe('Invalid Consumer Key');
  });

  it('a bad limit is a JSON 400', async () => {
    const { app } = testWorld();
    const res = await request(app).put('/__admin/rate-limit').send({ perSecond: -1 });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContain('perSecond');
  });
});
