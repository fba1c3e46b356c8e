import { Agent, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../src/index.js';
import { CAROL, CONSUMER, authHeader } from './support/signing.js';
import { BASE, HOST } from './support/world.js';
import { nodes, parseXml, str } from './support/xml.js';

// Load without loss: CLIENTS signed clients write at once to one sandbox of a real listening simulator
// (carol's queue and lists, with the one test consumer) for a bounded time and number of requests. Each
// client keeps a model of what its 2xx answers said it did; afterwards the server's state must be exactly
// the union of the models: every acknowledged write visible, none lost, none doubled. A few "contended"
// titles are added by every client: exactly one add of each may succeed. No timing is asserted.

const CLIENTS = 20;
const DEADLINE_MS = 3_000;
const MAX_OPS_PER_CLIENT = 60;
const OWN_TITLES = 8;
const CONTENDED = 5;

const U = `/users/${CAROL.guid}`;
const ref = (id: number) => `${BASE}/catalog/title/${id}`;
const lastNumber = (href: string) => Number(href.split('/').pop());

let sim: Simulator;
let port: number;
const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  port = Number(new URL(sim.url).port);
});
afterAll(async () => {
  agent.destroy();
  await sim.close();
});

interface Answer {
  status: number;
  text: string;
}

/** A request signed as carol with the test consumer, over a keep-alive socket, to the listening server. */
function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', pathAndQuery: string, form?: Record<string, string>): Promise<Answer> {
  const body = form ? Buffer.from(new URLSearchParams(form).toString()) : undefined;
  const headers: Record<string, string | number> = { Host: HOST, Authorization: authHeader(method, pathAndQuery, { token: CAROL.token, form }) };
  if (body) Object.assign(headers, { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': body.length });
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: pathAndQuery, headers, agent, timeout: 30_000 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${pathAndQuery}: no answer in 30 s`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Every page of a paged list, as item nodes. */
async function allItems(path: string, item: string) {
  const out = [];
  for (let start = 1; ; start += 100) {
    const res = await call('GET', `${path}?expand=none&items_per_page=100&start_index=${start}`);
    expect(res.status, res.text).toBe(200);
    const doc = parseXml(res.text);
    const page = nodes(doc, `/*/${item}`);
    out.push(...page);
    if (start + 100 > Number(str(doc, '/*/total_results'))) return { items: out, total: Number(str(doc, '/*/total_results')) };
  }
}

/** A small deterministic generator per client, so a failing run can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s % n;
  };
}

interface ClientModel {
  queue: Map<number, number>; // title -> priority
  lists: Map<string, { name: string; entries: Map<number, string> }>; // href -> entries title -> comment
  contendedWins: Map<number, number>; // title -> priority
  unexpected: string[];
  requests: number;
}

async function runClient(i: number, own: number[], contended: number[], deadline: number): Promise<ClientModel> {
  const m: ClientModel = { queue: new Map(), lists: new Map(), contendedWins: new Map(), unexpected: [], requests: 0 };
  const pick = rng(1000 + i);
  const choose = <T>(xs: T[]) => xs[pick(xs.length)]!;
  const expectStatus = (what: string, res: Answer, status: number) => {
    if (res.status !== status) m.unexpected.push(`client ${i} ${what}: ${res.status} ${res.text.slice(0, 200)}`);
    return res.status === status;
  };
  let listCount = 0;
  for (let op = 0; op < MAX_OPS_PER_CLIENT && Date.now() < deadline; op++) {
    m.requests++;
    const absent = own.filter((t) => !m.queue.has(t));
    const present = [...m.queue.keys()];
    const lists = [...m.lists.entries()];
    const roll = pick(100);
    if (roll < 25 && absent.length > 0) {
      const t = choose(absent);
      const priority = 1 + pick(3);
      const res = await call('POST', `${U}/queues/every`, { title_refs: ref(t), priority: String(priority) });
      if (expectStatus(`add ${t}`, res, 201)) {
        const created = nodes(parseXml(res.text), '/response/resources_created/link/@href').map((n) => lastNumber(String(n.nodeValue)));
        if (created.length === 1 && created[0] === t) m.queue.set(t, priority);
        else m.unexpected.push(`client ${i} add ${t}: not created: ${res.text.slice(0, 300)}`);
      }
    } else if (roll < 35 && present.length > 0) {
      const t = choose(present);
      if (expectStatus(`remove ${t}`, await call('DELETE', `${U}/queues/item/${t}`), 200)) m.queue.delete(t);
    } else if (roll < 45 && present.length > 0) {
      const t = choose(present);
      const priority = 1 + pick(3);
      if (expectStatus(`move ${t}`, await call('PUT', `${U}/queues/item/${t}?priority=${priority}`), 200)) m.queue.set(t, priority);
    } else if (roll < 55) {
      const t = choose(contended);
      const priority = 1 + pick(3);
      const res = await call('POST', `${U}/queues/every`, { title_refs: ref(t), priority: String(priority) });
      if (expectStatus(`contend ${t}`, res, 201) && nodes(parseXml(res.text), '/response/resources_created/link').length === 1) {
        m.contendedWins.set(t, priority);
      }
    } else if (roll < 65 || lists.length === 0) {
      const name = `client ${i} list ${listCount++} <&>`;
      const res = await call('POST', `${U}/lists`, { name });
      if (expectStatus(`create list`, res, 201)) m.lists.set(str(parseXml(res.text), '/resources_created/link/@href'), { name, entries: new Map() });
    } else if (roll < 85) {
      const [href, list] = choose(lists);
      const t = choose(own);
      if (list.entries.has(t)) continue;
      const comment = `from ${i} at op ${op}`;
      const res = await call('POST', new URL(href).pathname, { title_refs: ref(t), comment });
      if (expectStatus(`list add ${t}`, res, 201)) list.entries.set(t, comment);
    } else if (roll < 95) {
      const [href, list] = choose(lists);
      const entries = [...list.entries.keys()];
      if (entries.length === 0) continue;
      const t = choose(entries);
      if (expectStatus(`list remove ${t}`, await call('DELETE', `${new URL(href).pathname}/${t}`), 200)) list.entries.delete(t);
    } else {
      const [href] = choose(lists);
      if (expectStatus('delete list', await call('DELETE', new URL(href).pathname), 200)) m.lists.delete(href);
    }
  }
  return m;
}

describe(`load: ${CLIENTS} concurrent signed clients writing to one sandbox`, () => {
  it('every acknowledged write is visible, none lost or doubled, and the queue and lists stay consistent', async () => {
    // Titles carol's queue takes: rentable, not a disc, no discs of its own, not failed by the scenario.
    const catalog = sim.world.scenario.catalog;
    const stock = sim.world.sandbox(CONSUMER.key).stores.stock;
    const usable: number[] = [];
    for (let id = 10001; usable.length < CLIENTS * OWN_TITLES + CONTENDED && id < 12001; id++) {
      const t = catalog.title(id);
      if (t?.canRent && t.parentId === undefined && t.discIds.length === 0 && !stock.failsAdd(id)) usable.push(id);
    }
    expect(usable).toHaveLength(CLIENTS * OWN_TITLES + CONTENDED);
    const contended = usable.slice(0, CONTENDED);
    const deadline = Date.now() + DEADLINE_MS;
    const models = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) => runClient(i, usable.slice(CONTENDED + i * OWN_TITLES, CONTENDED + (i + 1) * OWN_TITLES), contended, deadline)),
    );

    expect(models.flatMap((m) => m.unexpected)).toEqual([]);
    expect(models.reduce((n, m) => n + m.requests, 0)).toBeGreaterThan(CLIENTS); // the clients really ran

    // Each contended title was won at most once (and exactly once if anyone tried it).
    for (const t of contended) expect(models.filter((m) => m.contendedWins.has(t)).length).toBeLessThanOrEqual(1);
    const wanted = new Map<number, number>();
    for (const m of models) for (const [t, p] of [...m.queue, ...m.contendedWins]) wanted.set(t, p);

    // The queue holds exactly what the clients were told, each title once, in priority order.
    const queue = await allItems(`${U}/queues/every`, 'queue_item');
    const held = queue.items.map((n) => [lastNumber(str(n, 'id')), Number(str(n, 'priority'))] as const);
    expect(queue.total).toBe(held.length);
    expect(new Set(held.map(([t]) => t)).size).toBe(held.length);
    expect(new Map(held)).toEqual(wanted);
    const priorities = held.map(([, p]) => p);
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
    const queues = parseXml((await call('GET', `${U}/queues`)).text);
    expect(nodes(queues, '/queues/queue/count').reduce((n, c) => n + Number(c.textContent), 0)).toBe(held.length);

    // The lists are exactly the ones created and not deleted, each once, with exactly their entries.
    const lists = parseXml((await call('GET', `${U}/lists`)).text);
    const listed = nodes(lists, '/lists/list').map((l) => [str(l, 'link/@href'), str(l, 'name')] as const);
    const expectedLists = new Map(models.flatMap((m) => [...m.lists].map(([href, l]) => [href, l.name] as const)));
    expect(listed).toHaveLength(expectedLists.size);
    expect(new Map(listed)).toEqual(expectedLists);
    for (const m of models) {
      for (const [href, list] of m.lists) {
        const { items, total } = await allItems(new URL(href).pathname, 'list_item');
        expect(total).toBe(items.length);
        expect(new Map(items.map((n) => [lastNumber(str(n, 'id')), str(n, 'comment')]))).toEqual(list.entries);
      }
    }
  });
});
