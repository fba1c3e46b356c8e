import { describe, expect, it } from 'vitest';
import { ALICE, BOB } from './support/signing.js';
import { BASE, COMING_SOON, freezeBefore, testWorld } from './support/world.js';
import { childNames, count, nodes, parseXml, str } from './support/xml.js';
import { as, BOBS_QUEUE, discPath, everyQueue, FILMS, getDoc, itemPath, LATER, queuesPath, SCHEMA, titleRef } from './queue-helpers.js';

// alice's queue in the default scenario, in the order the scenario adds it: [title, priority, sub-queue].
const ALICE_QUEUE: Array<[number, number, number]> = [
  [10, 1, FILMS],
  [30, 1, FILMS],
  [31, 2, FILMS],
  [50, 2, FILMS],
  [40, 3, FILMS],
  [1, 2, FILMS],
  [20, 2, FILMS],
  [60, 2, FILMS],
  [61, 2, FILMS],
  [62, 1, FILMS],
  [63, 3, FILMS],
  [64, 3, FILMS],
  [70, 2, FILMS],
  [90, 2, FILMS],
  [91, 2, FILMS],
  [92, 3, FILMS],
  [10306, 2, FILMS],
  [10307, 2, FILMS],
  [10311, 2, FILMS],
  [10316, 2, FILMS],
  [10320, 2, FILMS],
  [10322, 2, FILMS],
  [41, 2, LATER],
  [42, 2, LATER],
  [43, 1, LATER],
  [44, 2, LATER],
  [71, 2, LATER],
  [10313, 2, LATER],
  [10338, 2, LATER],
  [10345, 3, LATER],
  [10348, 2, LATER],
  [10349, 2, LATER],
  [10359, 2, LATER],
];
/** Priority first, then the order added: a stable sort by priority of the scenario order. */
const EXPECTED_ORDER = [1, 2, 3].flatMap((p) => ALICE_QUEUE.filter(([, priority]) => priority === p).map(([id]) => id));
const every = `${queuesPath()}/every`;

describe('GET /users/{guid}/queues', () => {
  const { app } = testWorld();

  it('answers the every_queue link first, then each sub-queue with name, allocation, default, count and link', async () => {
    const doc = await getDoc(app, queuesPath());
    expect(childNames(doc, '/queues')).toEqual(['link', 'queue', 'queue']);
    expect(str(doc, '/queues/link/@href')).toBe(`${BASE}${every}`);
    expect(str(doc, '/queues/link/@rel')).toBe(`${SCHEMA}/every_queue`);
    expect(str(doc, '/queues/link/@title')).toBe('every queue');
    expect(childNames(doc, '/queues/queue[1]')).toEqual(['name', 'allocation', 'default', 'count', 'link']);
    const queues = nodes(doc, '/queues/queue').map((q) => ({
      name: str(q, 'name'),
      allocation: str(q, 'allocation'),
      default: str(q, 'default'),
      count: str(q, 'count'),
      href: str(q, 'link/@href'),
      rel: str(q, 'link/@rel'),
      title: str(q, 'link/@title'),
    }));
    expect(queues).toEqual([
      { name: 'Films', allocation: '2', default: 'true', count: '22', href: `${BASE}${queuesPath()}/${FILMS}`, rel: `${SCHEMA}/queue`, title: 'Films' },
      { name: 'Later', allocation: '1', default: 'false', count: '11', href: `${BASE}${queuesPath()}/${LATER}`, rel: `${SCHEMA}/queue`, title: 'Later' },
    ]);
  });

  it('gives a user without configured sub-queues one default sub-queue', async () => {
    const carol = { guid: 'C4A1F2E3-7B6D-4C5E-8F90-A1B2C3D4E5F6', token: { key: 'carol-access-token', secret: 'carol-access-secret' } };
    const doc = await getDoc(app, queuesPath(carol), carol);
    expect(count(doc, '/queues/queue')).toBe(1);
    expect(str(doc, '/queues/queue/default')).toBe('true');
    expect(str(doc, '/queues/queue/count')).toBe('0');
  });

  it('counts match what each sub-queue holds', async () => {
    const doc = await getDoc(app, queuesPath());
    for (const q of nodes(doc, '/queues/queue')) {
      const contents = await getDoc(app, str(q, 'link/@href').slice(BASE.length));
      expect(str(contents, '/queue/total_results')).toBe(str(q, 'count'));
    }
  });

  it("refuses another user's queues with 403", async () => {
    const res = await as(app, 'GET', queuesPath(BOB));
    expect(res.status).toBe(403);
  });

  it('routes a trailing slash like the path without it', async () => {
    expect((await as(app, 'GET', `${queuesPath()}/`)).status).toBe(200);
  });
});

