import { describe, expect, it } from 'vitest';
import { prefixPattern } from './under-prefix.js';

describe('prefixPattern', () => {
  it.each([
    ['/catalog', '/catalog', true],
    ['/catalog', '/catalog/', true],
    ['/catalog', '/catalog/title', true],
    ['/catalog', '/CATALOG/title', true],
    ['/catalog', '/catalogue', false],
    ['/catalog', '/x/catalog', false],
    ['/users/:guid/queues', '/users/T1a/queues', true],
    ['/users/:guid/queues', '/users/T1a/queues/', true],
    ['/users/:guid/queues', '/users/T1a/queues/disc/available', true],
    ['/users/:guid/queues', '/users/T1a/Queues', true],
    ['/users/:guid/queues', '/users//queues', false],
    ['/users/:guid/queues', '/users/T1a', false],
    ['/users/:guid/queues', '/users/T1a/queuesx', false],
    ['/users/:guid/queues', '/users/a/b/queues', false],
    ['/catalog/title/:id', '/catalog/title', false],
    ['/catalog/title/:id', '/catalog/title/10', true],
    ['/catalog/title/:id', '/catalog/title/10/cast', true],
    ['/a.b', '/aXb', false],
  ])('%s covers %s: %s', (prefix, path, covered) => {
    expect(prefixPattern(prefix).test(path)).toBe(covered);
  });
});
