import { describe, expect, it } from 'vitest';
import { MAX_ID, pathId } from './ids.js';

describe('pathId', () => {
  it.each([
    ['1', 1],
    ['007', 7],
    [String(MAX_ID), MAX_ID],
  ])('%s names id %d', (raw, id) => expect(pathId(raw)).toBe(id));

  it.each(['', '0', '-1', '1.5', '1e3', ' 1', 'abc', '1234567890123456', undefined])('%j names no id', (raw) => {
    expect(pathId(raw)).toBeUndefined();
  });
});
