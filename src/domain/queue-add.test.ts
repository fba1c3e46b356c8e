import { describe, expect, it } from 'vitest';
import { decideListAdds, decideQueueAdds, planQueueAdds, type AddableTitle, type QueueAddFacts } from './queue-add.js';

const TITLES: Record<number, AddableTitle> = {
  1: { id: 1, fullTitle: 'One', canRent: true },
  2: { id: 2, fullTitle: 'Two', canRent: true },
  3: { id: 3, fullTitle: 'Not for rent', canRent: false },
  4: { id: 4, fullTitle: 'Series', canRent: true },
  5: { id: 5, fullTitle: 'Series disc 1', canRent: true, parentId: 4 },
  6: { id: 6, fullTitle: 'Cursed', canRent: true },
};

const facts = (over: Partial<QueueAddFacts> = {}): QueueAddFacts => ({
  titleOf: (id) => TITLES[id],
  isQueued: (id) => id === 2,
  failsAdd: (id) => id === 6,
  queuedCount: 1,
  cap: 500,
  ...over,
});

const ref = (id: number | string) => `http://h/catalog/title/${id}`;
const why = (refs: string[], f = facts()) => decideQueueAdds(refs, f).map((d) => (d.ok ? 'ok' : d.why));

describe('decideQueueAdds: why a ref fails', () => {
  it.each([
    ['a rentable title that is not queued is added', ref(1), 'ok'],
    ['a malformed ref fails', 'hello', 'not a title reference'],
    ['a person ref is malformed', 'http://h/catalog/person/1', 'not a title reference'],
    ['an unknown title fails', ref(999), 'no title 999'],
    ['a title already queued fails', ref(2), 'already in a queue'],
    ['a title that cannot be rented fails', ref(3), 'cannot be rented'],
    ['a disc fails and names its title', ref(5), 'one disc of title 4'],
    ['a title the scenario marks fails', ref(6), 'scenario marks it to fail'],
  ])('%s', (_rule, r, expected) => expect(why([r])[0]).toContain(expected));

  it('a ref repeated in one request is added once', () => {
    expect(why([ref(1), ref(1)])).toEqual(['ok', 'title 1 is already in a queue']);
  });

  it('the cap counts titles added earlier in the same request', () => {
    const out = why([ref(1), ref(4)], facts({ queuedCount: 9, cap: 10 }));
    expect(out[0]).toBe('ok');
    expect(out[1]).toContain('the queue is full: at most 10');
  });

  it('a full queue refuses everything, after the other checks', () => {
    expect(why([ref(1), ref(2)], facts({ queuedCount: 5, cap: 5 }))).toEqual([
      'the queue is full: at most 5 titles across all sub-queues; remove one first',
      'title 2 is already in a queue',
    ]);
  });

  it('keeps the ref as sent', () => {
    const [d] = decideQueueAdds([' http://other.host/catalog/title/1 '], facts());
    expect(d).toMatchObject({ ok: true, ref: ' http://other.host/catalog/title/1 ', title: { id: 1 } });
  });
});

describe('decideListAdds: why a ref fails', () => {
  const listFacts = { titleOf: (id: number) => TITLES[id], inList: (id: number) => id === 2, failsAdd: (id: number) => id === 6 };
  it.each([
    ['a new title is added', ref(1), 'ok'],
    ['a title that cannot be rented may still be listed', ref(3), 'ok'],
    ['a disc may be listed', ref(5), 'ok'],
    ['a title already in the list fails', ref(2), 'already in this list'],
    ['an unknown title fails', ref(999), 'no title 999'],
    ['a malformed ref fails', '/catalog/title/x', 'not a title reference'],
    ['a title the scenario marks fails', ref(6), 'scenario marks it to fail'],
  ])('%s', (_rule, r, expected) => {
    const [d] = decideListAdds([r], listFacts);
    expect(d!.ok ? 'ok' : d!.why).toContain(expected);
  });

  it('a ref repeated in one request is added once', () => {
    expect(decideListAdds([ref(1), ref(1)], listFacts).map((d) => d.ok)).toEqual([true, false]);
  });
});

describe('planQueueAdds: what a POST to a queue writes', () => {
  const target = (queue: 'every' | { id: number }) => ({ userGuid: 'U', queue, defaultQueueId: () => 10, priority: 3 });
  const series: AddableTitle = { id: 7, fullTitle: 'Series', canRent: true, discIds: [71, 72] };
  const withSeries = facts({ titleOf: (id) => (id === 7 ? series : TITLES[id]) });

  it('posting to every adds to the default sub-queue, at the priority asked', () => {
    const plan = planQueueAdds([ref(1)], target('every'), facts());
    expect(plan.items).toEqual([{ userGuid: 'U', queueId: 10, titleId: 1, priority: 3, shippedInOrder: false, discIds: [] }]);
  });

  it('posting to a sub-queue adds there and never looks up the default', () => {
    const plan = planQueueAdds([ref(1)], { ...target({ id: 4 }), defaultQueueId: () => expect.unreachable() }, facts());
    expect(plan.items.map((i) => i.queueId)).toEqual([4]);
  });

  it('a series comes with all its discs, shipped in order', () => {
    expect(planQueueAdds([ref(7)], target({ id: 4 }), withSeries).items[0]).toMatchObject({ titleId: 7, discIds: [71, 72], shippedInOrder: true });
  });

  it('only refs that pass become items; the decisions keep every ref in order', () => {
    const plan = planQueueAdds([ref(2), ref(1), 'x'], target({ id: 4 }), facts());
    expect(plan.decisions.map((d) => d.ok)).toEqual([false, true, false]);
    expect(plan.items.map((i) => i.titleId)).toEqual([1]);
  });

  it.each([
    ['one title without discs is one statement', [ref(1)], true],
    ['nothing to add is no statement at all', [ref(2)], true],
    ['two titles need a transaction', [ref(1), ref(4)], false],
    ['one series (title and disc rows) needs a transaction', [ref(7)], false],
  ])('%s', (_rule, refs, oneStatement) => {
    expect(planQueueAdds(refs, target({ id: 4 }), withSeries).oneStatement).toBe(oneStatement);
  });
});
