import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { ByteQueue } from './byte-queue.js';
import { Journal, JOURNAL_STRING_BYTES, type JournalEntry, type JournalRecord } from './journal.js';
import { truncatedUtf8 } from './truncated.js';

const entry = (over: Partial<JournalRecord> = {}): JournalRecord => ({
  at: '2024-01-01T00:00:00.000Z',
  method: 'GET',
  url: '/catalog/title',
  path: '/catalog/title',
  status: 200,
  durationMs: 1,
  ...over,
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
  j.record(
    entry({
      method: 'POST',
      path: '/users/B/queues/1001',
      consumer: 'k2',
      status: 401,
      rejected: { check: 'oauth-signature', reason: 'Invalid Signature', code: 'ERR_401_INVALID_SIGNATURE', details: 'base string' },
    }),
  );
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

  it('find stops at its limit: the newest match alone is read for a limit of 1, and none for 0', () => {
    const k = new Journal(100);
    for (let i = 0; i < 50; i++) k.record(entry({ url: `/r${i}` }));
    const read = vi.spyOn(ByteQueue.prototype, 'read');
    try {
      expect(k.find({}, 1).map((e) => e.url)).toEqual(['/r49']);
      expect(read).toHaveBeenCalledTimes(1);
      expect(k.find({}, 0)).toEqual([]);
      expect(read).toHaveBeenCalledTimes(1);
    } finally {
      read.mockRestore();
    }
  });
});

