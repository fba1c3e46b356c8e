import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALICE, BOB } from './support/signing.js';
import { BASE, testWorld } from './support/world.js';
import { nodes, parseXml, str } from './support/xml.js';
import {
  as,
  BOBS_QUEUE,
  discPath,
  everyQueue,
  FILMS,
  getDoc,
  itemPath,
  LATER,
  queueCounts,
  queuesPath,
  SCHEMA,
  titleRef,
  writeAnswer,
} from './queue-helpers.js';

const every = `${queuesPath()}/every`;
const bobEvery = `${queuesPath(BOB)}/every`;
/** Generated DVD titles bob does not hold (alice holds none of 10362, 10368, 10376, 10382 either). */
const FREE = [10376, 10382];

describe('POST /users/{guid}/queues/{queue_id}', () => {
  it('adds to the default sub-queue through the every-queue, priority 2, after the other priority-2 titles', async () => {
    const { app } = testWorld();
    const res = await as(app, 'POST', every, { title_refs: titleRef(10376) });
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toBe('application/xml;charset=UTF-8');
    const { doc, created, failed } = writeAnswer(res.text);
    expect(doc.documentElement?.nodeName).toBe('response');
    expect(created).toEqual([`${BASE}${itemPath(10376)}`]);
    expect(str(doc, '/response/resources_created/link/@rel')).toBe(`${SCHEMA}/queue_item`);
    expect(str(doc, '/response/resources_created/link/@title')).not.toBe('');
    expect(failed).toEqual([]);
    expect(nodes(doc, '/response/failed_title_refs')).toHaveLength(1);
    const items = await everyQueue(app);
    const added = items.findIndex((i) => i.titleId === 10376);
    expect(items[added]).toEqual({ titleId: 10376, priority: 2, queueId: FILMS, discs: [] });
    expect(items[added + 1]?.priority).toBe(3);
    expect(await queueCounts(app)).toEqual({ Films: 23, Later: 11 });
  });

  it('adds to the sub-queue named in the path, with the priority asked', async () => {
    const { app } = testWorld();
    const res = await as(app, 'POST', `${queuesPath()}/${LATER}`, { title_refs: titleRef(10376), priority: '1' });
    expect(res.status).toBe(201);
    const items = await everyQueue(app);
    // Priority 1 titles keep the order they were added: the new one is the last of them.
    expect(items.slice(0, 5).map((i) => i.titleId)).toEqual([10, 30, 62, 43, 10376]);
    expect(items[4]).toMatchObject({ priority: 1, queueId: LATER });
  });

  it('adds several titles in the order sent', async () => {
    const { app } = testWorld();
    const res = await as(app, 'POST', bobEvery, { title_refs: FREE.map((id) => titleRef(id)).join(','), priority: '3' }, BOB);
    expect(writeAnswer(res.text).created).toEqual(FREE.map((id) => `${BASE}${itemPath(id, BOB)}`));
    expect((await everyQueue(app, BOB)).slice(-2).map((i) => i.titleId)).toEqual(FREE);
  });

  it('brings every disc of a multi-disc title, shipped in order', async () => {
    const { app } = testWorld();
    const res = await as(app, 'POST', bobEvery, { title_refs: titleRef(10) }, BOB);
    expect(res.status).toBe(201);
    const doc = await getDoc(app, `${bobEvery}?title_refs=${encodeURIComponent(titleRef(10))}`, BOB);
    expect(str(doc, '/queue/queue_item/shipped_in_order')).toBe('true');
    expect(nodes(doc, '/queue/queue_item/queue_disc/id').map((n) => n.textContent)).toEqual([11, 12, 13, 14].map((id) => `${BASE}${discPath(id, BOB)}`));
  });

  it('lists every ref it could not add with the reason, and still adds the others', async () => {
    const { app } = testWorld();
    const sent = [
      titleRef(10368, 'http://openapi.lovefilm.com'), // added, whatever the host
      'not-a-uri',
      titleRef(999_999),
      titleRef(11), // a disc of Firefly
      titleRef(30), // already queued
      titleRef(51), // can_rent false
      titleRef(10361), // the scenario marks it to fail
      titleRef(10368), // repeated in the same request
    ];
    const res = await as(app, 'POST', every, { title_refs: sent.join(',') });
    expect(res.status).toBe(201);
    const { created, failed } = writeAnswer(res.text);
    expect(created).toEqual([`${BASE}${itemPath(10368)}`]);
    expect(failed.map((f) => f.ref)).toEqual(sent.slice(1));
    const reasons = failed.map((f) => f.why);
    expect(reasons[0]).toContain('not a title reference');
    expect(reasons[1]).toContain('no title 999999');
    expect(reasons[2]).toContain('disc of title 10');
    expect(reasons[3]).toContain('already in a queue');
    expect(reasons[4]).toContain('cannot be rented');
    expect(reasons[5]).toContain('scenario marks it to fail');
    expect(reasons[6]).toContain('already in a queue');
    expect(nodes(parseXml(res.text), '/response/failed_title_refs/link/@rel').every((a) => a.nodeValue === `${SCHEMA}/failed_title_ref`)).toBe(true);
  });

  it('refuses titles past the queue cap of the scenario (settings.queue_cap)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rentalsim-cap-'));
    writeFileSync(
      join(dir, 'small-queue.yaml'),
      [
        'name: small-queue',
        'description: a queue cap of 2',
        'catalog: { seed: 42, titles: 2000, people: 1500, curated: true }',
        'settings: { queue_cap: 2 }',
        'consumers: [{ key: test-consumer-key, secret: test-consumer-secret }]',
        'users:',
        `  - { guid: ${ALICE.guid}, login: alice, password: p, first_name: A, last_name: B,`,
        '      access_tokens: [{ token: alice-access-token, secret: alice-access-secret }],',
        '      queues: [{ name: Q, default: true, items: [{ title: 30 }] }] }',
      ].join('\n'),
    );
    const { app } = testWorld('small-queue', { scenarioDir: dir });
    const res = await as(app, 'POST', every, { title_refs: [titleRef(10362), titleRef(10368)].join(',') });
    const { created, failed } = writeAnswer(res.text);
    expect(created).toEqual([`${BASE}${itemPath(10362)}`]);
    expect(failed).toEqual([{ ref: titleRef(10368), why: 'the queue is full: at most 2 titles across all sub-queues; remove one first' }]);
  });

  it('takes its parameters from the query string too, with an empty body', async () => {
    const { app } = testWorld();
    const res = await as(app, 'POST', `${every}?title_refs=${encodeURIComponent(titleRef(10376))}&priority=3`);
    expect(res.status).toBe(201);
    expect((await everyQueue(app)).find((i) => i.titleId === 10376)?.priority).toBe(3);
  });

  it.each([
    ['no title_refs', {}, 'Missing Required Parameter'],
    ['blank title_refs', { title_refs: ' , ' }, 'Missing Required Parameter'],
    ['priority 0', { title_refs: titleRef(10376), priority: '0' }, 'Invalid Parameter'],
    ['priority 4', { title_refs: titleRef(10376), priority: '4' }, 'Invalid Parameter'],
    ['priority high', { title_refs: titleRef(10376), priority: 'high' }, 'Invalid Parameter'],
  ])('answers 400 to %s and adds nothing', async (_case, form, reason) => {
    const { app } = testWorld();
    const before = await everyQueue(app);
    const res = await as(app, 'POST', every, form as Record<string, string>);
    expect(res.status).toBe(400);
    expect(str(parseXml(res.text), '/error/reason')).toBe(reason);
    expect(await everyQueue(app)).toEqual(before);
  });

  it.each([['9999'], [String(BOBS_QUEUE)]])('answers 404 to sub-queue %s and adds nothing', async (id) => {
    const { app } = testWorld();
    const res = await as(app, 'POST', `${queuesPath()}/${id}`, { title_refs: titleRef(10376) });
    expect(res.status).toBe(404);
    expect(await queueCounts(app)).toEqual({ Films: 22, Later: 11 });
  });

  it("refuses to add to another user's queue with 403", async () => {
    const { app } = testWorld();
    const res = await as(app, 'POST', bobEvery, { title_refs: titleRef(10376) });
    expect(res.status).toBe(403);
    expect((await everyQueue(app, BOB)).map((i) => i.titleId)).not.toContain(10376);
  });
});

