import { describe, expect, it } from 'vitest';
import { ALICE, BOB } from '../../test/support/signing.js';
import { testWorld } from '../../test/support/world.js';
import { tableVersion } from './table-versions.js';

const fresh = () => testWorld('default').world.sandbox('test-consumer-key');

describe('UsersStore.byGuid, kept until a users row changes', () => {
  it('keeps the same user across writes to other tables', () => {
    const sandbox = fresh();
    const { users, queues } = sandbox.stores;
    const before = users.byGuid(ALICE.guid);
    sandbox.write(() => queues.remove(ALICE.guid, 10));
    expect(users.byGuid(ALICE.guid)).toBe(before);
  });

  it.each([
    ['an update', "UPDATE users SET plan = 'games' WHERE guid = ?", (u?: { plan: string }) => u?.plan, 'games'],
    ['a delete', 'DELETE FROM users WHERE guid = ?', (u?: { plan: string }) => u?.plan, undefined],
  ])('reads afresh after %s of a users row, whoever makes it', (_rule, sql, pick, expected) => {
    const {
      db,
      stores: { users },
    } = fresh();
    expect(users.byGuid(ALICE.guid)).toBeDefined();
    db.prepare(sql).run(ALICE.guid);
    expect(pick(users.byGuid(ALICE.guid))).toBe(expected);
  });

  it('finds a user inserted after a miss was remembered', () => {
    const {
      db,
      stores: { users },
    } = fresh();
    expect(users.byGuid('NEW-GUID')).toBeUndefined();
    db.prepare("INSERT INTO users SELECT 'NEW-GUID', 'newbie', password, first_name, last_name, nickname, location, plan FROM users WHERE guid = ?").run(
      BOB.guid,
    );
    expect(users.byGuid('new-guid')?.login).toBe('newbie');
  });
});

describe('tableVersion', () => {
  it('moves with every insert, update and delete of a counted table, and not with other writes', () => {
    const { db } = fresh();
    const v0 = tableVersion(db, 'users');
    db.prepare('DELETE FROM queue_items').run();
    expect(tableVersion(db, 'users')).toBe(v0);
    db.prepare("UPDATE users SET nickname = nickname || '!'").run();
    const v1 = tableVersion(db, 'users');
    expect(v1).not.toBe(v0);
    db.prepare("DELETE FROM users WHERE login = 'carol'").run();
    expect(tableVersion(db, 'users')).not.toBe(v1);
  });

  it('a rolled-back write to users leaves the user as it was', () => {
    const sandbox = fresh();
    const { users } = sandbox.stores;
    const plan = users.byGuid(ALICE.guid)?.plan;
    expect(() =>
      sandbox.write(() => {
        sandbox.db.prepare("UPDATE users SET plan = 'games'").run();
        expect(users.byGuid(ALICE.guid)?.plan).toBe('games');
        throw new Error('half-way');
      }),
    ).toThrow('half-way');
    expect(users.byGuid(ALICE.guid)?.plan).toBe(plan);
  });
});
