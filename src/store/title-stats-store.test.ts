import { describe, expect, it } from 'vitest';
import { ALICE, BOB } from '../../test/support/signing.js';
import { testWorld } from '../../test/support/world.js';
import { createStateDb } from './state-db.js';
import { TitleStatsStore } from './title-stats-store.js';

const fresh = () => testWorld('default').world.sandbox('test-consumer-key');
const rate = 'INSERT OR REPLACE INTO ratings (user_guid, title_id, rating, updated, seq) VALUES (?, ?, ?, ?, ?)';

/** Every title's ratings read straight from the table: the oracle. */
function ratingsByQuery(db: ReturnType<typeof fresh>['db'], titleId: number): number[] {
  return db.prepare<[number], number>('SELECT rating FROM ratings WHERE title_id = ?').pluck().all(titleId);
}

describe('TitleStatsStore.userRatingsOf, with the rated titles kept until the ratings table changes', () => {
  it('answers the ratings of rated titles and none for the others, as the table says', () => {
    const { db, stores } = fresh();
    const rated = db.prepare<[], number>('SELECT DISTINCT title_id FROM ratings').pluck().all();
    expect(rated.length).toBeGreaterThan(0);
    for (const id of [...rated, 1, 2, 3, 999_999]) expect(stores.titleStats.userRatingsOf(id)).toEqual(ratingsByQuery(db, id));
  });

  it.each([
    ['a new rating', (db: ReturnType<typeof fresh>['db']) => db.prepare(rate).run(BOB.guid, 7, 4, '2020-01-01', 1)],
    [
      'a changed rating',
      (db: ReturnType<typeof fresh>['db']) => db.prepare('UPDATE ratings SET title_id = 7 WHERE rowid = (SELECT min(rowid) FROM ratings)').run(),
    ],
  ])('sees %s at once, whoever writes it', (_what, write) => {
    const { db, stores } = fresh();
    expect(stores.titleStats.userRatingsOf(7)).toEqual([]);
    write(db);
    expect(stores.titleStats.userRatingsOf(7)).toEqual(ratingsByQuery(db, 7));
    expect(stores.titleStats.userRatingsOf(7).length).toBeGreaterThan(0);
  });

  it('forgets a deleted rating', () => {
    const { db, stores } = fresh();
    const id = db.prepare<[string], number>('SELECT title_id FROM ratings WHERE user_guid = ? LIMIT 1').pluck().get(ALICE.guid)!;
    expect(stores.titleStats.userRatingsOf(id).length).toBeGreaterThan(0);
    db.prepare('DELETE FROM ratings WHERE title_id = ?').run(id);
    expect(stores.titleStats.userRatingsOf(id)).toEqual([]);
  });

  it('inside a transaction sees its writes, and after a rollback no longer does', () => {
    const { db, stores } = fresh();
    db.exec('BEGIN');
    db.prepare(rate).run(BOB.guid, 8, 5, '2020-01-01', 1);
    expect(stores.titleStats.userRatingsOf(8)).toEqual([5]);
    db.exec('ROLLBACK');
    expect(stores.titleStats.userRatingsOf(8)).toEqual([]);
  });

  it('with more than 10,000 rated titles asks the table for each title, and still answers right', () => {
    const db = createStateDb();
    const insert = db.prepare(rate);
    db.transaction(() => {
      for (let id = 1; id <= 10_001; id++) insert.run(ALICE.guid, id, (id % 5) + 1, '2020-01-01', id);
    })();
    const store = new TitleStatsStore(db);
    expect([1, 5_000, 10_001, 10_002].map((id) => store.userRatingsOf(id))).toEqual([[2], [1], [2], []]);
    db.prepare('DELETE FROM ratings WHERE title_id > 9000').run();
    expect([1, 5_000, 10_001].map((id) => store.userRatingsOf(id))).toEqual([[2], [1], []]);
  });

  it('answers through userRatingsLookup as userRatingsOf does, inside a transaction too', () => {
    const { db, stores } = fresh();
    const rated = db.prepare<[], number>('SELECT DISTINCT title_id FROM ratings').pluck().all();
    const ids = [...rated, 1, 2, 3, 8, 999_999];
    const lookup = stores.titleStats.userRatingsLookup();
    for (const id of ids) expect(lookup(id)).toEqual(ratingsByQuery(db, id));
    db.exec('BEGIN');
    db.prepare(rate).run(BOB.guid, 8, 5, '2020-01-01', 1);
    const inside = stores.titleStats.userRatingsLookup();
    expect(inside(8)).toEqual([5]);
    db.exec('ROLLBACK');
    const afterRollback = stores.titleStats.userRatingsLookup();
    for (const id of ids) expect(afterRollback(id)).toEqual(ratingsByQuery(db, id));
    expect(afterRollback(8)).toEqual([]);
  });

  it('with more than 10,000 rated titles answers through userRatingsLookup by asking the table', () => {
    const db = createStateDb();
    const insert = db.prepare(rate);
    db.transaction(() => {
      for (let id = 1; id <= 10_001; id++) insert.run(ALICE.guid, id, (id % 5) + 1, '2020-01-01', id);
    })();
    const lookup = new TitleStatsStore(db).userRatingsLookup();
    expect([1, 5_000, 10_001, 10_002].map(lookup)).toEqual([[2], [1], [2], []]);
  });
});