describe('PUT /users/{guid}/queues/item/{id}', () => {
  it('changes the priority and keeps the time the title was added', async () => {
    const { app } = testWorld();
    const res = await as(app, 'PUT', itemPath(31), { priority: '1' });
    expect(res.status).toBe(200);
    const doc = parseXml(res.text);
    expect(str(doc, '/status/status_code')).toBe('200');
    expect(str(doc, '/status/message')).toContain('priority 1');
    // 31 was added right after 10 and 30: it now sits between them and 62 among the priority-1 titles.
    expect((await everyQueue(app)).slice(0, 5).map((i) => i.titleId)).toEqual([10, 30, 31, 62, 43]);
  });

  it('moves a title to another sub-queue by queue_ref, keeping its priority and place in time', async () => {
    const { app } = testWorld();
    const before = await everyQueue(app);
    const res = await as(app, 'PUT', itemPath(91), { queue_ref: `${BASE}${queuesPath()}/${LATER}` });
    expect(res.status).toBe(200);
    const after = await everyQueue(app);
    expect(after.map((i) => i.titleId)).toEqual(before.map((i) => i.titleId));
    expect(after.find((i) => i.titleId === 91)).toMatchObject({ queueId: LATER, priority: 2 });
    expect(await queueCounts(app)).toEqual({ Films: 21, Later: 12 });
  });

  it('the every-queue as queue_ref means the default sub-queue; a ref on another host works', async () => {
    const { app } = testWorld();
    const res = await as(app, 'PUT', itemPath(41), { queue_ref: `http://openapi.lovefilm.com${queuesPath()}/every`, priority: '3' });
    expect(res.status).toBe(200);
    expect((await everyQueue(app)).find((i) => i.titleId === 41)).toMatchObject({ queueId: FILMS, priority: 3 });
  });

  it('moves a multi-disc title with all its discs', async () => {
    const { app } = testWorld();
    await as(app, 'PUT', itemPath(10), { queue_ref: `${BASE}${queuesPath()}/${LATER}` });
    expect((await everyQueue(app)).find((i) => i.titleId === 10)).toEqual({ titleId: 10, priority: 1, queueId: LATER, discs: [11, 12, 13, 14] });
  });

  it('takes priority in the query string with no body, as one shipped client sends it', async () => {
    const { app } = testWorld();
    const res = await as(app, 'PUT', `${itemPath(92)}?priority=1`);
    expect(res.status).toBe(200);
    expect((await everyQueue(app)).find((i) => i.titleId === 92)?.priority).toBe(1);
  });

  it.each([
    ['neither priority nor queue_ref', {}, 400],
    ['priority 5', { priority: '5' }, 400],
    ['a good priority with an unknown sub-queue', { priority: '1', queue_ref: `${BASE}${queuesPath()}/9999` }, 400],
    ["bob's sub-queue", { queue_ref: `${BASE}${queuesPath(BOB)}/${BOBS_QUEUE}` }, 400],
    ['a queue_ref that is not a queue URI', { queue_ref: titleRef(10) }, 400],
  ])('answers %s with %i and changes nothing', async (_case, form, status) => {
    const { app } = testWorld();
    const before = await everyQueue(app);
    const res = await as(app, 'PUT', itemPath(91), form as Record<string, string>);
    expect(res.status).toBe(status);
    expect(parseXml(res.text).documentElement?.nodeName).toBe('error');
    expect(await everyQueue(app)).toEqual(before);
  });

  it('answers 404 to a title that is not queued, and to a disc id used as an item', async () => {
    const { app } = testWorld();
    const missing = await as(app, 'PUT', itemPath(10376), { priority: '1' });
    expect(missing.status).toBe(404);
    const disc = await as(app, 'PUT', itemPath(12), { priority: '1' });
    expect(disc.status).toBe(404);
    expect(str(parseXml(disc.text), '/error/details')).toContain('disc of the queued title 10');
  });
});

