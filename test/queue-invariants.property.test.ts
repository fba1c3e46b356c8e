import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONSUMER } from './support/signing.js';
import { testWorld } from './support/world.js';
import { nodes, parseXml, str } from './support/xml.js';
import { as, discPath, FILMS, getDoc, itemPath, LATER, listsPath, queuesPath, titleRef } from './queue-helpers.js';

// Random sequences of queue and collection operations over HTTP, against one world reset before each run.
// After every operation: no title is queued twice, every queued disc has its item, the queue is ordered by
// priority then insertion, counts match contents; and a rejected request (4xx) changed nothing at all.

/** Titles the operations pick from: queued and free ones, a multi-disc title and its discs, refusals. */
const TITLES = [10, 30, 31, 40, 50, 51, 91, 10361, 10376, 10382, 10393, 10394, 10401, 10402, 10403, 11, 12, 999_999];
const DISCS = [11, 12, 13, 14, 10376];
const QUEUES = ['every', String(FILMS), String(LATER), '9999'];
const LISTS = ['7001', '7002', '9999'];
const PRIORITIES = [undefined, '1', '2', '3', '0', 'x'];
const IF_MATCH = [undefined, 'current', 'stale'] as const;

const ref = fc.oneof(
  fc.constantFrom(...TITLES).map((id) => titleRef(id)),
  fc.constant('junk'),
);
const refs = fc.array(ref, { minLength: 0, maxLength: 3 }).map((r) => r.join(','));

type Op =
  | { kind: 'queue-add'; queue: string; refs: string; priority?: string; ifMatch?: 'current' | 'stale' }
  | { kind: 'queue-put'; title: number; priority?: string; queueRef?: string; ifMatch?: 'current' | 'stale' }
  | { kind: 'queue-delete'; title: number; ifMatch?: 'current' | 'stale' }
  | { kind: 'disc-delete'; disc: number }
  | { kind: 'list-create'; name: string; isPublic: string }
  | { kind: 'list-add'; list: string; refs: string }
  | { kind: 'list-remove'; list: string; title: number }
  | { kind: 'list-delete'; list: string };

// Queue adds and moves are weighted up: they are where most rules meet (refs, priority, cap, If-Match).
const op: fc.Arbitrary<Op | Op[]> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('queue-add' as const),
      queue: fc.constantFrom(...QUEUES),
      refs,
      priority: fc.constantFrom(...PRIORITIES),
      ifMatch: fc.constantFrom(...IF_MATCH),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('queue-put' as const),
      title: fc.constantFrom(...TITLES),
      priority: fc.constantFrom(...PRIORITIES),
      queueRef: fc.constantFrom(undefined, ...QUEUES, 'junk'),
      ifMatch: fc.constantFrom(...IF_MATCH),
    }),
  },
  fc.record({ kind: fc.constant('queue-delete' as const), title: fc.constantFrom(...TITLES), ifMatch: fc.constantFrom(...IF_MATCH) }),
  // Several discs at once, so that runs often remove the last disc of a title.
  fc.subarray(DISCS, { minLength: 1 }).map((discs) => discs.map((disc): Op => ({ kind: 'disc-delete', disc }))),
  fc.record({ kind: fc.constant('list-create' as const), name: fc.constantFrom('', 'Weekend', 'x'), isPublic: fc.constantFrom('true', 'false', 'maybe') }),
  fc.record({ kind: fc.constant('list-add' as const), list: fc.constantFrom(...LISTS), refs }),
  fc.record({ kind: fc.constant('list-remove' as const), list: fc.constantFrom(...LISTS), title: fc.constantFrom(...TITLES) }),
  fc.record({ kind: fc.constant('list-delete' as const), list: fc.constantFrom(...LISTS) }),
);

const clean = <T extends Record<string, string | undefined>>(form: T) =>
  Object.fromEntries(Object.entries(form).filter(([, v]) => v !== undefined)) as Record<string, string>;

