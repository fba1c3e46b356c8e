import { describe, expect, it } from 'vitest';
import { Journal, JOURNAL_STRING_BYTES, type JournalEntry } from './journal.js';

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

describe('journal: bounded by bytes as well as by count', () => {
  const big = (n: number) => 'x'.repeat(n);
  const marker = /…\[truncated ([\d,]+) bytes\]$/;

  it('a rejection\'s base string over the per-string budget is cut, with a marker saying how much went', () => {
    const j = new Journal(10);
    const details = `diff it against yours: ${big(330_000)}`;
    const kept = j.record(entry({ status: 401, rejected: { reason: 'Invalid Signature', code: 'ERR_401', details } }));
    const d = kept.rejected!.details;
    expect(Buffer.byteLength(d)).toBeLessThanOrEqual(JOURNAL_STRING_BYTES);
    expect(d.startsWith('diff it against yours: xxx')).toBe(true);
    const dropped = Number(marker.exec(d)![1]!.replace(/,/g, ''));
    expect(Buffer.byteLength(d.replace(marker, '')) + dropped).toBe(Buffer.byteLength(details));
    expect(j.find()[0]!.rejected!.details).toBe(d);
  });

  it.each([
    ['the URL', { url: `/catalog/title?term=${big(20_000)}` }, (e: JournalEntry) => e.url],
    ['the path', { path: `/catalog/${big(20_000)}` }, (e: JournalEntry) => e.path],
    ['the consumer key', { consumer: `ci-${big(20_000)}` }, (e: JournalEntry) => e.consumer!],
    ['a 500\'s cause', { status: 500, rejected: { reason: 'Internal', code: 'ERR_500', details: 'd', cause: big(20_000) } }, (e: JournalEntry) => e.rejected!.cause!],
  ])('%s is cut to the budget too', (_field, over, read) => {
    const kept = read(new Journal(10).record(entry(over)));
    expect(kept).toMatch(marker);
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(JOURNAL_STRING_BYTES);
  });

  it('strings within the budget are kept whole, without a marker', () => {
    const url = `/catalog/title?term=${big(JOURNAL_STRING_BYTES - 20)}`;
    expect(new Journal(10).record(entry({ url })).url).toBe(url);
  });

  it('the byte budget drops the oldest entries before the count does, and the newest stay', () => {
    const j = new Journal(1000, { bytes: 20_000, stringBytes: 4096 });
    for (let i = 0; i < 50; i++) j.record(entry({ url: `/r${i}?${big(3000)}` }));
    expect(j.bytes).toBeLessThanOrEqual(20_000);
    expect(j.size).toBeGreaterThan(0);
    expect(j.size).toBeLessThan(10);
    expect(j.find()[0]!.url.startsWith('/r49?')).toBe(true);
    expect(j.count()).toBe(j.size);
  });

  it('the count still holds when entries are small', () => {
    const j = new Journal(3, { bytes: 1_000_000 });
    for (let i = 0; i < 3000; i++) j.record(entry({ url: `/r${i}` }));
    expect(j.find().map((e) => e.url)).toEqual(['/r2999', '/r2998', '/r2997']);
    expect(j.count({ afterId: 2998 })).toBe(2);
  });

  it('clear gives the bytes back', () => {
    const j = new Journal(10);
    j.record(entry({ url: `/${big(1000)}` }));
    expect(j.bytes).toBeGreaterThan(1000);
    j.clear();
    expect(j.bytes).toBe(0);
  });

  it('the entry the caller passed is left as it was', () => {
    const rejected = { reason: 'Invalid Signature', code: 'ERR_401', details: big(10_000) };
    new Journal(10).record(entry({ rejected }));
    expect(rejected.details).toHaveLength(10_000);
  });
});
