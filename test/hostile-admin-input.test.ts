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
    expect(world.scenario.definition.name).toBe('empty-catalogue');
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
    expect(world.scenario.definition.name).toBe('empty-catalogue');
  });

  it('a scenario with a 16-digit list id is a 400 naming it', async () => {
    const { app, world } = testWorld('empty-catalogue');
    const res = await upload(app, scenarioYaml('ids', '', ', lists: [{ id: 1000000000000000, name: big }]'));
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.details).toContain('users[0].lists[0].id');
    expect(world.scenario.definition.name).toBe('empty-catalogue');
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

describe('paths and bodies the admin API cannot read', () => {
  it.each([
    ['GET', '/__admin/scenarios/%ff'],
    ['POST', '/__admin/scenarios/%C0%AE'],
    ['PUT', '/__admin/scenarios/%ff'],
    ['DELETE', '/__admin/scenarios/%C0%AE%C0%AE'],
    ['DELETE', '/__admin/faults/%ff'],
    ['DELETE', '/__admin/overrides/%E0%80'],
  ])('%s %s, percent-encoding that is not UTF-8, is a JSON 400 that says so', async (method, path) => {
    const { app, adminLines } = testWorld('empty-catalogue');
    const res = await request(app)[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](path);
    expect(res.status, res.text).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.error.details).toContain('has percent-encoded bytes that are not UTF-8');
    expect(adminLines).toEqual([]); // a client's mistake, not the simulator's: nothing for stderr
  });

  it('the API answers the same mistake with an XML 400 that says so', async () => {
    const { app } = testWorld('empty-catalogue');
    const res = await request(app).get('/catalog/title/%C0%AE');
    expect(res.status).toBe(400);
    expect(str(parseXml(res.text), '/error/details')).toContain('"%C0%AE" has percent-encoded bytes that are not UTF-8');
  });

  const send = (app: Parameters<typeof request>[0], path: string, type: string, encoding: string, body: Buffer) =>
    request(app).put(path).set('Content-Type', type).set('Content-Encoding', encoding).send(body);

  it.each([
    ['gzip, but the body is not', 'gzip', 400, 'the body could not be read (incorrect header check)'],
    ['deflate, but the body is not', 'deflate', 400, 'the body could not be read'],
    ['an encoding no parser knows', 'klingon', 415, 'unsupported content encoding "klingon"'],
  ])('a JSON body whose Content-Encoding says %s (%s) is refused with a clear 4xx, and the clock stays', async (_why, encoding, status, says) => {
    const { app, world } = testWorld('empty-catalogue');
    const res = await send(app, '/__admin/clock', 'application/json', encoding, Buffer.from('{"mode":"frozen","at":"2030-01-01T00:00:00Z"}'));
    expect(res.status, res.text).toBe(status);
    expect(res.body.error.details).toContain(says);
    expect(world.clock.mode).toEqual({ mode: 'real' });
  });

  it.each([
    ['gzip, but the body is not', 'gzip', 400, 'incorrect header check'],
    ['an encoding no parser knows', 'klingon', 415, 'unsupported content encoding "klingon"; send the body uncompressed'],
  ])('the API answers a form body whose Content-Encoding says %s (%s) with a clear XML 4xx', async (_why, encoding, status, says) => {
    const { app } = testWorld('empty-catalogue');
    const res = await asAlice(app, 'POST', `/users/${ALICE.guid}/lists`, { name: 'packed' }).set('Content-Encoding', encoding);
    expect(res.status, res.text).toBe(status);
    expect(str(parseXml(res.text), '/error/details')).toContain(says);
    expect(count(parseXml((await asAlice(app, 'GET', `/users/${ALICE.guid}/lists`)).text), '//list')).toBe(0);
  });

  it.each([
    ['gzip', 400],
    ['br2', 415],
  ])('a YAML scenario whose Content-Encoding says %s but is plain text is a %s and adds nothing', async (encoding, status) => {
    const { app, world } = testWorld('empty-catalogue');
    const before = world.scenarioFiles().length;
    const res = await request(app)
      .post('/__admin/scenarios')
      .set('Content-Type', 'application/yaml')
      .set('Content-Encoding', encoding)
      .send(scenarioYaml('packed'));
    expect(res.status, res.text).toBe(status);
    expect(world.scenarioFiles()).toHaveLength(before);
  });

  it.each([
    ['lists', '['.repeat(200_000) + ']'.repeat(200_000)],
    ['objects', '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000)],
  ])('a JSON scenario of %s nested 200,000 deep is a 400, not a stack overflow', async (_what, deep) => {
    const { app, world, adminLines } = testWorld('empty-catalogue');
    const res = await request(app).post('/__admin/scenarios').set('Content-Type', 'application/json').send(`{"name":"deep","x":${deep}}`);
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.details).toContain('more than 100 levels deep');
    expect(world.scenarioFiles().map((e) => e.name)).not.toContain('deep');
    expect(adminLines).toEqual([]);
  });

  it('a JSON body 100 levels deep is read (and refused by its route for what it says)', async () => {
    const { app } = testWorld('empty-catalogue');
    const res = await request(app)
      .post('/__admin/faults')
      .set('Content-Type', 'application/json')
      .send(`{"x":${'['.repeat(99)}${']'.repeat(99)}}`);
    expect(res.status).toBe(400);
    expect(res.body.error.details).not.toContain('levels deep');
  });
});

