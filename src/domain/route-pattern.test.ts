import { describe, expect, it } from 'vitest';
import { isRoutePattern, routeMatches } from './route-pattern.js';

describe('routeMatches', () => {
  it.each([
    ['a literal path matches itself', '/catalog/title', '/catalog/title', true],
    ['a trailing slash is ignored on the path', '/users', '/users/', true],
    ['a trailing slash is ignored on the pattern', '/users/', '/users', true],
    ['the query is ignored', '/catalog/title', '/catalog/title?term=x', true],
    [':name matches one segment', '/users/:guid/queues', '/users/ABC/queues', true],
    [':name does not match two segments', '/users/:guid', '/users/ABC/queues', false],
    [':name does not match a missing segment', '/users/:guid', '/users', false],
    ['a final * matches the rest', '/users/:guid/*', '/users/ABC/queues/1001', true],
    ['a final * matches nothing more', '/users/:guid/*', '/users/ABC', true],
    ['* alone matches every path', '*', '/anything/at/all', true],
    ['a longer path does not match a shorter pattern', '/catalog', '/catalog/title', false],
    ['literal segments are compared exactly', '/catalog/title', '/catalog/people', false],
  ])('%s', (_rule, pattern, path, expected) => {
    expect(routeMatches(pattern, path)).toBe(expected);
  });
});

describe('isRoutePattern', () => {
  it.each([
    ['an absolute path is a pattern', '/users/:guid', true],
    ['* alone is a pattern', '*', true],
    ['a final * is a pattern', '/users/*', true],
    ['a relative path is not', 'users', false],
    ['* inside a segment is not', '/users/ab*', false],
    ['* before the end is not', '/users/*/queues', false],
  ])('%s', (_rule, pattern, expected) => {
    expect(isRoutePattern(pattern)).toBe(expected);
  });
});
