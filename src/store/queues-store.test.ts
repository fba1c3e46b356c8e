import { describe, expect, it } from 'vitest';
import { ALICE, BOB, CAROL } from '../../test/support/signing.js';
import { testWorld } from '../../test/support/world.js';
import { setDigest } from '../domain/state-digest.js';
import type { Db } from './db.js';

/** The rule the triggers keep, written out: the set digest of the user's rows in the three queue tables. */
function expectedDigest(db: Db, guid: string): number {
  const rows = (sql: string) => db.prepare(sql).raw().all(guid) as Array<Array<string | number>>;
  return setDigest([
    ...rows('SELECT id, allocation, is_default, position, name FROM queues WHERE user_guid = ?').map((r) => ['queues', ...r]),
    ...rows('SELECT title_id, queue_id, priority, seq, shipped_in_order FROM queue_items WHERE user_guid = ?').map((r) => ['queue_items', ...r]),
    ...rows('SELECT title_id, disc_id, position FROM queue_discs WHERE user_guid = ?').map((r) => ['queue_discs', ...r]),
  ]);
}

const discRows = (db: Db, guid: string, titleId: number) =>
  db.prepare('SELECT disc_id, position FROM queue_discs WHERE user_guid = ? AND title_id = ? ORDER BY position').raw().all(guid, titleId);

describe('QueuesStore.stateDigest (what the queue ETag hashes)', () => {
  const fresh = () => testWorld('default').world.sandbox('test-consumer-key');

  it.each([
    ['sub-queues, items and discs (alice: two sub-queues, a four-disc series)', ALICE.guid],
    ['one sub-queue (bob)', BOB.guid],
    ['a default sub-queue and no items (carol)', CAROL.guid],
  ])('is the set digest of the seeded rows: %s', (_rule, guid) => {
    const { db, stores } = fresh();
    expect(stores.queues.stateDigest(guid)).toBe(expectedDigest(db, guid));
    expect(stores.queues.stateDigest(guid)).not.toBe(0);
  });

  it('is 0 for a user the sandbox does not have', () => {
    expect(fresh().stores.queues.stateDigest('NO-SUCH-USER')).toBe(0);
  });

  it('follows every kind of write, and an undone write gives the old digest back', () => {
    const {
      db,
      stores: { queues },
    } = fresh();
    const guid = ALICE.guid;
    const before = queues.stateDigest(guid);
    const [first, second] = queues.subQueues(guid);
    const seen = new Set([before]);
    const step = (write: () => void) => {
      write();
      const now = queues.stateDigest(guid);
      expect(now).toBe(expectedDigest(db, guid));
      expect(seen.has(now)).toBe(false);
      seen.add(now);
    };
    step(() => queues.add({ userGuid: guid, queueId: second!.id, titleId: 123456, priority: 1, shippedInOrder: true, discIds: [3, 1, 2] }));
    step(() => queues.update(guid, 10, 3, second!.id));
    step(() => queues.removeDisc(guid, 1));
    step(() => queues.remove(guid, 123456));
    queues.update(guid, 10, 1, first!.id);
    expect(queues.stateDigest(guid)).toBe(before);
  });

  it('a removed disc closes its gap: positions stay 1..n in order, as loading an export would number them', () => {
    const {
      db,
      stores: { queues },
    } = fresh();
    const guid = BOB.guid;
    const queue = queues.defaultQueue(guid)!;
    queues.add({ userGuid: guid, queueId: queue.id, titleId: 123456, priority: 2, shippedInOrder: true, discIds: [7, 5, 9, 4] });
    queues.removeDisc(guid, 5);
    expect(discRows(db, guid, 123456)).toEqual([
      [7, 1],
      [9, 2],
      [4, 3],
    ]);
    queues.removeDisc(guid, 4);
    expect(discRows(db, guid, 123456)).toEqual([
      [7, 1],
      [9, 2],
    ]);
    expect(queues.item(guid, 123456)?.discIds).toEqual([7, 9]);
    expect(queues.stateDigest(guid)).toBe(expectedDigest(db, guid));
  });

  it('a rolled-back write leaves the digest as it was', () => {
    const sandbox = fresh();
    const { queues } = sandbox.stores;
    const before = queues.stateDigest(ALICE.guid);
    expect(() =>
      sandbox.write(() => {
        queues.remove(ALICE.guid, 10);
        throw new Error('half-way');
      }),
    ).toThrow('half-way');
    expect(queues.stateDigest(ALICE.guid)).toBe(before);
  });
});

