import { describe, expect, it } from 'vitest';
import { parseQueueRef, parseTitleRef, splitTitleRefs } from './queue-title-ref.js';

describe('parseTitleRef', () => {
  it.each([
    ['a title URI on this host', 'http://rentalsim.test/catalog/title/12', 12],
    ['a title URI on the real host', 'http://openapi.lovefilm.com/catalog/title/15471', 15471],
    ['https and a port', 'https://x.example:8443/catalog/title/7', 7],
    ['a path alone', '/catalog/title/99', 99],
    ['a trailing slash', 'http://h/catalog/title/5/', 5],
    ['a query after the id', 'http://h/catalog/title/5?expand=none', 5],
    ['spaces around it', '  http://h/catalog/title/5 ', 5],
  ])('accepts %s', (_name, ref, id) => expect(parseTitleRef(ref)).toBe(id));

  it.each([
    ['a person URI', 'http://h/catalog/person/5'],
    ['a detail link of a title', 'http://h/catalog/title/5/synopsis'],
    ['a non-numeric id', 'http://h/catalog/title/abc'],
    ['id zero', 'http://h/catalog/title/0'],
    ['a bare number', '5'],
    ['an empty string', ''],
    ['a prefix before the path', 'http://h/x/catalog/title/5'],
  ])('rejects %s', (_name, ref) => expect(parseTitleRef(ref)).toBeUndefined());
});

describe('splitTitleRefs', () => {
  it.each([
    ['one ref', 'a', ['a']],
    ['a comma list, trimmed', 'a, b ,c', ['a', 'b', 'c']],
    ['blank entries dropped', 'a,,b,', ['a', 'b']],
    ['only commas', ' , ', []],
  ])('%s', (_name, value, refs) => expect(splitTitleRefs(value)).toEqual(refs));
});

describe('parseQueueRef', () => {
  it.each([
    ['a sub-queue', 'http://h/users/9D48675C-096F-11DC-BF5A-88D01745CE5C/queues/1001', { guid: '9D48675C-096F-11DC-BF5A-88D01745CE5C', queue: 1001 }],
    ['the every-queue', 'http://h/users/9d48675c-096f-11dc-bf5a-88d01745ce5c/queues/every', { guid: '9D48675C-096F-11DC-BF5A-88D01745CE5C', queue: 'every' }],
    ['a path alone', '/users/AB-CD/queues/7', { guid: 'AB-CD', queue: 7 }],
  ])('accepts %s', (_name, ref, parsed) => expect(parseQueueRef(ref)).toEqual(parsed));

  it.each([
    ['a queue item', 'http://h/users/AB/queues/item/5'],
    ['a title', 'http://h/catalog/title/5'],
    ['a name instead of an id', 'http://h/users/AB/queues/films'],
  ])('rejects %s', (_name, ref) => expect(parseQueueRef(ref)).toBeUndefined());
});