describe('GET /users/{guid}/queues/every', () => {
  const { app } = testWorld();

  it('holds every title of every sub-queue, by priority then the order they were added', async () => {
    const items = await everyQueue(app);
    expect(items.map((i) => i.titleId)).toEqual(EXPECTED_ORDER);
    expect(items.map((i) => i.priority)).toEqual([...items.map((i) => i.priority)].sort());
  });

  it('links each item to the sub-queue that holds it, titled with its name', async () => {
    const doc = await getDoc(app, `${every}?items_per_page=100`);
    const later = nodes(doc, `/queue/queue_item[id='${BASE}${queuesPath()}/item/43']`)[0]!;
    expect(str(later, 'link/@href')).toBe(`${BASE}${queuesPath()}/${LATER}`);
    expect(str(later, 'link/@rel')).toBe(`${SCHEMA}/queue`);
    expect(str(later, 'link/@title')).toBe('Later');
  });

  it('writes each queue_item in the order clients read it', async () => {
    const doc = await getDoc(app, every);
    const firefly = nodes(doc, '/queue/queue_item[1]')[0]!;
    expect(childNames(firefly, '.')).toEqual([
      'id',
      'priority',
      'shipped_in_order',
      'category',
      'category',
      'link',
      'catalog_title',
      'queue_disc',
      'queue_disc',
      'queue_disc',
      'queue_disc',
    ]);
    expect(str(firefly, 'id')).toBe(`${BASE}${queuesPath()}/item/10`);
    expect(str(firefly, 'priority')).toBe('1');
    expect(str(firefly, 'category[1]/@scheme')).toBe(`${BASE}/categories/availability`);
    expect(str(firefly, 'category[2]/@scheme')).toBe(`${BASE}/categories/estimated_wait`);
    expect(str(firefly, 'catalog_title/id')).toBe(`${BASE}/catalog/title/10`);
  });

  it('lists the discs of a multi-disc title, each with its own id, wait and catalog_title, shipped in order', async () => {
    const doc = await getDoc(app, every);
    const firefly = nodes(doc, '/queue/queue_item[1]')[0]!;
    expect(str(firefly, 'shipped_in_order')).toBe('true');
    const discs = nodes(firefly, 'queue_disc');
    expect(discs.map((d) => str(d, 'id'))).toEqual([11, 12, 13, 14].map((id) => `${BASE}${queuesPath()}/disc/${id}`));
    expect(discs.map((d) => str(d, 'catalog_title/id'))).toEqual([11, 12, 13, 14].map((id) => `${BASE}/catalog/title/${id}`));
    expect(childNames(discs[0]!, '.')).toEqual(['id', 'category', 'catalog_title']);
    expect(str(discs[0]!, 'category/@scheme')).toBe(`${BASE}/categories/estimated_wait`);
    // The scenario's stock table sets disc 2's wait; the others are derived (released long ago: normal).
    expect(discs.map((d) => str(d, 'category/@term'))).toEqual(['normal', 'long', 'normal', 'normal']);
  });

  it('a single-disc title has no queue_disc and is not shipped in order', async () => {
    const doc = await getDoc(app, `${every}?title_refs=${encodeURIComponent(titleRef(30))}`);
    expect(str(doc, '/queue/queue_item/shipped_in_order')).toBe('false');
    expect(count(doc, '/queue/queue_item/queue_disc')).toBe(0);
  });
});