describe('queue and collection invariants under random operations', () => {
  const { app, world } = testWorld();
  const db = () => world.sandbox(CONSUMER.key).db;

  /** Everything the operations can touch, as stored: a rejected request must leave it byte-identical. */
  const snapshot = () =>
    JSON.stringify([
      db().prepare('SELECT * FROM queues ORDER BY id').all(),
      db().prepare('SELECT * FROM queue_items ORDER BY user_guid, title_id').all(),
      db().prepare('SELECT * FROM queue_discs ORDER BY user_guid, disc_id').all(),
      db().prepare('SELECT * FROM lists ORDER BY id').all(),
      db().prepare('SELECT * FROM list_entries ORDER BY list_id, title_id').all(),
    ]);

  const etag = async () => (await as(app, 'GET', queuesPath())).headers['etag'] as string;

  async function run(o: Op) {
    const match = async (m?: 'current' | 'stale') => (m === 'current' ? await etag() : m === 'stale' ? '"0000000000000000"' : undefined);
    const withIfMatch = async (req: ReturnType<typeof as>, m?: 'current' | 'stale') => {
      const tag = await match(m);
      return tag ? req.set('If-Match', tag) : req;
    };
    switch (o.kind) {
      case 'queue-add':
        return withIfMatch(as(app, 'POST', `${queuesPath()}/${o.queue}`, clean({ title_refs: o.refs, priority: o.priority })), o.ifMatch);
      case 'queue-put': {
        const queueRef = o.queueRef === undefined ? undefined : o.queueRef === 'junk' ? 'junk' : `http://elsewhere${queuesPath()}/${o.queueRef}`;
        return withIfMatch(as(app, 'PUT', itemPath(o.title), clean({ priority: o.priority, queue_ref: queueRef })), o.ifMatch);
      }
      case 'queue-delete':
        return withIfMatch(as(app, 'DELETE', itemPath(o.title)), o.ifMatch);
      case 'disc-delete':
        return as(app, 'DELETE', discPath(o.disc));
      case 'list-create':
        return as(app, 'POST', listsPath(), clean({ name: o.name, public: o.isPublic }));
      case 'list-add':
        return as(app, 'POST', `${listsPath()}/${o.list}`, clean({ title_refs: o.refs, comment: 'c' }));
      case 'list-remove':
        return as(app, 'DELETE', `${listsPath()}/${o.list}/${o.title}`);
      case 'list-delete':
        return as(app, 'DELETE', `${listsPath()}/${o.list}`);
    }
  }

  async function checkInvariants(listsToo: boolean) {
    const every = await getDoc(app, `${queuesPath()}/every?items_per_page=100&expand=none`);
    const items = nodes(every, '/queue/queue_item').map((n) => ({
      title: Number(str(n, 'id').split('/').pop()),
      priority: Number(str(n, 'priority')),
      queue: str(n, 'link/@title'),
      discs: nodes(n, 'queue_disc').length,
    }));
    const titles = items.map((i) => i.title);
    expect(new Set(titles).size, 'no title twice').toBe(titles.length);
    expect(Number(str(every, '/queue/total_results'))).toBe(items.length);

    const rows = db()
      .prepare<[], { title_id: number; priority: number; seq: number }>(
        "SELECT title_id, priority, seq FROM queue_items WHERE user_guid = (SELECT guid FROM users WHERE login = 'alice')",
      )
      .all();
    const expectedOrder = [...rows].sort((a, b) => a.priority - b.priority || a.seq - b.seq).map((r) => r.title_id);
    expect(titles, 'priority, then the order added').toEqual(expectedOrder);

    const orphans = db()
      .prepare('SELECT d.disc_id FROM queue_discs d LEFT JOIN queue_items i ON i.user_guid = d.user_guid AND i.title_id = d.title_id WHERE i.title_id IS NULL')
      .all();
    expect(orphans, 'every disc has its item').toEqual([]);
    const discless = db()
      .prepare(
        'SELECT i.title_id FROM queue_items i WHERE i.shipped_in_order = 1 AND NOT EXISTS (SELECT 1 FROM queue_discs d WHERE d.user_guid = i.user_guid AND d.title_id = i.title_id)',
      )
      .all();
    expect(discless, 'a multi-disc item keeps at least one disc').toEqual([]);

    const queues = await getDoc(app, queuesPath());
    for (const q of nodes(queues, '/queues/queue')) {
      expect(Number(str(q, 'count')), `count of ${str(q, 'name')}`).toBe(items.filter((i) => i.queue === str(q, 'name')).length);
    }

    if (!listsToo) return;
    const lists = await getDoc(app, listsPath());
    for (const href of nodes(lists, '/lists/list/link/@href').map((a) => String(a.nodeValue))) {
      const entries = await getDoc(app, `${new URL(href).pathname}?items_per_page=100&expand=none`);
      const ids = nodes(entries, '/list_items/list_item/id').map((n) => n.textContent);
      expect(new Set(ids).size, 'no title twice in a list').toBe(ids.length);
      expect(Number(str(entries, '/list_items/total_results'))).toBe(ids.length);
    }
  }

  it('hold after every operation, and rejected requests change nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 6 }), async (ops) => {
        world.reset();
        for (const o of ops.flat()) {
          const before = snapshot();
          const res = await run(o);
          expect(res.status, `${JSON.stringify(o)} -> ${res.text}`).toBeLessThan(500);
          // Never an empty body (docs/reference/wire-format.md#the-body), and always well-formed XML (parseXml
          // throws otherwise).
          expect(res.text.length, `${JSON.stringify(o)} answered an empty body`).toBeGreaterThan(0);
          parseXml(res.text);
          if (res.status >= 400) expect(snapshot(), `${JSON.stringify(o)} was rejected (${res.status}) but changed the state`).toBe(before);
          await checkInvariants(o.kind.startsWith('list'));
        }
      }),
      { numRuns: 30, endOnFailure: true },
    );
  }, 60_000);
});
