import { describe, expect, it } from 'vitest';
import { Journal, type JournalEntry } from './journal.js';

const entry = (over: Partial<JournalEntry> = {}): Omit<JournalEntry, 'id'> => ({
  at: '2024-01-01T00:00:00.000Z', method: 'GET', url: '/catalog/title', path: '/catalog/title', status: 200, durationMs: 1, ...over,
});

describe('journal', () => {
  it('keeps only the last N entries, newest first', () => {
    const j = new Journal(3);
    for (let i = 1; i <= 10; i++) j.record(entry({ url: `/r${i}` }));
    expect(j.size).toBe(3);
    expect(j.find().map((e) => e.url)).toEqual(['/r10', '/r9', '/r8']);
  });

  it('a zero-sized journal keeps nothing', () => {
    const j = new Journal(0);
    j.record(entry());
    expect(j.size).toBe(0);
  });

  const j = new Journal(100);
  j.record(entry({ method: 'GET', path: '/users/A/queues/1001', consumer: 'k1', status: 200 }));
  j.record(entry({ method: 'POST', path: '/users/A/queues/1001', consumer: 'k1', status: 201 }));
  j.record(entry({ method: 'POST', path: '/users/B/queues/1001', consumer: 'k2', status: 401,
    rejected: { check: 'oauth-signature', reason: 'Invalid Signature', code: 'ERR_401_INVALID_SIGNATURE', details: 'base string' } }));
  j.record(entry({ method: 'GET', path: '/catalog/title', status: 200 }));

  it.each([
    ['everything', {}, 4],
    ['by method, any case', { method: 'post' }, 2],
    ['by exact path', { path: '/users/A/queues/1001' }, 2],
    ['by route pattern', { path: '/users/:guid/queues/*' }, 3],
    ['by consumer', { consumer: 'k1' }, 2],
    ['by status', { status: 401 }, 1],
    ['only rejected', { rejected: true }, 1],
    ['only answered', { rejected: false }, 3],
    ['filters combine', { method: 'POST', consumer: 'k1' }, 1],
    ['after an id', { afterId: 2 }, 2],
  ])('counts %s', (_rule, query, expected) => {
    expect(j.count(query)).toBe(expected);
    expect(j.find(query)).toHaveLength(expected);
  });

  it('find honours a limit and clear empties it', () => {
    const k = new Journal(10);
    for (let i = 0; i < 5; i++) k.record(entry());
    expect(k.find({}, 2)).toHaveLength(2);
    k.clear();
    expect(k.count()).toBe(0);
  });
});
