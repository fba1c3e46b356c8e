import type { Server } from 'node:http';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ALICE, BOB, CAROL, CONSUMER, signed, type Credentials } from './support/signing.js';
import { BASE, testWorld } from './support/world.js';
import { yamlValue } from '../src/scenarios/yaml-value.js';

const title = (id: number) => `${BASE}/catalog/title/${id}`;

/** Every answer a client could read about the users, to compare before the export and after loading it. */
async function answers(app: Server, token: Credentials & { guid: string }): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const path of ['ratings/title', 'reviews', 'queues', 'queues/every', 'rented', 'at_home', 'lists']) {
    const res = await signed(app, 'GET', `/users/${token.guid}/${path}`, { token });
    expect(res.status, `${path}: ${res.text}`).toBe(200);
    out[path] = res.text;
  }
  return out;
}

const alice = { ...ALICE.token, guid: ALICE.guid };
const bob = { ...BOB.token, guid: BOB.guid };
const carol = { ...CAROL.token, guid: CAROL.guid };

describe('GET /__admin/export, then POST /__admin/scenarios: a sandbox round trip', () => {
  it('loads back to the same state: every user answer is the same, and a minted token still works', async () => {
    const { app } = testWorld();
    // Writes through the API and the admin controls, interleaved between users so ids interleave too.
    await signed(app, 'POST', `/users/${CAROL.guid}/ratings/title`, { token: CAROL.token, form: { title_ref: title(30), rating: '4.5' } });
    await signed(app, 'POST', `/users/${ALICE.guid}/queues/every`, { token: ALICE.token, form: { title_refs: `${title(1)},${title(10)}`, priority: '1' } });
    const list = await signed(app, 'POST', `/users/${CAROL.guid}/lists`, { token: CAROL.token, form: { name: 'Space westerns', description: 'Browncoats' } });
    expect(list.status, list.text).toBe(201);
    await signed(app, 'POST', `/users/${ALICE.guid}/lists`, { token: ALICE.token, form: { name: 'Later' } });
    await request(app).post('/__admin/business/ship').send({ consumer: CONSUMER.key, user: 'alice', count: 2 });
    const minted = (await request(app).post('/__admin/tokens').send({ consumer: CONSUMER.key, user: 'bob' })).body;
    await signed(app, 'DELETE', `/users/${CAROL.guid}/ratings/title/30`, { token: CAROL.token });

    const before = { alice: await answers(app, alice), bob: await answers(app, bob), carol: await answers(app, carol) };
    const exported = await request(app).get(`/__admin/export?consumer=${CONSUMER.key}`);
    expect(exported.status).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^application\/yaml/);
    expect(exported.headers['content-disposition']).toBe('attachment; filename="default-test-consumer-key.yaml"');

    const loaded = await request(app).post('/__admin/scenarios?use=true').type('application/yaml').send(exported.text);
    expect(loaded.status, loaded.text).toBe(201);
    expect(loaded.body).toEqual({ added: 'default-test-consumer-key', active: 'default-test-consumer-key' });

    expect({ alice: await answers(app, alice), bob: await answers(app, bob), carol: await answers(app, carol) }).toEqual(before);
    const who = await signed(app, 'GET', '/users', { token: { key: minted.token, secret: minted.secret } });
    expect(who.status).toBe(200);
  });

  it('keeps the id counters, so the next new row gets the id it would have had', async () => {
    const { app } = testWorld();
    await signed(app, 'POST', `/users/${ALICE.guid}/lists`, { token: ALICE.token, form: { name: 'Temporary' } });
    const yaml = (await request(app).get(`/__admin/export?consumer=${CONSUMER.key}&name=counters`)).text;
    const next = async () => (await signed(app, 'POST', `/users/${ALICE.guid}/lists`, { token: ALICE.token, form: { name: 'Next' } })).text;
    const original = await next();
    await request(app).post('/__admin/scenarios?use=true').type('application/yaml').send(yaml);
    expect(await next()).toBe(original);
  });

  it('exports JSON on request, with ids, orders and counters', async () => {
    const { app } = testWorld();
    const res = await request(app).get(`/__admin/export?consumer=${CONSUMER.key}&format=json&name=as-json`);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.name).toBe('as-json');
    const a = res.body.users.find((u: { login: string }) => u.login === 'alice');
    expect(a.queues[0]).toHaveProperty('id');
    expect(typeof a.ratings[0].order).toBe('number');
    expect(res.body.consumers.map((c: { key: string }) => c.key)).toContain(CONSUMER.key);
  });

  it('the YAML is a scenario file a person can read', async () => {
    const { app } = testWorld();
    const res = await request(app).get(`/__admin/export?consumer=${CONSUMER.key}`);
    expect(res.text.startsWith('# Exported from rentalsim at ')).toBe(true);
    expect(yamlValue(res.text)).toMatchObject({ name: 'default-test-consumer-key', catalog: { seed: expect.any(Number) } });
  });

  it.each([
    ['no consumer', '/__admin/export', 400, 'consumer'],
    ['an unknown consumer', '/__admin/export?consumer=nobody', 400, 'not a consumer'],
    ['a bad name', `/__admin/export?consumer=${CONSUMER.key}&name=Bad%20Name`, 400, 'lower-case'],
    ['a bad format', `/__admin/export?consumer=${CONSUMER.key}&format=xml`, 400, 'yaml or json'],
  ])('%s is a JSON error', async (_rule, path, status, says) => {
    const res = await request(testWorld().app).get(path);
    expect(res.status).toBe(status);
    expect(res.body.error.details).toContain(says);
  });
});