describe('journal time filters are instants, compared as instants', () => {
  it.each([
    ['year 10,000 by its offset', '9999-12-31T23:00:00-02:00'],
    ['a five-digit year', '+010000-01-01T00:00:00Z'],
    ['year 0000', '0000-06-01T00:00:00Z'],
    ['30 February', '2030-02-30T00:00:00Z'],
    ['hour 25', '2030-01-01T25:00:00Z'],
  ])('since or until at %s is a 400 that says the range', async (_why, at) => {
    const { app } = testWorld('empty-catalogue');
    await request(app).get('/catalog/title'); // one entry, which a since past it must not match
    for (const name of ['since', 'until']) {
      const res = await request(app).get(`/__admin/journal?${name}=${encodeURIComponent(at)}`);
      expect(res.status, res.text).toBe(400);
      expect(res.body.error.details).toContain(`${name}: expected an ISO 8601 instant with its offset from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z`);
      expect((await request(app).get(`/__admin/journal/count?${name}=${encodeURIComponent(at)}`)).status).toBe(400);
    }
  });

  it('since the last second of year 9999 matches nothing, until it matches everything', async () => {
    const { app } = testWorld('empty-catalogue');
    await request(app).get('/catalog/title');
    expect((await request(app).get('/__admin/journal/count?since=9999-12-31T23:59:59Z')).body.count).toBe(0);
    expect((await request(app).get('/__admin/journal/count?until=9999-12-31T23:59:59Z')).body.count).toBe(1);
  });
});

describe('the coverage markdown quotes a consumer key it cannot be broken out of', () => {
  it('an open-mode key with a backtick and a newline stays inside the heading', async () => {
    const { app } = testWorld('default', { openPrefix: 'ci-', openSecret: 'ci-shared-secret' });
    const key = 'ci-`\n\n# pwned <img src=x>\n| a | b |';
    const res = await request(app).get(`/__admin/coverage?consumer=${encodeURIComponent(key)}&format=markdown`);
    expect(res.status, res.text).toBe(200);
    const lines = res.text.split('\n');
    expect(lines[0]).toBe('## API coverage: ``ci-`\\u000a\\u000a# pwned <img src=x>\\u000a| a | b |``');
    expect(lines.filter((l) => l.startsWith('#'))).toHaveLength(1);
    expect(lines[1]).toBe('');
    expect(lines[2]).toMatch(/^Operations called: /);
  });
});

describe('the dashboard writes what it shows as text', () => {
  // Keys, paths, headers and bodies on the dashboard are anyone's text: the script builds its elements with
  // textContent and attributes, never by parsing HTML, so none of them can become markup or script.
  it('its script parses no HTML', async () => {
    const { app } = testWorld('empty-catalogue');
    const script = (await request(app).get('/__admin/dashboard.js').expect(200)).text;
    expect(script).not.toMatch(/\binnerHTML\b|\bouterHTML\b|insertAdjacentHTML|document\.write|\bsrcdoc\b|DOMParser|createContextualFragment/);
  });
});
