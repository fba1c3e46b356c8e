import { mkdtempSync, readdirSync, utimesSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as cache from '../src/scenarios/catalog-cache.js';
import { arena, rawHttp, type Answer, type Arena } from './hostile-helpers.js';
import { authHeader, OTHER_CONSUMER, signed } from './support/signing.js';
import { HOST, testWorld } from './support/world.js';

// Issue 24: nothing one team sends may stall the event loop for everyone else. No timed assertion here
// (machines are noisy): each test checks ORDER, that requests sent while the expensive one is under way are
// all answered before it; bench/stalls.ts records the event-loop delay meanwhile.

vi.mock(import('../src/scenarios/catalog-cache.js'), async (original) => {
  const m = await original();
  return { ...m, buildCatalogSnapshot: vi.fn(m.buildCatalogSnapshot) };
});

const CLOCK = '2026-06-01T00:00:00Z';
const TODAY = '2026-06-01';

/** A scenario whose small catalogue is not on disk yet (a seed of its own): uploading it builds one. */
function scenarioText(name: string, seed: number, extra = ''): string {
  return `name: ${name}\ndescription: built while others wait\ncatalog: {seed: ${seed}, titles: 40, people: 20, curated: false}\nsettings: {clock: "${CLOCK}"}\n${extra}`;
}

const snapshotOf = (seed: number) => cache.catalogSnapshotFile({ seed, titles: 40, people: 20, curated: false, today: TODAY });

function upload(a: Arena, text: string, path = '/__admin/scenarios'): Promise<Answer> {
  return rawHttp(a.server, 'POST', path, { 'Content-Type': 'application/yaml' }, Buffer.from(text));
}

const health = (a: Arena) => rawHttp(a.server, 'GET', '/__admin/health', {});
/** Another team's signed read. */
const otherTeamRead = (a: Arena) =>
  rawHttp(a.server, 'GET', '/catalog/title?term=the', {
    Host: HOST,
    Authorization: authHeader('GET', '/catalog/title?term=the', { consumer: OTHER_CONSUMER }),
  });

/**
 * Sends the upload, waits until its work has begun, then five rounds of a health check and another team's
 * read: all of them must be answered (200) before the upload's answer (201) arrives.
 */
async function othersAnsweredBeforeUpload(a: Arena, text: string, begun: Promise<void>): Promise<void> {
  const order: string[] = [];
  const uploaded = upload(a, text).then((res) => {
    order.push('upload');
    return res;
  });
  await begun;
  for (let i = 0; i < 5; i++) {
    const [h, r] = await Promise.all([health(a), otherTeamRead(a)]);
    expect([h.status, r.status]).toEqual([200, 200]);
    order.push('other');
  }
  expect((await uploaded).status).toBe(201);
  expect(order).toEqual(['other', 'other', 'other', 'other', 'other', 'upload']);
}

describe('catalogue builds run off the event loop', () => {
  let a: Arena | undefined;
  const seeds: number[] = [];
  afterEach(async () => {
    await a?.close();
    a?.world.close();
    for (const seed of seeds.splice(0)) rmSync(snapshotOf(seed), { force: true });
    vi.mocked(cache.buildCatalogSnapshot).mockClear();
  });

  it('other teams are answered while an uploaded scenario has its catalogue built', async () => {
    a = await arena();
    const seed = 1_000_000 + randomInt(1_000_000);
    seeds.push(seed);
    const started = new Promise<void>((resolve) => {
      const real = a!.world.uploadScenario.bind(a!.world);
      vi.spyOn(a!.world, 'uploadScenario').mockImplementation((...args) => {
        const out = real(...args);
        resolve();
        return out;
      });
    });
    await othersAnsweredBeforeUpload(a, scenarioText('built-meanwhile', seed), started);
  });

  it('two uploads of the same catalogue at once build it once', async () => {
    a = await arena();
    const seed = 2_000_000 + randomInt(1_000_000);
    seeds.push(seed);
    const [one, two] = await Promise.all([upload(a, scenarioText('same-one', seed)), upload(a, scenarioText('same-two', seed))]);
    expect([one.status, two.status]).toEqual([201, 201]);
    const built = vi.mocked(cache.buildCatalogSnapshot).mock.calls.filter(([options]) => options.seed === seed);
    expect(built).toHaveLength(1);
  });

  it('a refused upload leaves no snapshot on disk', async () => {
    a = await arena();
    const seed = 3_000_000 + randomInt(1_000_000);
    seeds.push(seed);
    const missingTitle =
      'users:\n  - {guid: 00000000-0000-0000-0000-00000000000A, login: x, password: y, first_name: X, last_name: Y, ratings: [{title: 987654, rating: 3}]}\n';
    const res = await upload(a, scenarioText('refused-upload', seed, missingTitle));
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/title 987654 is not in this scenario's catalogue/);
    expect(existsSync(snapshotOf(seed))).toBe(false);
    // And nothing of it is listed or kept open.
    expect(JSON.parse((await rawHttp(a.server, 'GET', '/__admin/scenarios', {})).text).scenarios.map((s: { name: string }) => s.name)).not.toContain(
      'refused-upload',
    );
  });

  it('an upload over the catalogue caps is a 400 before anything is built', async () => {
    a = await arena();
    const text = 'name: too-big\ndescription: x\ncatalog: {seed: 5, titles: 20001, people: 10}\n';
    const res = await upload(a, text);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).error.details).toMatch(/catalog\.titles: 20001 is over the 20000 an uploaded scenario may generate/);
    expect(cache.buildCatalogSnapshot).not.toHaveBeenCalled();
  });
});