describe('QueuesStore.defaultQueue and subQueue', () => {
  const fresh = () => testWorld('default').world.sandbox('test-consumer-key');

  it.each<[string, string, string | undefined]>([
    ['the sub-queue marked default', '', 'Films'],
    ['the default even when it is not first', 'UPDATE queues SET position = 1 - position WHERE user_guid = @guid', 'Films'],
    ['the first sub-queue when none is marked', 'UPDATE queues SET is_default = 0 WHERE user_guid = @guid', 'Films'],
    [
      'the first of the others when none is marked and the order changes',
      'UPDATE queues SET is_default = 0, position = 1 - position WHERE user_guid = @guid',
      'Later',
    ],
    ['none for a user with no sub-queues', 'DELETE FROM queues WHERE user_guid = @guid', undefined],
  ])('is %s', (_rule, sql, expected) => {
    const {
      db,
      stores: { queues },
    } = fresh();
    if (sql) db.prepare(sql).run({ guid: ALICE.guid });
    expect(queues.defaultQueue(ALICE.guid)?.name).toBe(expected);
  });

  it('sub-queues are kept across item writes and read afresh when a queues row changes, whoever changes it', () => {
    const {
      db,
      stores: { queues },
    } = fresh();
    const before = queues.subQueues(ALICE.guid);
    queues.remove(ALICE.guid, 10);
    expect(queues.subQueues(ALICE.guid)).toBe(before);
    expect(Object.isFrozen(before[0])).toBe(true);
    db.prepare("UPDATE queues SET name = 'Movies' WHERE user_guid = ? AND position = 0").run(ALICE.guid);
    expect(queues.subQueues(ALICE.guid).map((q) => q.name)).toEqual(['Movies', 'Later']);
    expect(queues.defaultQueue(ALICE.guid)?.name).toBe('Movies');
  });

  it('subQueue finds a sub-queue of this user only', () => {
    const { queues } = fresh().stores;
    const [films] = queues.subQueues(ALICE.guid);
    expect(queues.subQueue(ALICE.guid, films!.id)).toEqual(films);
    expect(queues.subQueue(BOB.guid, films!.id)).toBeUndefined();
    expect(queues.subQueue(ALICE.guid, 999_999)).toBeUndefined();
  });
});

describe('QueuesStore.item', () => {
  it.each<[string, number, number[] | undefined]>([
    ['a multi-disc title comes with its discs in order', 10, [11, 12, 13, 14]],
    ['a single title has no discs', 91, []],
    ['a title not queued is not there', 10376, undefined],
  ])('%s', (_rule, titleId, discs) => {
    const { queues } = testWorld('default').world.sandbox('test-consumer-key').stores;
    expect(queues.item(ALICE.guid, titleId)?.discIds).toEqual(discs);
  });

  it('follows the disc positions, not the disc ids', () => {
    const { queues } = testWorld('default').world.sandbox('test-consumer-key').stores;
    queues.add({ userGuid: BOB.guid, queueId: queues.defaultQueue(BOB.guid)!.id, titleId: 123456, priority: 2, shippedInOrder: true, discIds: [30, 4, 200] });
    expect(queues.item(BOB.guid, 123456)).toEqual({
      userGuid: BOB.guid,
      queueId: queues.defaultQueue(BOB.guid)!.id,
      titleId: 123456,
      priority: 2,
      seq: expect.any(Number),
      shippedInOrder: true,
      discIds: [30, 4, 200],
    });
  });
});

