import { describe, expect, it } from 'vitest';
import { compareQueueItems, movedItem, parsePriority, parseQueueRef } from './queue-order.js';
import type { QueueItem } from './types.js';

const item = (titleId: number, priority: number, seq: number, queueId = 1): QueueItem => ({
  userGuid: 'U',
  queueId,
  titleId,
  priority,
  seq,
  shippedInOrder: false,
  discIds: [],
});

describe('queue order', () => {
  it.each([
    ['a higher priority comes first, whatever the seq', item(1, 1, 9), item(2, 2, 1), -1],
    ['a lower priority comes last', item(1, 3, 1), item(2, 2, 9), 1],
    ['equal priorities keep the order they were added', item(1, 2, 3), item(2, 2, 4), -1],
    ['the same item compares equal', item(1, 2, 3), item(1, 2, 3), 0],
  ])('%s', (_rule, a, b, sign) => expect(Math.sign(compareQueueItems(a, b))).toBe(sign));

  it('sorts a mixed queue by priority then seq', () => {
    const sorted = [item(1, 3, 1), item(2, 1, 5), item(3, 2, 2), item(4, 1, 3), item(5, 2, 1)].sort(compareQueueItems);
    expect(sorted.map((i) => i.titleId)).toEqual([4, 2, 5, 3, 1]);
  });

  it.each([
    ['a new priority keeps the seq', { priority: 1 }, { priority: 1, queueId: 1, seq: 7 }],
    ['a new sub-queue keeps the seq and priority', { queueId: 2 }, { priority: 3, queueId: 2, seq: 7 }],
    ['both at once', { priority: 2, queueId: 5 }, { priority: 2, queueId: 5, seq: 7 }],
    ['nothing asked, nothing changes', {}, { priority: 3, queueId: 1, seq: 7 }],
  ])('moving: %s', (_rule, change, expected) => {
    const moved = movedItem(item(9, 3, 7), change);
    expect({ priority: moved.priority, queueId: moved.queueId, seq: moved.seq }).toEqual(expected);
  });
});

describe('parsePriority', () => {
  it.each([
    ['absent means the default', undefined, undefined],
    ['blank means the default', ' ', undefined],
    ['1 is high', '1', 1],
    ['3 is low', ' 3 ', 3],
    ['a leading zero is still the number', '02', 2],
  ])('%s', (_rule, value, expected) => expect(parsePriority(value)).toBe(expected));

  it.each([['0'], ['4'], ['-1'], ['1.5'], ['high'], ['2x']])('rejects %j with 400', (value) => {
    expect(() => parsePriority(value)).toThrow(expect.objectContaining({ status: 400 }));
  });
});

describe('parseQueueRef', () => {
  it.each([
    ['a sub-queue', 'http://h/users/9D48675C-096F-11DC-BF5A-88D01745CE5C/queues/1001', { guid: '9D48675C-096F-11DC-BF5A-88D01745CE5C', queue: 1001 }],
    [
      'the every-queue, GUID in lower case',
      'http://h/users/9d48675c-096f-11dc-bf5a-88d01745ce5c/queues/every',
      { guid: '9D48675C-096F-11DC-BF5A-88D01745CE5C', queue: 'every' },
    ],
    ['a path alone', '/users/AB-CD/queues/7', { guid: 'AB-CD', queue: 7 }],
    ['another host and a trailing slash', 'https://api.example:8443/users/AB/queues/7/', { guid: 'AB', queue: 7 }],
  ])('accepts %s', (_name, ref, parsed) => expect(parseQueueRef(ref)).toEqual(parsed));

  it.each([
    ['a queue item', 'http://h/users/AB/queues/item/5'],
    ['a title', 'http://h/catalog/title/5'],
    ['a name instead of an id', 'http://h/users/AB/queues/films'],
    ['the queues list', 'http://h/users/AB/queues'],
    ['an empty string', ''],
  ])('rejects %s', (_name, ref) => expect(parseQueueRef(ref)).toBeUndefined());
});