describe('the snapshot cache is bounded in bytes', () => {
  it('drops the snapshots unused longest until it is within its budget, never one it is told to keep', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rentalsim-prune-'));
    const now = Date.now() / 1000;
    // Five snapshots of 1,000 bytes, used 5 to 1 hours ago; the oldest is kept (in use).
    const files = [5, 4, 3, 2, 1].map((hoursAgo) => {
      const file = join(dir, `catalog-${'0'.repeat(23)}${hoursAgo}.sqlite`);
      writeFileSync(file, Buffer.alloc(1000));
      utimesSync(file, now - hoursAgo * 3600, now - hoursAgo * 3600);
      return file;
    });
    writeFileSync(join(dir, 'notes.txt'), 'not a snapshot');
    cache.pruneCatalogSnapshots([files[0]!], 3000, dir);
    expect(readdirSync(dir).sort()).toEqual(
      ['catalog-000000000000000000000002.sqlite', 'catalog-000000000000000000000001.sqlite', 'catalog-000000000000000000000005.sqlite', 'notes.txt'].sort(),
    );
    rmSync(dir, { recursive: true });
  });
});

describe("a request's parameters and headers are capped before they are decoded and journaled", () => {
  const hostileForm = '=&'.repeat(32 * 1024); // 64 KB: 32,768 empty parameters

  it('a form of tens of thousands of empty parameters is a 400 naming the cap', async () => {
    const { app } = testWorld();
    const res = await request(app).post('/x').set('Host', HOST).type('form').send(hostileForm);
    expect(res.status).toBe(400);
    expect(res.headers['x-mashery-error-code']).toBe('ERR_400_TOO_MANY_PARAMETERS');
    expect(res.text).toMatch(/more than 256 parameters/);
  });

  it('256 parameters are read, 257 are refused, counted over the query and the form together', async () => {
    const { app } = testWorld();
    const query = Array.from({ length: 200 }, (_, i) => `q${i}=1`).join('&');
    const form = (n: number) => Array.from({ length: n }, (_, i) => `f${i}=1`).join('&');
    const ok = await request(app).post(`/x?${query}`).set('Host', HOST).type('form').send(form(56));
    expect(ok.headers['x-mashery-error-code']).not.toBe('ERR_400_TOO_MANY_PARAMETERS');
    const over = await request(app).post(`/x?${query}`).set('Host', HOST).type('form').send(form(57));
    expect(over.headers['x-mashery-error-code']).toBe('ERR_400_TOO_MANY_PARAMETERS');
  });

  it('more than 100 header lines is a 431', async () => {
    const { app } = testWorld();
    const call = request(app).get('/catalog/title?term=zzyzx').set('Host', HOST);
    for (let i = 0; i < 101; i++) call.set(`X-Filler-${i}`, 'x');
    const res = await call;
    expect(res.status).toBe(431);
    expect(res.text).toMatch(/more than 100 header lines/);
  });

  it("30 hostile posts leave every one of another team's 500 journal entries, each entry held to its budget", async () => {
    const { app, world } = testWorld();
    for (let i = 0; i < 500; i++) await signed(app, 'GET', `/catalog/title?term=zzyzx&n=${i}`, { consumer: OTHER_CONSUMER });
    for (let i = 0; i < 30; i++) await request(app).post('/x').set('Host', HOST).type('form').send(hostileForm);
    expect(world.journal.count({ consumer: OTHER_CONSUMER.key })).toBe(500);
    const hostile = world.journal.find({ path: '/x' });
    expect(hostile).toHaveLength(30);
    for (const entry of hostile) expect(JSON.stringify(entry).length).toBeLessThan(24 * 1024);
  });
});

