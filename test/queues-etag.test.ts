import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { BOB, CONSUMER } from './support/signing.js';
import { freezeClock, testWorld } from './support/world.js';
import { parseXml, str } from './support/xml.js';
import { as, discPath, everyQueue, itemPath, LATER, queuesPath, titleRef } from './queue-helpers.js';

const every = `${queuesPath()}/every`;
const etagOf = async (app: Parameters<typeof as>[0], path = every, who?: Parameters<typeof as>[4]) => {
  const res = await as(app, 'GET', path, undefined, who);
  expect(res.status).toBe(200);
  return res.headers['etag'] as string;
};

describe('ETag on queue reads', () => {
  it('the queues list and every queue read carry the same quoted ETag', async () => {
    const { app } = testWorld();
    const tag = await etagOf(app);
    expect(tag).toMatch(/^"[0-9a-f]+"$/);
    expect(await etagOf(app, queuesPath())).toBe(tag);
    expect(await etagOf(app, `${queuesPath()}/${LATER}?items_per_page=3`)).toBe(tag);
  });

  it('If-None-Match with the current tag answers 304 without a body; a stale tag gets the queue', async () => {
    const { app } = testWorld();
    const tag = await etagOf(app);
    const cached = await as(app, 'GET', every).set('If-None-Match', tag);
    expect(cached.status).toBe(304);
    expect(cached.text ?? '').toBe('');
    expect(cached.headers['etag']).toBe(tag);
    const list = await as(app, 'GET', queuesPath()).set('If-None-Match', `W/${tag}`);
    expect(list.status).toBe(304);
    const stale = await as(app, 'GET', every).set('If-None-Match', '"0000000000000000"');
    expect(stale.status).toBe(200);
  });

  it('every kind of queue write changes the tag, and its answer carries the new one', async () => {
    const { app } = testWorld();
    const writes: Array<() => ReturnType<typeof as>> = [
      () => as(app, 'POST', every, { title_refs: titleRef(10376) }),
      () => as(app, 'PUT', itemPath(10376), { priority: '1' }),
      () => as(app, 'PUT', itemPath(10376), { queue_ref: `http://x${queuesPath()}/${LATER}` }),
      () => as(app, 'DELETE', discPath(13)),
      () => as(app, 'DELETE', itemPath(10376)),
    ];
    const seen = new Set([await etagOf(app)]);
    for (const write of writes) {
      const res = await write();
      expect(res.status).toBeLessThan(300);
      const now = await etagOf(app);
      expect(res.headers['etag']).toBe(now);
      expect(seen.has(now)).toBe(false);
      seen.add(now);
    }
  });

  it("another user's writes leave alice's tag alone", async () => {
    const { app } = testWorld();
    const tag = await etagOf(app);
    await as(app, 'POST', `${queuesPath(BOB)}/every`, { title_refs: titleRef(10376) }, BOB);
    expect(await etagOf(app)).toBe(tag);
  });

  it('a change undone gives the old tag back (the tag names the state, not the history)', async () => {
    const { app } = testWorld();
    const tag = await etagOf(app);
    expect((await as(app, 'PUT', itemPath(91), { priority: '1' })).status).toBe(200);
    expect(await etagOf(app)).not.toBe(tag);
    expect((await as(app, 'PUT', itemPath(91), { priority: '2' })).status).toBe(200);
    expect(await etagOf(app)).toBe(tag);
  });

  it('an admin ship event that takes a title or a disc from the queue changes the tag', async () => {
    const { app } = testWorld();
    for (let shipped = 0; shipped < 3; shipped++) {
      const tag = await etagOf(app);
      const res = await request(app).post('/__admin/business/ship').send({ consumer: CONSUMER.key, user: 'alice', count: 1 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.shipped).toHaveLength(1);
      expect(await etagOf(app)).not.toBe(tag);
    }
  });

  it('a state exported and loaded back has the same tags, whatever writes led to it', async () => {
    const { app } = testWorld();
    // A removed disc leaves a gap in its title's disc positions until closed; loading numbers them afresh.
    const writes = [
      await as(app, 'POST', every, { title_refs: titleRef(10376), priority: '1' }),
      await as(app, 'PUT', itemPath(10376), { queue_ref: `http://x${queuesPath()}/${LATER}` }),
      await as(app, 'DELETE', discPath(12)),
      await as(app, 'DELETE', itemPath(91)),
      await request(app).post('/__admin/business/ship').send({ consumer: CONSUMER.key, user: 'alice', count: 2 }),
    ];
    for (const res of writes) expect(res.status, res.text).toBeLessThan(300);
    const tags = async () => [await etagOf(app), await etagOf(app, `${queuesPath(BOB)}/every`, BOB)];
    const before = await tags();
    const exported = await request(app).get(`/__admin/export?consumer=${CONSUMER.key}`);
    expect(exported.status).toBe(200);
    expect((await request(app).post('/__admin/scenarios?use=true').type('application/yaml').send(exported.text)).status).toBe(201);
    expect(await tags()).toEqual(before);
  });

  it('moves with the simulator date, since availability does', async () => {
    const { app, world } = testWorld();
    freezeClock(world);
    const tag = await etagOf(app);
    world.clock.advance(86_400_000);
    expect(await etagOf(app)).not.toBe(tag);
  });
});

describe('If-Match on queue writes', () => {
  const STALE = '"0123456789abcdef"';
  const writes: Array<[string, 'POST' | 'PUT' | 'DELETE', string, Record<string, string> | undefined]> = [
    ['POST to the every-queue', 'POST', every, { title_refs: titleRef(10376) }],
    ['POST to a sub-queue', 'POST', `${queuesPath()}/${LATER}`, { title_refs: titleRef(10376) }],
    ['PUT on an item', 'PUT', itemPath(91), { priority: '1' }],
    ['DELETE of an item', 'DELETE', itemPath(91), undefined],
    ['DELETE of a disc', 'DELETE', discPath(12), undefined],
  ];

  it.each(writes)('%s with a stale tag answers 412 and changes nothing', async (_case, method, path, form) => {
    const { app } = testWorld();
    const before = await everyQueue(app);
    const tag = await etagOf(app);
    const res = await as(app, method, path, form).set('If-Match', STALE);
    expect(res.status).toBe(412);
    const doc = parseXml(res.text);
    expect(str(doc, '/error/reason')).toBe('Precondition Failed');
    expect(str(doc, '/error/details')).toContain('GET the queue again');
    expect(await everyQueue(app)).toEqual(before);
    expect(await etagOf(app)).toBe(tag);
  });

  it.each(writes)('%s with the current tag goes through', async (_case, method, path, form) => {
    const { app } = testWorld();
    const res = await as(app, method, path, form).set('If-Match', await etagOf(app));
    expect(res.status).toBeLessThan(300);
  });

  it.each([
    ['DELETE', itemPath(10376), undefined],
    ['PUT', itemPath(10376), { priority: '1' }],
  ] as const)('%s of a title not queued is a 404 even with a stale tag: the item is looked up first', async (method, path, form) => {
    const { app } = testWorld();
    const res = await as(app, method, path, form).set('If-Match', STALE);
    expect(res.status).toBe(404);
    expect(str(parseXml(res.text), '/error/details')).toContain('is not in the queue');
  });

  it('a tag read before another write is stale: the second of two clients gets 412', async () => {
    const { app } = testWorld();
    const tag = await etagOf(app);
    expect((await as(app, 'PUT', itemPath(91), { priority: '1' }).set('If-Match', tag)).status).toBe(200);
    expect((await as(app, 'PUT', itemPath(91), { priority: '3' }).set('If-Match', tag)).status).toBe(412);
    expect((await everyQueue(app)).find((i) => i.titleId === 91)?.priority).toBe(1);
  });

  it('If-Match: * always holds; a weak tag never does (strong comparison)', async () => {
    const { app } = testWorld();
    expect((await as(app, 'PUT', itemPath(91), { priority: '1' }).set('If-Match', '*')).status).toBe(200);
    const weak = `W/${await etagOf(app)}`;
    expect((await as(app, 'PUT', itemPath(91), { priority: '3' }).set('If-Match', weak)).status).toBe(412);
  });
});
