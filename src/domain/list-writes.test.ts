import { describe, expect, it } from 'vitest';
import { newList, planListAdds } from './list-writes.js';
import type { AddableTitle } from './queue-add.js';

const NOW = Date.UTC(2026, 0, 2, 3, 4, 5);
const STAMP = '2026-01-02T03:04:05Z';
const user = { guid: 'U', nickname: 'Nick', location: 'Here' };
const fields = { name: 'Mine', description: 'd', isPublic: false, anonymous: false };

describe('newList', () => {
  it('is by the nickname, from the user location, created and updated now', () => {
    expect(newList(7001, user, fields, NOW)).toEqual({
      id: 7001,
      userGuid: 'U',
      name: 'Mine',
      description: 'd',
      author: 'Nick',
      anonymous: false,
      location: 'Here',
      isPublic: false,
      created: STAMP,
      updated: STAMP,
    });
  });

  it('an anonymous list is by "Anonymous"', () => {
    expect(newList(1, user, { ...fields, anonymous: true }, NOW)).toMatchObject({ author: 'Anonymous', anonymous: true });
  });
});

describe('planListAdds', () => {
  const titles: Record<number, AddableTitle> = { 1: { id: 1, fullTitle: 'One', canRent: true }, 2: { id: 2, fullTitle: 'Two', canRent: false } };
  const facts = { titleOf: (id: number) => titles[id], inList: (id: number) => id === 2, failsAdd: () => false };

  it('each title added gets the comment, now, and the next seq, in the order sent; the list is updated now', () => {
    let seq = 40;
    const plan = planListAdds(['/catalog/title/1', '/catalog/title/2', 'x'], { listId: 9, comment: ' as sent ', nextSeq: () => ++seq }, facts, NOW);
    expect(plan.decisions.map((d) => d.ok)).toEqual([true, false, false]);
    expect(plan.entries).toEqual([{ listId: 9, titleId: 1, comment: ' as sent ', created: STAMP, updated: STAMP, seq: 41 }]);
    expect(plan.updated).toBe(STAMP);
  });

  it('adding nothing takes no seq and leaves the list as it was', () => {
    const plan = planListAdds(['/catalog/title/2'], { listId: 9, comment: '', nextSeq: () => expect.unreachable() }, facts, NOW);
    expect(plan.entries).toEqual([]);
    expect(plan.updated).toBeUndefined();
  });
});