describe('QueuesStore.countItems and the queue_item sequence (kept by the queue triggers)', () => {
  const fresh = () => testWorld('default').world.sandbox('test-consumer-key');
  const counted = (db: Db, guid: string) => db.prepare('SELECT count(*) FROM queue_items WHERE user_guid = ?').pluck().get(guid);
  const sequence = (db: Db) => db.prepare("SELECT value FROM sequences WHERE name = 'queue_item'").pluck().get() as number | undefined;
  const seqOf = (db: Db, guid: string, titleId: number) =>
    db.prepare('SELECT seq FROM queue_items WHERE user_guid = ? AND title_id = ?').pluck().get(guid, titleId) as number;

  it("countItems is the number of the user's items after every kind of write, whoever makes it", () => {
    const sandbox = fresh();
    const {
      db,
      stores: { queues },
    } = sandbox;
    const check = () => {
      for (const guid of [ALICE.guid, BOB.guid, CAROL.guid]) expect(queues.countItems(guid)).toBe(counted(db, guid));
    };
    check();
    expect(queues.countItems(CAROL.guid)).toBe(0);
    const films = queues.defaultQueue(ALICE.guid)!;
    queues.add({ userGuid: ALICE.guid, queueId: films.id, titleId: 123456, priority: 1, shippedInOrder: true, discIds: [1, 2] });
    queues.add({ userGuid: CAROL.guid, queueId: queues.defaultQueue(CAROL.guid)!.id, titleId: 91, priority: 1, shippedInOrder: false, discIds: [] });
    check();
    queues.update(ALICE.guid, 123456, 3, queues.subQueues(ALICE.guid)[1]!.id);
    queues.removeDisc(ALICE.guid, 1);
    check();
    queues.remove(ALICE.guid, 123456);
    db.prepare('DELETE FROM queue_items WHERE user_guid = ? AND title_id = 10').run(ALICE.guid);
    check();
    expect(() =>
      sandbox.write(() => {
        queues.remove(BOB.guid, queues.items(BOB.guid)[0]!.titleId);
        throw new Error('half-way');
      }),
    ).toThrow('half-way');
    check();
    expect(queues.countItems('NO-SUCH-USER')).toBe(0);
  });

  it('an added title takes the next value of the sequence, after every seq seeded, so it is last among its priority', () => {
    const {
      db,
      stores: { queues },
    } = fresh();
    const seeded = db.prepare('SELECT max(seq) FROM queue_items').pluck().get() as number;
    expect(sequence(db)).toBeGreaterThanOrEqual(seeded);
    const start = sequence(db)!;
    const queue = queues.defaultQueue(BOB.guid)!;
    queues.add({ userGuid: BOB.guid, queueId: queue.id, titleId: 123001, priority: 1, shippedInOrder: false, discIds: [] });
    queues.add({ userGuid: ALICE.guid, queueId: queues.defaultQueue(ALICE.guid)!.id, titleId: 123456, priority: 1, shippedInOrder: false, discIds: [] });
    queues.add({ userGuid: BOB.guid, queueId: queue.id, titleId: 123002, priority: 1, shippedInOrder: false, discIds: [] });
    expect([seqOf(db, BOB.guid, 123001), seqOf(db, ALICE.guid, 123456), seqOf(db, BOB.guid, 123002)]).toEqual([start + 1, start + 2, start + 3]);
    expect(sequence(db)).toBe(start + 3);
    const bobs = queues
      .items(BOB.guid)
      .filter((i) => i.priority === 1)
      .map((i) => i.titleId);
    expect(bobs.slice(-2)).toEqual([123001, 123002]);
  });

  it('a row inserted with its own seq (seeding, a loaded export) moves the sequence up to it, never down', () => {
    const {
      db,
      stores: { queues },
    } = fresh();
    const start = sequence(db)!;
    const insert = db.prepare('INSERT INTO queue_items (user_guid, title_id, queue_id, priority, seq, shipped_in_order) VALUES (?, ?, ?, 1, ?, 0)');
    const queue = queues.defaultQueue(CAROL.guid)!.id;
    insert.run(CAROL.guid, 91, queue, start + 50);
    expect(sequence(db)).toBe(start + 50);
    insert.run(CAROL.guid, 92, queue, 1);
    expect(sequence(db)).toBe(start + 50);
    queues.add({ userGuid: CAROL.guid, queueId: queue, titleId: 93, priority: 1, shippedInOrder: false, discIds: [] });
    expect(seqOf(db, CAROL.guid, 93)).toBe(start + 51);
  });

  it('starts at 1 in a state with no such sequence yet, and a rolled-back add takes no value', () => {
    const sandbox = fresh();
    const {
      db,
      stores: { queues },
    } = sandbox;
    db.prepare("DELETE FROM sequences WHERE name = 'queue_item'").run();
    const queue = queues.defaultQueue(CAROL.guid)!.id;
    expect(() =>
      sandbox.write(() => {
        queues.add({ userGuid: CAROL.guid, queueId: queue, titleId: 91, priority: 1, shippedInOrder: false, discIds: [] });
        throw new Error('half-way');
      }),
    ).toThrow('half-way');
    expect(sequence(db)).toBeUndefined();
    queues.add({ userGuid: CAROL.guid, queueId: queue, titleId: 91, priority: 1, shippedInOrder: false, discIds: [] });
    expect(seqOf(db, CAROL.guid, 91)).toBe(1);
    expect(sequence(db)).toBe(1);
  });
});
