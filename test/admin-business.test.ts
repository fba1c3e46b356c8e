import type { Server } from 'node:http';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { BIZ_CONSUMER, DORA, businessScenarioDir } from './fixtures/business-scenario.js';
import { signed } from './support/signing.js';
import { COMING_SOON, freezeBefore, testWorld } from './support/world.js';
import { nodes, parseXml, str } from './support/xml.js';

/** The business world, its clock before title 50's release so the queue's unreleased title stays unshipped. */
const world = () => {
  const w = testWorld('business', { scenarioDir: businessScenarioDir() });
  freezeBefore(w.world, COMING_SOON.release);
  return w;
};
const ship = (app: Server, extra: Record<string, unknown> = {}) =>
  request(app)
    .post('/__admin/business/ship')
    .send({ consumer: BIZ_CONSUMER.key, user: 'dora', ...extra });
const giveBack = (app: Server, title: unknown) => request(app).post('/__admin/business/return').send({ consumer: BIZ_CONSUMER.key, user: 'dora', title });

/** Title ids an API list shows, in order. */
async function idsAt(app: Server, path: string, item: string): Promise<number[]> {
  const res = await signed(app, 'GET', `/users/${DORA.guid}/${path}`, { consumer: BIZ_CONSUMER, token: DORA.token });
  expect(res.status, res.text).toBe(200);
  return nodes(parseXml(res.text), `//${item}/catalog_title/id`).map((n) => Number(String(n.textContent).replace(/.*\//, '')));
}

describe('POST /__admin/business/ship', () => {
  it('fills the allocations from the top available items, skipping unavailable and quarantined titles', async () => {
    const { app } = world();
    await request(app).put('/__admin/clock').send({ mode: 'frozen', at: '2030-03-04T10:00:00Z' });
    const res = await ship(app);
    expect(res.status).toBe(200);
    expect(res.body.shipped).toEqual([
      { title: 30, queue: 'Films', priority: 2, shipped: '2030-03-04' },
      { title: 20, queue: 'Films', priority: 2, shipped: '2030-03-04' },
      { title: 11, queue: 'TV', priority: 2, shipped: '2030-03-04' },
    ]);
    // Queue, at_home and rented agree afterwards.
    expect(await idsAt(app, 'at_home', 'at_home_item')).toEqual(expect.arrayContaining([30, 20, 11]));
    expect((await idsAt(app, 'rented', 'rented_item')).sort()).toEqual([11, 20, 30]);
    expect(await idsAt(app, 'queues/every', 'queue_item')).toEqual([50, 40, 10, 1]);
    expect(res.body).toMatchObject({ atHome: expect.arrayContaining([30, 20, 11]), queued: [50, 40, 10, 1] });
  });

  it('ships nothing more while the allocations are full; a count sends more anyway', async () => {
    const { app } = world();
    await ship(app);
    expect((await ship(app)).body.shipped).toEqual([]);
    const more = await ship(app, { count: 2 });
    expect(more.body.shipped.map((s: { title: number }) => s.title)).toEqual([1, 12]);
    expect(more.body.queued).toEqual([50, 40, 10]);
  });

  it('a multi-disc title leaves the queue with its last disc', async () => {
    const { app } = world();
    for (let i = 0; i < 4; i++) await ship(app, { count: 5 });
    expect(await idsAt(app, 'queues/every', 'queue_item')).toEqual([50, 40]);
    expect((await idsAt(app, 'rented', 'rented_item')).sort((a, b) => a - b)).toEqual([1, 11, 12, 13, 14, 20, 30]);
  });

  it('acts on the named consumer’s sandbox only', async () => {
    const { app, world: w } = world();
    await ship(app);
    expect(w.sandbox('__other__').stores.rentals.atHome(DORA.guid)).toEqual([]);
  });
});

describe('POST /__admin/business/return', () => {
  it('brings a title home back: it stays in rented with returned, and leaves at_home', async () => {
    const { app } = world();
    await request(app).put('/__admin/clock').send({ mode: 'frozen', at: '2030-03-04T10:00:00Z' });
    await ship(app);
    await request(app).post('/__admin/clock/advance').send({ by: '3d' });
    const res = await giveBack(app, 30);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ returned: { title: 30, shipped: '2030-03-04', returned: '2030-03-07' } });
    expect(await idsAt(app, 'at_home', 'at_home_item')).not.toContain(30);
    const rented = await signed(app, 'GET', `/users/${DORA.guid}/rented`, { consumer: BIZ_CONSUMER, token: DORA.token });
    const item = nodes(parseXml(rented.text), '//rented_item').find((n) => str(n, 'catalog_title/id').endsWith('/30'))!;
    expect(str(item, 'returned')).toMatch(/^2030-03-07/);
  });

  it('takes a catalogue URI as well as an id', async () => {
    const { app } = world();
    await ship(app);
    expect((await giveBack(app, 'http://elsewhere.example/catalog/title/20')).body.returned.title).toBe(20);
  });

  it.each([
    ['a title not at home', 1, 404, 'at home: '],
    ['something that is not a title', 'thirty', 400, 'not a title id'],
  ])('%s is a JSON error that changes nothing', async (_rule, title, status, says) => {
    const { app } = world();
    await ship(app);
    const res = await giveBack(app, title);
    expect(res.status).toBe(status);
    expect(res.body.error.details).toContain(says);
    expect(await idsAt(app, 'at_home', 'at_home_item')).toHaveLength(3);
  });
});

describe('business events: bad input', () => {
  it.each([
    ['no user', { consumer: BIZ_CONSUMER.key }, 'user'],
    ['an unknown user', { consumer: BIZ_CONSUMER.key, user: 'zed' }, 'known logins: dora'],
    ['an unknown consumer', { consumer: 'nobody', user: 'dora' }, 'not a consumer'],
    ['a negative count', { consumer: BIZ_CONSUMER.key, user: 'dora', count: -1 }, 'count'],
  ])('%s is a JSON 400 and ships nothing', async (_rule, body, says) => {
    const { app, world: w } = world();
    const res = await request(app).post('/__admin/business/ship').send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContain(says);
    expect(w.sandbox(BIZ_CONSUMER.key).stores.rentals.atHome(DORA.guid)).toEqual([]);
  });
});