describe('journal: bounded by bytes as well as by count', () => {
  const big = (n: number) => 'x'.repeat(n);
  const marker = /…\[truncated ([\d,]+) bytes\]$/;

  it("a rejection's base string over the per-string budget is cut, with a marker saying how much went", () => {
    const j = new Journal(10);
    const details = `diff it against yours: ${big(330_000)}`;
    j.record(entry({ status: 401, rejected: { reason: 'Invalid Signature', code: 'ERR_401', details } }));
    const d = j.find()[0]!.rejected!.details;
    expect(Buffer.byteLength(d)).toBeLessThanOrEqual(JOURNAL_STRING_BYTES);
    expect(d.startsWith('diff it against yours: xxx')).toBe(true);
    const dropped = Number(marker.exec(d)![1]!.replace(/,/g, ''));
    expect(Buffer.byteLength(d.replace(marker, '')) + dropped).toBe(Buffer.byteLength(details));
  });

  it.each([
    ['the URL', { url: `/catalog/title?term=${big(20_000)}` }, (e: JournalEntry) => e.url],
    ['the path', { path: `/catalog/${big(20_000)}` }, (e: JournalEntry) => e.path],
    ['the consumer key', { consumer: `ci-${big(20_000)}` }, (e: JournalEntry) => e.consumer!],
    [
      "a 500's cause",
      { status: 500, rejected: { reason: 'Internal', code: 'ERR_500', details: 'd', cause: big(20_000) } },
      (e: JournalEntry) => e.rejected!.cause!,
    ],
  ])('%s is cut to the budget too', (_field, over, read) => {
    const j = new Journal(10);
    j.record(entry(over));
    const kept = read(j.find()[0]!);
    expect(kept).toMatch(marker);
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(JOURNAL_STRING_BYTES);
  });

  it('strings within the budget are kept whole, without a marker', () => {
    const url = `/catalog/title?term=${big(JOURNAL_STRING_BYTES - 20)}`;
    const j = new Journal(10);
    j.record(entry({ url }));
    expect(j.find()[0]!.url).toBe(url);
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

describe('journal: the request and the answer', () => {
  const marker = /…\[truncated ([\d,]+) bytes\]$/;
  const head = 'HTTP/1.1 201 Created\r\nContent-Type: application/xml;charset=UTF-8\r\nContent-Length: 12\r\nX-Empty:\r\n\r\n';
  const withBoth = (over: Partial<JournalRecord> = {}): JournalRecord =>
    entry({
      method: 'POST',
      status: 201,
      request: {
        rawHeaders: ['Host', 'sim.test', 'Authorization', 'OAuth oauth_consumer_key="k"'],
        params: [
          ['term', 'a b'],
          ['term', 'c'],
        ],
        body: 'term=a+b&term=c',
      },
      answer: { head, body: Buffer.from('<status/>é', 'utf8') },
      ...over,
    });

  it('shows the request headers and parameters, and the answer headers, as name/value pairs in the order sent', () => {
    const j = new Journal(10);
    j.record(withBoth());
    const e = j.find()[0]!;
    expect(e.request).toEqual({
      headers: [
        ['Host', 'sim.test'],
        ['Authorization', 'OAuth oauth_consumer_key="k"'],
      ],
      params: [
        ['term', 'a b'],
        ['term', 'c'],
      ],
      body: 'term=a+b&term=c',
    });
    expect(e.answer).toEqual({
      status: 201,
      headers: [
        ['Content-Type', 'application/xml;charset=UTF-8'],
        ['Content-Length', '12'],
        ['X-Empty', ''],
      ],
      body: '<status/>é',
    });
  });

  it('an answer body over the budget is decoded only as far as the budget, never half a character, with the marker', () => {
    const j = new Journal(10, { stringBytes: 100 });
    const body = Buffer.from('<a>' + 'é'.repeat(200) + '</a>', 'utf8');
    j.record(withBoth({ answer: { head, body } }));
    const kept = j.find()[0]!.answer!.body!;
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(100);
    expect(kept).toMatch(/^<a>(é)+…\[truncated [\d,]+ bytes\]$/);
    const shown = kept.replace(marker, '');
    expect(Buffer.byteLength(shown) + Number(marker.exec(kept)![1]!.replace(/,/g, ''))).toBe(body.length);
  });

  it.each([
    ['a header value', { rawHeaders: ['X-Big', 'v'.repeat(5000)] }, (e: JournalEntry) => e.request!.headers[0]![1]],
    ['a parameter value', { params: [['note', 'n'.repeat(5000)] as const] }, (e: JournalEntry) => e.request!.params[0]![1]],
    ['the form body', { body: `note=${'n'.repeat(5000)}` }, (e: JournalEntry) => e.request!.body!],
  ])('%s over the budget is cut, with the marker', (_what, request, read) => {
    const j = new Journal(10);
    j.record(entry({ request: { rawHeaders: [], params: [], ...request } }));
    const kept = read(j.find()[0]!);
    expect(kept).toMatch(marker);
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(JOURNAL_STRING_BYTES);
  });

  it('the headers and parameters the caller passed are left as they were', () => {
    const rawHeaders = ['X-Big', 'v'.repeat(5000)];
    const params = [['note', 'n'.repeat(5000)] as const];
    new Journal(10).record(entry({ request: { rawHeaders, params } }));
    expect(rawHeaders[1]).toHaveLength(5000);
    expect(params[0]![1]).toHaveLength(5000);
  });

  it('what it keeps of the request and the answer counts against the byte budget', () => {
    const j = new Journal(1000, { bytes: 50_000, stringBytes: 4096 });
    for (let i = 0; i < 50; i++) j.record(withBoth({ answer: { head, body: Buffer.alloc(10_000, 'x') } }));
    expect(j.bytes).toBeLessThanOrEqual(50_000);
    expect(j.size).toBeLessThan(15);
  });

  it('every entry held shows its own answer body, however many bodies were kept since, by count or by bytes (property)', () => {
    // Bodies are kept in a ring sized from the limits: one written over would show another answer's bytes.
    const body = fc.tuple(fc.nat(600), fc.constantFrom('x', 'é', '€', '🎬')).map(([n, c]) => Buffer.from(c.repeat(n), 'utf8'));
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 2_000, max: 40_000 }),
        fc.integer({ min: 50, max: 500 }),
        fc.array(body, { maxLength: 120 }),
        (capacity, bytes, stringBytes, bodies) => {
          const j = new Journal(capacity, { bytes, stringBytes });
          bodies.forEach((b, i) => j.record(withBoth({ url: `/n/${i}`, answer: { head, body: b } })));
          const held = j.find();
          expect(held.length).toBeLessThanOrEqual(capacity);
          for (const e of held) expect(e.answer!.body, e.url).toBe(truncatedUtf8(bodies[Number(e.url.slice(3))]!, stringBytes));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('clear forgets the kept bodies, and bodies kept after it show', () => {
    const j = new Journal(10);
    j.record(withBoth());
    j.clear();
    j.record(withBoth({ answer: { head, body: Buffer.from('<after/>') } }));
    expect(j.find().map((e) => e.answer!.body)).toEqual(['<after/>']);
  });

  it('a connection closed without an answer has none', () => {
    const j = new Journal(10);
    j.record(entry({ status: 0 }));
    expect(j.find()[0]!.answer).toBeUndefined();
  });
});

describe('journal: filters by user and time', () => {
  const j = new Journal(100);
  j.record(entry({ at: '2030-01-01T10:00:00.000Z', user: 'G-ALICE', login: 'alice' }));
  j.record(entry({ at: '2030-01-01T10:00:01.000Z', user: 'G-BOB', login: 'bob' }));
  j.record(entry({ at: '2030-01-01T10:00:02.000Z' }));

  it.each([
    ['a user by GUID', { user: 'G-ALICE' }, [1]],
    ['a user by login', { user: 'bob' }, [2]],
    ['an unknown user', { user: 'carol' }, []],
    ['since an instant, that instant included', { since: Date.parse('2030-01-01T10:00:01Z') }, [2, 3]],
    ['until an instant, that instant left out', { until: Date.parse('2030-01-01T10:00:01Z') }, [1]],
    ['between two', { since: Date.parse('2030-01-01T10:00:00.500Z'), until: Date.parse('2030-01-01T10:00:02Z') }, [2]],
    ['since an instant in year 10,000: none (its text sorted before every entry)', { since: Date.UTC(10_000, 0, 1) }, []],
    ['until an instant in year 10,000: all', { until: Date.UTC(10_000, 0, 1) }, [1, 2, 3]],
    ['since an instant before year 0: all', { since: Date.UTC(-1, 0, 1) }, [1, 2, 3]],
    ['until an instant before year 0: none', { until: Date.UTC(-1, 0, 1) }, []],
    ['since the last instant a Date holds: none', { since: 8.64e15 }, []],
  ])('finds %s', (_rule, query, ids) => {
    expect(
      j
        .find(query)
        .map((e) => e.id)
        .reverse(),
    ).toEqual(ids);
    expect(j.count(query)).toBe(ids.length);
  });
});