describe('POST /__admin/scenarios (add a scenario)', () => {
  const minimal = 'name: tiny\ndescription: one consumer, nobody else\ncatalog: { titles: 0, people: 0 }\nconsumers: [{ key: k, secret: s }]\n';

  it('adds a scenario without switching to it unless asked', async () => {
    const { app } = testWorld();
    const res = await request(app).post('/__admin/scenarios').type('application/yaml').send(minimal);
    expect(res.body).toEqual({ added: 'tiny', active: 'default' });
    expect((await request(app).get('/__admin/scenarios')).body.scenarios.map((s: { name: string }) => s.name)).toContain('tiny');
    expect((await request(app).post('/__admin/scenarios/tiny')).body).toEqual({ active: 'tiny' });
  });

  it('takes JSON as well', async () => {
    const { app } = testWorld();
    const res = await request(app)
      .post('/__admin/scenarios')
      .send({ name: 'tiny-json', description: 'x', catalog: { titles: 0, people: 0 } });
    expect(res.status).toBe(201);
  });

  const withLists = (name: string, lists: string) => `${minimal.replace('tiny', name)}users:
  - guid: 0A0A0A0A-0000-4000-8000-00000000000A
    login: lou
    password: pw
    first_name: Lou
    last_name: Lee
    lists: ${lists}
`;

  it('numbers rows a file leaves unnumbered above the ones it numbers itself', async () => {
    const { app, world } = testWorld();
    const res = await request(app)
      .post('/__admin/scenarios?use=true')
      .type('application/yaml')
      .send(withLists('mixed', '[{ name: auto }, { id: 7005, name: fixed }]'));
    expect(res.status, res.text).toBe(201);
    const lists = world.sandbox('k').stores.lists.listsOf('0A0A0A0A-0000-4000-8000-00000000000A');
    expect(lists.map((l) => [l.name, l.id])).toEqual([
      ['fixed', 7005],
      ['auto', 7006],
    ]);
  });

  it.each([
    ['a row id given twice', withLists('twice', '[{ id: 7001, name: a }, { id: 7001, name: b }]'), 400, 'list id 7001 appears twice'],
    ['an existing name', 'name: default\ndescription: again\n', 409, 'exists already'],
    ['a schema error, naming the path', 'name: bad\ndescription: x\nusers: [{ guid: nope }]\n', 400, 'users[0].guid'],
    ['a title the catalogue lacks', `${minimal.replace('tiny', 'ghost')}stock: [{ title: 99999999 }]\n`, 400, 'stock[0].title'],
    ['an empty body', '', 400, 'send a scenario file'],
  ])('%s is a JSON error and adds nothing', async (_rule, body, status, says) => {
    const { app } = testWorld();
    const res = await request(app).post('/__admin/scenarios').type('application/yaml').send(body);
    expect(res.status).toBe(status);
    expect(res.body.error.details).toContain(says);
    expect((await request(app).get('/__admin/scenarios')).body.scenarios).toHaveLength(
      (await request(testWorld().app).get('/__admin/scenarios')).body.scenarios.length,
    );
  });
});