describe('availability and estimated_wait', () => {
  const termsOf = async (app: Parameters<typeof getDoc>[0], who = ALICE) => {
    const doc = await getDoc(app, `${queuesPath(who)}/every?items_per_page=100&expand=none`, who);
    return new Map(
      nodes(doc, '/queue/queue_item').map((n) => [
        Number(str(n, 'id').split('/').pop()),
        { availability: str(n, 'category[1]/@term'), wait: str(n, 'category[2]/@term') },
      ]),
    );
  };

  it.each([
    ['a released DVD is available', 10, 'available'],
    ['a Blu-ray on her DVD and Blu-ray plan is available', 31, 'available'],
    ['a game is quarantined: her plan has no games', 40, 'quarantined'],
    ['a title released in 2099 is unavailable', 50, 'unavailable'],
  ])('alice: %s', async (_rule, id, availability) => {
    const { app, world } = testWorld();
    freezeBefore(world, COMING_SOON.release);
    expect((await termsOf(app)).get(id)?.availability).toBe(availability);
  });

  it("bob's Blu-ray is quarantined on his DVD-only plan", async () => {
    const { app } = testWorld();
    expect((await termsOf(app, BOB)).get(31)?.availability).toBe('quarantined');
    expect((await termsOf(app, BOB)).get(91)?.availability).toBe('available');
  });

  it.each([
    ['the stock table sets short', 30, 'short'],
    ['the stock table sets long', 91, 'long'],
    ['a title not yet released waits long', 50, 'long'],
    ['an old title ships normally', 10, 'normal'],
  ])('alice: %s', async (_rule, id, wait) => {
    const { app, world } = testWorld();
    freezeBefore(world, COMING_SOON.release);
    expect((await termsOf(app)).get(id)?.wait).toBe(wait);
  });

  it('follows the simulator clock: once released the title is available, a new release that waits short', async () => {
    const { app, world } = testWorld();
    world.clock.set({ mode: 'frozen', at: Date.parse('2099-02-01T12:00:00Z') });
    const terms = (await termsOf(app)).get(50);
    expect(terms).toEqual({ availability: 'available', wait: 'short' });
  });
});

