import { describe, expect, it } from 'vitest';
import { parseQueueRef } from './queue-ref.js';

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
