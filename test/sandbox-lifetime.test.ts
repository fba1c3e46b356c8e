import Database from 'better-sqlite3';
import type { Server } from 'node:http';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Sandbox } from '../src/world/sandbox.js';
import type { World } from '../src/world/world.js';
import { CAROL, CONSUMER, OTHER_CONSUMER, signed, type Credentials } from './support/signing.js';
import { BASE, testWorld } from './support/world.js';
import { count, parseXml } from './support/xml.js';

const RATINGS = `/users/${CAROL.guid}/ratings/title`;

/** Carol rates a title through a consumer (carol's token works with every consumer of the scenario). */
const rate = (app: Server, consumer: Credentials, titleId: number) =>
  signed(app, 'POST', RATINGS, { consumer, token: CAROL.token, form: { title_ref: `${BASE}/catalog/title/${titleId}`, rating: '4' } });
const ratings = (app: Server, consumer: Credentials) => signed(app, 'GET', RATINGS, { consumer, token: CAROL.token });
const ratingCount = (text: string) => count(parseXml(text), '//rating_item');

/** The sandbox object a consumer key holds now (the test keeps it to look at after it is dropped). */
const boxOf = (world: World, key: string): Sandbox => world.heldSandboxes().find((b) => b.key === key)!;

describe('a dropped sandbox has its database closed', () => {
  it('over --max-sandboxes, the evicted one is closed once its request is done; the one held stays open', async () => {
    const { app, world } = testWorld('default', { maxSandboxes: 1 });
    expect((await rate(app, CONSUMER, 30)).status).toBe(201);
    const first = boxOf(world, CONSUMER.key);
    expect((await ratings(app, OTHER_CONSUMER)).status).toBe(200);
    expect(first.closed).toBe(true);
    expect(boxOf(world, OTHER_CONSUMER.key).closed).toBe(false);
    const again = await ratings(app, CONSUMER); // a fresh one, from the scenario
    expect(again.status).toBe(200);
    expect(ratingCount(again.text)).toBe(0);
  });

  it.each([
    ['POST /__admin/reset?consumer=KEY', (app: Server) => request(app).post(`/__admin/reset?consumer=${CONSUMER.key}`)],
    ['DELETE /__admin/sandboxes/KEY', (app: Server) => request(app).delete(`/__admin/sandboxes/${CONSUMER.key}`)],
    ['POST /__admin/reset', (app: Server) => request(app).post('/__admin/reset')],
    ['a scenario switch', (app: Server) => request(app).post('/__admin/scenarios/empty-catalogue')],
  ])('%s closes it', async (_how, drop) => {
    const { app, world } = testWorld();
    await rate(app, CONSUMER, 30);
    const box = boxOf(world, CONSUMER.key);
    expect((await drop(app)).status).toBe(200);
    expect(box.closed).toBe(true);
  });

  it('stopping the world closes every sandbox it holds', async () => {
    const { app, world } = testWorld();
    await rate(app, CONSUMER, 30);
    await rate(app, OTHER_CONSUMER, 30);
    const boxes = world.heldSandboxes();
    world.close();
    expect(boxes.map((b) => b.closed)).toEqual([true, true]);
  });
});

describe('a request in flight when its sandbox is dropped', () => {
  it('waiting behind an injected latency while its sandbox is reset, it answers from a fresh one', async () => {
    const { app, world } = testWorld();
    await rate(app, CONSUMER, 30);
    const old = boxOf(world, CONSUMER.key);
    const fault = await request(app)
      .post('/__admin/faults')
      .send({ route: RATINGS, method: 'GET', kind: 'latency', ms: 1500, consumer: CONSUMER.key, times: 1 });
    expect(fault.status).toBe(201);

    const waiting = ratings(app, CONSUMER).then((res) => res); // sent now, answered after the latency
    while ((await request(app).get('/__admin/faults')).body.faults[0].fired === 0) await new Promise((r) => setTimeout(r, 10));
    expect((await request(app).delete(`/__admin/sandboxes/${CONSUMER.key}`)).status).toBe(200);
    expect(old.closed).toBe(true);

    const res = await waiting;
    expect(res.status).toBe(200);
    expect(ratingCount(res.text)).toBe(0); // carol's rating went with the dropped sandbox
    expect(boxOf(world, CONSUMER.key).closed).toBe(false);
  });

  it('a request holds its sandbox only until it is answered: dropping it afterwards closes it at once', async () => {
    const { app, world } = testWorld();
    for (let i = 0; i < 3; i++) expect((await ratings(app, CONSUMER)).status).toBe(200);
    const box = boxOf(world, CONSUMER.key);
    world.reset(CONSUMER.key);
    expect(box.closed).toBe(true);
  });
});

describe('a sandbox prepares only the statements its requests run', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("a new consumer key that rates one title prepares a handful of statements, not every store's", async () => {
    // Each prepared statement keeps native memory until the garbage collector reaches it, after the sandbox
    // is dropped and closed: thousands of open-mode keys, each preparing every store's statements, grew the
    // soak bench past its target (bench/results/soak.md).
    const prepared = new Map<unknown, number>();
    const prepare = Database.prototype.prepare;
    vi.spyOn(Database.prototype, 'prepare').mockImplementation(function (this: Database.Database, ...args: Parameters<typeof prepare>) {
      prepared.set(this, (prepared.get(this) ?? 0) + 1);
      return prepare.apply(this, args);
    });
    const { app, world } = testWorld();
    expect((await rate(app, CONSUMER, 30)).status).toBe(201);
    const box = boxOf(world, CONSUMER.key);
    expect(prepared.get(box.db) ?? 0).toBeGreaterThan(0);
    expect(prepared.get(box.db)).toBeLessThanOrEqual(12);
    // The same request again prepares nothing more.
    const before = prepared.get(box.db);
    expect((await rate(app, CONSUMER, 31)).status).toBe(201);
    expect((await ratings(app, CONSUMER)).status).toBe(200);
    const after = prepared.get(box.db)!;
    await rate(app, CONSUMER, 32);
    expect(prepared.get(box.db)).toBe(after);
    expect(after).toBeGreaterThanOrEqual(before!);
  });
});