describe('GET /users/{guid}/queues/{queue_id}', () => {
  const { app } = testWorld();

  it('a sub-queue holds only its own titles, in queue order', async () => {
    const doc = await getDoc(app, `${queuesPath()}/${LATER}`);
    const ids = nodes(doc, '/queue/queue_item/id').map((n) => Number(String(n.textContent).split('/').pop()));
    expect(ids).toEqual(EXPECTED_ORDER.filter((id) => ALICE_QUEUE.find(([t]) => t === id)![2] === LATER));
    expect(nodes(doc, '/queue/queue_item/link/@title').every((a) => a.nodeValue === 'Later')).toBe(true);
  });

  it('pages with the paged envelope (default 25)', async () => {
    const doc = await getDoc(app, every);
    expect(str(doc, '/queue/total_results')).toBe('33');
    expect(str(doc, '/queue/items_per_page')).toBe('25');
    expect(str(doc, '/queue/start_index')).toBe('1');
    expect(count(doc, '/queue/queue_item')).toBe(25);
    expect(str(doc, "/queue/link[@rel='next']/@href")).toBe(`${BASE}${every}?start_index=26&items_per_page=25`);
    expect(str(doc, "/queue/link[@rel='last']/@href")).toBe(`${BASE}${every}?start_index=26&items_per_page=25`);
  });

  it('the last page has no next link and the remaining items', async () => {
    const doc = await getDoc(app, `${every}?start_index=31&items_per_page=10&expand=none`);
    expect(count(doc, '/queue/queue_item')).toBe(3);
    expect(count(doc, "/queue/link[@rel='next']")).toBe(0);
    expect(str(doc, "/queue/link[@rel='last']/@href")).toBe(`${BASE}${every}?expand=none&start_index=31&items_per_page=10`);
  });

  it('walking the pages gives the whole queue once', async () => {
    const seen: string[] = [];
    let path: string | undefined = `${every}?items_per_page=7&expand=none`;
    while (path) {
      const doc = await getDoc(app, path);
      seen.push(...nodes(doc, '/queue/queue_item/id').map((n) => String(n.textContent)));
      const next = str(doc, "/queue/link[@rel='next']/@href");
      path = next ? next.slice(BASE.length) : undefined;
    }
    expect(seen.map((s) => Number(s.split('/').pop()))).toEqual(EXPECTED_ORDER);
  });

  it('clamps items_per_page to 100 and answers an empty page past the end', async () => {
    expect(str(await getDoc(app, `${every}?items_per_page=500`), '/queue/items_per_page')).toBe('100');
    const past = await getDoc(app, `${every}?start_index=200`);
    expect(str(past, '/queue/total_results')).toBe('33');
    expect(count(past, '/queue/queue_item')).toBe(0);
  });

  it.each([['start_index=0'], ['items_per_page=0'], ['items_per_page=x'], ['expand=everything']])('answers 400 to %s', async (query) => {
    const res = await as(app, 'GET', `${every}?${query}`);
    expect(res.status).toBe(400);
    expect(parseXml(res.text).documentElement?.nodeName).toBe('error');
  });

  it('filters by title_refs, matched on the path whatever the host; unknown and malformed refs match nothing', async () => {
    const refs = [titleRef(91, 'http://openapi.lovefilm.com'), titleRef(10), titleRef(999_999), 'junk', titleRef(92)].join(',');
    const doc = await getDoc(app, `${every}?title_refs=${encodeURIComponent(refs)}`);
    expect(str(doc, '/queue/total_results')).toBe('3');
    const ids = nodes(doc, '/queue/queue_item/id').map((n) => Number(String(n.textContent).split('/').pop()));
    expect(ids).toEqual([10, 91, 92]);
  });

  it('expand=none shrinks each catalog_title to id and title; expand names add the link data', async () => {
    const none = await getDoc(app, `${every}?expand=none&items_per_page=1`);
    expect(childNames(none, '/queue/queue_item/catalog_title')).toEqual(['id', 'title']);
    const synopsis = await getDoc(app, `${every}?expand=synopsis&items_per_page=1`);
    expect(str(synopsis, "/queue/queue_item/catalog_title/link[@title='synopsis']/synopsis/synopsis_text")).not.toBe('');
  });

  it.each([['9999'], ['abc'], [String(BOBS_QUEUE)]])('answers 404 to sub-queue %s, which is not one of hers', async (id) => {
    const res = await as(app, 'GET', `${queuesPath()}/${id}`);
    expect(res.status).toBe(404);
    expect(str(parseXml(res.text), '/error/reason')).toBe('Not Found');
  });

  it('answers 405 with Allow to POST on an item and PUT on a disc', async () => {
    const item = await as(app, 'POST', `${queuesPath()}/item/10`);
    expect(item.status).toBe(405);
    expect(item.headers['allow']).toBe('GET, PUT, DELETE, HEAD');
    const disc = await as(app, 'PUT', `${queuesPath()}/disc/11?priority=1`);
    expect(disc.status).toBe(405);
    expect(disc.headers['allow']).toBe('GET, DELETE, HEAD');
    expect(str(parseXml(disc.text), '/error/reason')).toBe('Method Not Allowed');
  });
});