describe('DELETE /users/{guid}/queues/item/{id} and /queues/disc/{id}', () => {
  it('removes a title with all its discs', async () => {
    const { app } = testWorld();
    const res = await as(app, 'DELETE', itemPath(10));
    expect(res.status).toBe(200);
    expect(str(parseXml(res.text), '/status/status_code')).toBe('200');
    expect(str(parseXml(res.text), '/status/message')).toBe('title 10 and its 4 queued disc(s) removed from the queue');
    expect((await everyQueue(app)).map((i) => i.titleId)).not.toContain(10);
    expect((await as(app, 'DELETE', discPath(11))).status).toBe(404);
    expect(await queueCounts(app)).toEqual({ Films: 21, Later: 11 });
  });

  it('removes a single title, saying so without discs; a second DELETE of it is a 404', async () => {
    const { app } = testWorld();
    const res = await as(app, 'DELETE', itemPath(91));
    expect(res.status).toBe(200);
    expect(str(parseXml(res.text), '/status/message')).toBe('title 91 removed from the queue');
    expect((await as(app, 'DELETE', itemPath(91))).status).toBe(404);
  });

  it('removes one disc; the item stays with the others', async () => {
    const { app } = testWorld();
    const res = await as(app, 'DELETE', discPath(12));
    expect(res.status).toBe(200);
    expect((await everyQueue(app)).find((i) => i.titleId === 10)?.discs).toEqual([11, 13, 14]);
  });

  it('removing the last disc takes the item with it', async () => {
    const { app } = testWorld();
    for (const disc of [11, 12, 13]) expect((await as(app, 'DELETE', discPath(disc))).status).toBe(200);
    const last = await as(app, 'DELETE', discPath(14));
    expect(str(parseXml(last.text), '/status/message')).toContain('last queued disc');
    expect((await everyQueue(app)).map((i) => i.titleId)).not.toContain(10);
  });

  it('a title removed and added again goes to the end of its priority', async () => {
    const { app } = testWorld();
    await as(app, 'DELETE', itemPath(30));
    await as(app, 'POST', every, { title_refs: titleRef(30), priority: '1' });
    expect((await everyQueue(app)).slice(0, 4).map((i) => i.titleId)).toEqual([10, 62, 43, 30]);
  });

  it.each([
    ['an item not queued', itemPath(10376)],
    ['a non-numeric item', itemPath(Number.NaN)],
    ['a disc not queued', discPath(10330)],
    ['a title id used as a disc', discPath(30)],
  ])('answers 404 to %s and removes nothing', async (_case, path) => {
    const { app } = testWorld();
    const before = await everyQueue(app);
    const res = await as(app, 'DELETE', path);
    expect(res.status).toBe(404);
    expect(await everyQueue(app)).toEqual(before);
  });
});
