import type { Server } from 'node:http';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { catalogSearchOf } from '../src/store/catalog-search.js';
import { sendRaw } from './support/oauth-request.js';
import { ALICE, asAlice, signed } from './support/signing.js';
import { BASE, testWorld } from './support/world.js';
import { count, parseXml, str } from './support/xml.js';

// Two simulators in one process (two worlds in one test runner) share nothing (issue 15 part 2): every
// cache and every piece of state hangs off its World, a Sandbox or a catalogue the World opened, and no
// module keeps any (test/no-module-state.test.ts). Each test does something in one and looks in the other.

const TITLE = 30;
const SEARCH = '/catalog/title?term=the';
const titleStats = async (app: Server) => {
  const res = await signed(app, 'GET', `/catalog/title/${TITLE}`);
  expect(res.status).toBe(200);
  return { text: res.text, ratings: Number(str(parseXml(res.text), '/catalog_title/number_of_ratings')) };
};
const rate = (app: Server) => asAlice(app, 'POST', `/users/${ALICE.guid}/ratings/title`, { title_ref: `${BASE}/catalog/title/${TITLE}`, rating: '5' });
const found = (text: string) => count(parseXml(text), '/search/catalog_title');

function twoSimulators(): [ReturnType<typeof testWorld>, ReturnType<typeof testWorld>] {
  return [testWorld('default'), testWorld('default')];
}

describe('two simulators in one process', () => {
  it('a rating written in A changes A’s title statistics, not B’s cached title answer', async () => {
    const [a, b] = twoSimulators();
    const beforeA = await titleStats(a.app);
    const beforeB = await titleStats(b.app);
    expect(beforeB.text).toBe(beforeA.text);
    expect((await rate(a.app)).status).toBe(201);
    expect((await titleStats(a.app)).ratings).toBe(beforeA.ratings + 1);
    expect((await titleStats(b.app)).text).toBe(beforeB.text);
  });

  it('a search answered and kept by A stays A’s after B switched to a scenario with another catalogue', async () => {
    const [a, b] = twoSimulators();
    const first = await signed(a.app, 'GET', SEARCH);
    expect(found(first.text)).toBeGreaterThan(0);
    expect((await request(b.app).post('/__admin/scenarios/empty-catalogue')).status).toBe(200);
    const inB = await signed(b.app, 'GET', SEARCH);
    expect(inB.status).toBe(200);
    expect(found(inB.text)).toBe(0);
    expect((await signed(a.app, 'GET', SEARCH)).text).toBe(first.text);
    expect((await request(a.app).get('/__admin/scenarios')).body.active).toBe('default');
  });

  it('B, switched to another catalogue, answers from it even for a search A answered and kept first', async () => {
    const [a, b] = twoSimulators();
    expect(found((await signed(a.app, 'GET', SEARCH)).text)).toBeGreaterThan(0);
    await b.world.useScenario('empty-catalogue');
    expect(found((await signed(b.app, 'GET', SEARCH)).text)).toBe(0);
  });

  it('a nonce used in A is still unused in B (and used in A)', async () => {
    const [a, b] = twoSimulators();
    const once = { path: SEARCH, nonce: 'one-nonce-for-two-simulators', timestamp: String(Math.floor(a.world.clock.realSeconds())) };
    expect((await sendRaw(a.app, once)).status).toBe(200);
    expect((await sendRaw(b.app, once)).status).toBe(200);
    const replay = await sendRaw(a.app, once);
    expect([replay.status, str(parseXml(replay.text), '/error/reason')]).toEqual([401, 'Invalid NONCE']);
  });

  it('a clock set in A leaves B’s running', async () => {
    const [a, b] = twoSimulators();
    expect((await request(a.app).put('/__admin/clock').send({ mode: 'frozen', at: '2030-02-03T04:05:06Z' })).status).toBe(200);
    expect((await request(a.app).get('/__admin/clock')).body.mode).toBe('frozen');
    expect((await request(b.app).get('/__admin/clock')).body.mode).toBe('real');
  });

  it('a fault injected in A fails A’s requests only', async () => {
    const [a, b] = twoSimulators();
    await request(a.app).post('/__admin/faults').send({ route: '/catalog/title', kind: 'error', status: 503 });
    expect((await signed(a.app, 'GET', SEARCH)).status).toBe(503);
    expect((await signed(b.app, 'GET', SEARCH)).status).toBe(200);
    expect((await request(b.app).get('/__admin/faults')).body.faults).toEqual([]);
  });

  it('a reset of B leaves A’s writes; each journal holds its own requests', async () => {
    const [a, b] = twoSimulators();
    const before = await titleStats(a.app);
    await rate(a.app);
    expect((await request(b.app).post('/__admin/reset')).status).toBe(200);
    expect((await titleStats(a.app)).ratings).toBe(before.ratings + 1);
    const journal = async (app: Server) => (await request(app).get('/__admin/journal/count')).body.count as number;
    const [inA, inB] = [await journal(a.app), await journal(b.app)];
    await signed(a.app, 'GET', SEARCH);
    expect([await journal(a.app), await journal(b.app)]).toEqual([inA + 1, inB]);
  });

  it('hold no object in common that either could change, after traffic in both', async () => {
    const [a, b] = twoSimulators();
    for (const { app, world } of [a, b]) {
      await signed(app, 'GET', SEARCH);
      await signed(app, 'GET', '/categories/genres');
      await rate(app);
      await titleStats(app);
      catalogSearchOf(world.scenario.catalog);
    }
    expect(sharedObjects(a.world, b.world)).toEqual([]);
    expect(a.world.scenario.catalog).not.toBe(b.world.scenario.catalog);
  });

  it('(the check above finds an object the two hold in common, however deep, and no frozen one)', () => {
    const common = new Map([['k', { n: 1 }]]);
    const constant = Object.freeze({ n: 2 });
    const first = { own: { n: 3 }, deep: [{ store: { memo: common } }], constant };
    const second = { own: { n: 3 }, elsewhere: new Set([common]), constant };
    expect(sharedObjects(first, second)).toEqual(['world.deep.0.store.memo']);
  });
});