describe('GET on a queue_item id and a queue_disc id (every id can be followed)', () => {
  const { app } = testWorld();
  const DECLARATION = '<?xml version="1.0" encoding="utf-8" standalone="yes"?>';

  /** Follows an id of an answer: 200, and the element without the declaration. */
  async function follow(id: string, query = '') {
    expect(id.startsWith(`${BASE}/`), id).toBe(true);
    const res = await as(app, 'GET', `${id.slice(BASE.length)}${query}`);
    expect(res.status, `${id}\n${res.text.slice(0, 400)}`).toBe(200);
    expect(res.text.startsWith(DECLARATION)).toBe(true);
    return { res, element: res.text.slice(DECLARATION.length) };
  }

  it('each queue_item and queue_disc id of the every-queue answers that element, byte for byte as in the queue', async () => {
    const res = await as(app, 'GET', `${every}?items_per_page=100`);
    expect(res.status).toBe(200);
    const doc = parseXml(res.text);
    const itemIds = nodes(doc, '/queue/queue_item/id').map((n) => String(n.textContent));
    const discIds = nodes(doc, '/queue/queue_item/queue_disc/id').map((n) => String(n.textContent));
    expect(itemIds).toHaveLength(ALICE_QUEUE.length);
    expect(discIds.length).toBeGreaterThan(0);
    for (const id of itemIds) {
      const { element } = await follow(id);
      expect(element.startsWith(`<queue_item><id>${id}</id>`), id).toBe(true);
      expect(res.text, id).toContain(element);
    }
    for (const id of discIds) {
      const { element } = await follow(id);
      expect(element.startsWith(`<queue_disc><id>${id}</id>`), id).toBe(true);
      expect(res.text, id).toContain(element);
    }
  });

  it('a multi-disc item comes with its discs; a disc with its own wait and catalog_title', async () => {
    const item = parseXml((await follow(`${BASE}${itemPath(10)}`)).res.text);
    expect(nodes(item, '/queue_item/queue_disc/id').map((n) => n.textContent)).toEqual([11, 12, 13, 14].map((d) => `${BASE}${discPath(d)}`));
    const disc = parseXml((await follow(`${BASE}${discPath(12)}`)).res.text);
    expect(childNames(disc, '/queue_disc')).toEqual(['id', 'category', 'catalog_title']);
    expect(str(disc, '/queue_disc/category/@term')).toBe('long');
    expect(str(disc, '/queue_disc/catalog_title/id')).toBe(`${BASE}/catalog/title/12`);
  });

  it('takes expand like the queue: none shrinks the titles, an unknown name is 400', async () => {
    const doc = parseXml((await follow(`${BASE}${itemPath(10)}`, '?expand=none')).res.text);
    expect(childNames(doc, '/queue_item/catalog_title')).toEqual(['id', 'title']);
    expect(childNames(doc, '/queue_item/queue_disc[1]/catalog_title')).toEqual(['id', 'title']);
    expect((await as(app, 'GET', `${itemPath(10)}?expand=everything`)).status).toBe(400);
    expect((await as(app, 'GET', `${discPath(11)}?expand=everything`)).status).toBe(400);
  });

  it("carries the queues' ETag and answers 304 to it, like every queue read", async () => {
    const tag = (await as(app, 'GET', every)).headers['etag'] as string;
    for (const path of [itemPath(10), discPath(11)]) {
      const res = await as(app, 'GET', path);
      expect(res.headers['etag'], path).toBe(tag);
      const cached = await as(app, 'GET', path).set('If-None-Match', tag);
      expect(cached.status, path).toBe(304);
      expect(cached.text ?? '').toBe('');
    }
  });

  it.each([
    ['a title not in her queue', itemPath(99999), /not in the queue/],
    ['a non-numeric id', `${queuesPath()}/item/abc`, /not in the queue/],
    ['a disc id, which says where the disc is', itemPath(11), /disc .*queues\/disc\/11/],
    ["a title of bob's queue, under her GUID", itemPath(10362), /not in the queue/],
    ['a disc not in her queue', discPath(99999), /no disc/],
    ['a non-numeric disc id', `${queuesPath()}/disc/abc`, /no disc/],
    ["a queued title's id on the disc path, which says where the title is", discPath(10), /queued title.*queues\/item\/10/],
  ])('answers 404 Not Found to %s', async (_rule, path, details) => {
    const res = await as(app, 'GET', path);
    expect(res.status).toBe(404);
    const doc = parseXml(res.text);
    expect(str(doc, '/error/reason')).toBe('Not Found');
    expect(str(doc, '/error/details')).toMatch(details);
  });

  it("refuses another user's queue item and disc with 403", async () => {
    expect((await as(app, 'GET', itemPath(10, BOB))).status).toBe(403);
    expect((await as(app, 'GET', discPath(11, BOB))).status).toBe(403);
  });
});
