import { describe, expect, it } from 'vitest';
import { MAX_LIST_DESCRIPTION, MAX_LIST_NAME, newList, parseBooleanParam, parseListDescription, parseListName, planListAdds } from './list-writes.js';
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

describe('parseBooleanParam', () => {
  it.each<[string, string | undefined, boolean, boolean]>([
    ['absent takes the default true', undefined, true, true],
    ['absent takes the default false', undefined, false, false],
    ['blank takes the default', '  ', true, true],
    ['true is true', 'true', false, true],
    ['case does not matter', 'FALSE', true, false],
    ['1 is true', '1', false, true],
    ['0 is false', '0', true, false],
    ['yes is true', 'yes', false, true],
    ['no is false', 'No', true, false],
  ])('%s', (_rule, value, fallback, expected) => expect(parseBooleanParam('public', value, fallback)).toBe(expected));

  it.each([['maybe'], ['2'], ['t']])('rejects %j with 400 naming the parameter', (value) => {
    expect(() => parseBooleanParam('public', value, true)).toThrow(expect.objectContaining({ status: 400, details: expect.stringContaining('public') }));
  });
});

describe('list name and description', () => {
  it.each([
    ['a name is kept exactly as sent, surrounding spaces included', ' Films ', ' Films '],
    ['U+FEFF and U+2028 at either end are kept', '\uFEFFFilms\u2028', '\uFEFFFilms\u2028'],
    ['a name at the limit is kept', 'x'.repeat(MAX_LIST_NAME), 'x'.repeat(MAX_LIST_NAME)],
  ])('%s', (_rule, value, expected) => expect(parseListName(value)).toBe(expected));

  it.each([
    ['a missing name', undefined],
    ['a blank name', '   '],
    ['a name of only U+FEFF and U+2028', '\uFEFF\u2028'],
    ['a name over the limit only with its spaces', ` ${'x'.repeat(MAX_LIST_NAME)}`],
    ['a name over the limit', 'x'.repeat(MAX_LIST_NAME + 1)],
  ])('rejects %s with 400', (_rule, value) => expect(() => parseListName(value)).toThrow(expect.objectContaining({ status: 400 })));

  it('a missing description is empty', () => expect(parseListDescription(undefined)).toBe(''));
  it('a description is kept exactly as sent', () => expect(parseListDescription(' \u2028a\n ')).toBe(' \u2028a\n '));
  it('a description over the limit is refused', () => {
    expect(() => parseListDescription('x'.repeat(MAX_LIST_DESCRIPTION + 1))).toThrow(expect.objectContaining({ status: 400 }));
  });
});
