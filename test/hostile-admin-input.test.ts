import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ALICE, asAlice } from './support/signing.js';
import { testWorld } from './support/world.js';
import { count, parseXml, str } from './support/xml.js';

// Admin input that once answered 500 or was read as something else (issue 24, the smaller items): each is
// a clear 4xx that says what to send, or behaves as the README says, and changes nothing.

/** A scenario on the empty catalogue (nothing to generate), with alice and the default consumer. */
function scenarioYaml(name: string, extra = '', aliceExtra = ''): string {
  return [
    `name: ${name}`,
    'description: written by a hostile-input test',
    'catalog: { seed: 1, titles: 0, people: 0, curated: false }',
    'consumers: [{ key: test-consumer-key, secret: test-consumer-secret }]',
    `users: [{ guid: ${ALICE.guid}, login: alice, password: pw, first_name: A, last_name: B, access_tokens: [{ token: ${ALICE.token.key}, secret: ${ALICE.token.secret} }]${aliceExtra} }]`,
    extra,
  ].join('\n');
}

const upload = (app: Parameters<typeof request>[0], text: string) => request(app).post('/__admin/scenarios?use=true').type('application/yaml').send(text);

describe('instants that do not exist or that the API cannot write', () => {
  it.each([
    ['a month that does not exist', '2026-13-01T00:00:00Z', 'a day and time that exist'],
    ['30 February', '2026-02-30T00:00:00Z', 'a day and time that exist'],
    ['year 0000', '0000-01-01T00:00:00Z', 'from 1970-01-01T00:00:00Z to 9000-12-31T23:59:59Z'],
    ['the last second of year 9999', '9999-12-31T23:59:59Z', 'from 1970-01-01T00:00:00Z to 9000-12-31T23:59:59Z'],
    ['year 1000 (the catalogue would be dated before year 1000)', '1000-01-01T00:00:00Z', 'from 1970-01-01T00:00:00Z to 9000-12-31T23:59:59Z'],
  ])('a scenario clock at %s is a 400 naming settings.clock, and nothing is added', async (_why, clock, says) => {
    const { app, world } = testWorld('empty-catalogue');
    const res = await upload(app, scenarioYaml('clocked', `settings: { clock: "${clock}" }`));
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.details).toContain('settings.clock');
    expect(res.body.error.details).toContain(says);
    expect(world.scenarioFiles().map((e) => e.name)).not.toContain('clocked');
    expect(world.scenario.scenario.name).toBe('empty-catalogue');
  });

  it.each(['1970-01-01T00:00:00Z', '9000-12-31T23:59:59Z'])('a scenario clock at the end of the range (%s) loads and its API answers', async (clock) => {
    const { app } = testWorld('empty-catalogue');
    expect((await upload(app, scenarioYaml('clocked', `settings: { clock: "${clock}" }`))).status).toBe(201);
    expect((await request(app).get('/__admin/clock')).body.now).toBe(clock);
    expect((await asAlice(app, 'POST', `/users/${ALICE.guid}/lists`, { name: 'mine' })).status).toBe(201);
    expect((await asAlice(app, 'GET', `/users/${ALICE.guid}/lists`)).status).toBe(200);
  });

  it.each([
    ['a month that does not exist', '2026-13-01T00:00:00Z'],
    ['30 February (once read as 2 March)', '2026-02-30T00:00:00Z'],
    ['hour 24', '2026-01-01T24:00:00Z'],
    ['a date in words', 'March 7, 2030'],
  ])('the admin clock set to %s is a 400 and the clock stays as it was', async (_why, at) => {
    const { app, world } = testWorld('empty-catalogue');
    const res = await request(app).put('/__admin/clock').send({ mode: 'frozen', at });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.details).toContain('a day and time that exist');
    expect(world.clock.mode).toEqual({ mode: 'real' });
  });
});

describe('id sequences stay within the ids the API accepts (at most 15 digits)', () => {
  it.each([
    ['2^53 - 1, the largest safe integer', 'sequences: { list: 9007199254740991 }', 'sequences.list'],
    ['a 16-digit id', 'sequences: { rating: 1000000000000000 }', 'sequences.rating'],
    ['a negative value', 'sequences: { list: -1 }', 'sequences.list'],
  ])('a scenario with %s is a 400 naming the field', async (_why, extra, field) => {
    const { app, world } = testWorld('empty-catalogue');
    const res = await upload(app, scenarioYaml('ids', extra));
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.details).toContain(field);
    expect(world.scenario.scenario.name).toBe('empty-catalogue');
  });

  it('a scenario with a 16-digit list id is a 400 naming it', async () => {
    const { app, world } = testWorld('empty-catalogue');
    const res = await upload(app, scenarioYaml('ids', '', ', lists: [{ id: 1000000000000000, name: big }]'));
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.details).toContain('users[0].lists[0].id');
    expect(world.scenario.scenario.name).toBe('empty-catalogue');
  });

  it('the last id is handed out and addressable; the next list is a 409 that says why, and changes nothing', async () => {
    const { app } = testWorld('empty-catalogue');
    expect((await upload(app, scenarioYaml('ids', 'sequences: { list: 999999999999998 }'))).status).toBe(201);
    const U = `/users/${ALICE.guid}`;
    const first = await asAlice(app, 'POST', `${U}/lists`, { name: 'last' });
    expect(first.status, first.text).toBe(201);
    expect(str(parseXml(first.text), '//link/@href')).toMatch(/\/lists\/999999999999999$/);
    expect((await asAlice(app, 'GET', `${U}/lists/999999999999999`)).status).toBe(200);
    const next = await asAlice(app, 'POST', `${U}/lists`, { name: 'one more' });
    expect(next.status, next.text).toBe(409);
    expect(str(parseXml(next.text), '/error/details')).toContain('every list id up to 999999999999999 is used');
    expect(count(parseXml((await asAlice(app, 'GET', `${U}/lists`)).text), '//list')).toBe(1);
  });
});