/**
 * The mutable objects reachable from both roots through their fields, Map and Set entries and array items,
 * each named by its path from the first (what is reachable from a shared object is not listed again).
 * Functions are not followed (their code is shared by design; state they close over is not seen, a limit of
 * this check), nor frozen objects (nothing can change them), nor typed arrays' contents.
 */
function sharedObjects(first: object, second: object): string[] {
  const fromSecond = new Set<object>();
  walk(
    second,
    () => '',
    (o) => fromSecond.add(o) !== undefined,
  );
  const shared: string[] = [];
  walk(
    first,
    () => 'world',
    (o, path) => {
      if (!fromSecond.has(o)) return true;
      shared.push(path());
      return false;
    },
  );
  return shared;
}

/** Visits every object reachable from `root`, once; `visit` says whether to go on into it. */
function walk(root: object, rootPath: () => string, visit: (o: object, path: () => string) => boolean): void {
  const seen = new Set<object>();
  const stack: Array<[unknown, () => string]> = [[root, rootPath]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (value === null || typeof value !== 'object' || seen.has(value)) continue;
    seen.add(value);
    if (Object.isFrozen(value) || !visit(value, path)) continue;
    if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) continue;
    if (value instanceof Map) {
      for (const [k, v] of value) stack.push([k, () => `${path()}<key>`], [v, () => `${path()}.get(${String(k)})`]);
    } else if (value instanceof Set) {
      for (const v of value) stack.push([v, () => `${path()}<item>`]);
    }
    for (const key of Reflect.ownKeys(value)) {
      const d = Object.getOwnPropertyDescriptor(value, key);
      if (d && 'value' in d) stack.push([d.value, () => `${path()}.${String(key)}`]);
    }
  }
}