describe('YAML aliases are bounded by a fixed count', () => {
  it('an upload whose aliases expand to 1.5 million nodes, within ten a character of its text, is a 400 saying so', async () => {
    const { app } = testWorld();
    // 200 KB of text: the old budget (ten nodes a character) let it expand to 2 million nodes.
    const block = `&b [${Array(1000).fill('1').join(',')}]`;
    const text = `name: aliased\ndescription: ${'x'.repeat(190_000)}\nsequences: {}\nstock: []\nx-list: ${block}\nx-uses: [${Array(1500).fill('*b').join(',')}]\n`;
    const res = await request(app).post('/__admin/scenarios').set('Content-Type', 'application/yaml').send(text);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toMatch(/aliases expand to more than 100000 nodes beyond the text itself/);
  });
});

describe('big scenario texts are parsed off the event loop', () => {
  it('other teams are answered while a 3 MB upload is parsed', async () => {
    const a = await arena();
    try {
      const users = Array.from(
        { length: 16_000 },
        (_, i) =>
          `  - {guid: ${(0x10000000 + i).toString(16).toUpperCase()}-0000-4000-8000-000000000000, login: user-${i}, password: p, first_name: F, last_name: L, location: Somewhere}`,
      );
      const text = `name: many-users\ndescription: a big export\ncatalog: {seed: 42, titles: 2000, people: 1500, curated: true}\nusers:\n${users.join('\n')}\n`;
      expect(text.length).toBeGreaterThan(2_000_000);
      const parsing = new Promise<void>((resolve) => {
        const parser = a.world.scenarioParser;
        if (!parser) return setTimeout(resolve, 2000); // the code before: nothing to watch, so wait
        const real = parser.parse.bind(parser);
        vi.spyOn(parser, 'parse').mockImplementation((...args) => {
          const out = real(...args);
          resolve();
          return out;
        });
      });
      await othersAnsweredBeforeUpload(a, text, parsing);
    } finally {
      await a.close();
      a.world.close();
    }
  });

  it('a scenario of thousands of rows, seeded off the loop, is refused for a missing title as a small one is', async () => {
    const { app, world } = testWorld();
    const users = Array.from(
      { length: 2_500 },
      (_, i) =>
        `  - {guid: ${(0x20000000 + i).toString(16).toUpperCase()}-0000-4000-8000-000000000000, login: u-${i}, password: p, first_name: F, last_name: L}`,
    );
    const late =
      '  - {guid: 2FFFFFFF-0000-4000-8000-000000000000, login: late, password: p, first_name: F, last_name: L, ratings: [{title: 987654, rating: 2}]}';
    const text = `name: many-rows\ndescription: x\ncatalog: {seed: 42, titles: 2000, people: 1500, curated: true}\nusers:\n${users.join('\n')}\n${late}\n`;
    const res = await request(app).post('/__admin/scenarios').set('Content-Type', 'application/yaml').send(text);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toBe("uploaded:many-rows: users[2500].ratings[0].title: title 987654 is not in this scenario's catalogue");
    const ok = await request(app)
      .post('/__admin/scenarios?use=true')
      .set('Content-Type', 'application/yaml')
      .send(text.replace('title: 987654', 'title: 10001'));
    expect(ok.status).toBe(201);
    expect(world.scenario.definition.users).toHaveLength(2_501);
    // Seeded from the whole text in the worker: the last user's rating is there.
    expect(text.length).toBeGreaterThan(256 * 1024);
    expect(world.sandbox().stores.ratings.get('2FFFFFFF-0000-4000-8000-000000000000', 10001)?.rating).toBe(2);
  });

  it('a big text with a problem is a 400 naming it, as a small one is', async () => {
    const { app } = testWorld();
    const text = `name: bad-big\ndescription: ${'x'.repeat(300_000)}\nsettings: {queue_cap: 0}\n`;
    const res = await request(app).post('/__admin/scenarios').set('Content-Type', 'application/yaml').send(text);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toMatch(/^uploaded scenario: settings\.queue_cap: Too small/);
  });
});
