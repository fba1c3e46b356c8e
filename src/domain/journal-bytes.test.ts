import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JournalRecord } from './journal.js';
import { EntryWriter, entryOf, summaryOf } from './journal-bytes.js';

/** Any UTF-16 text, lone surrogates included: a journal shows what was sent, whatever it was. */
const anyText = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 30 });
/** ASCII, as most requests are: such an entry's strings are one Latin-1 text. */
const asciiText = fc.string({ maxLength: 30 });
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

const recordOf = (text: fc.Arbitrary<string>): fc.Arbitrary<JournalRecord> =>
  fc.record(
    {
      at: text,
      method: text,
      url: text,
      path: text,
      consumer: optional(text),
      user: optional(text),
      login: optional(text),
      status: fc.integer({ min: 0, max: 999 }),
      durationMs: fc.double({ min: 0, max: 1e6, noNaN: true }),
      rejected: optional(
        fc.record({ check: optional(text), reason: text, code: text, details: text, cause: optional(text) }, { requiredKeys: ['reason', 'code', 'details'] }),
      ),
      faults: optional(fc.array(fc.nat(), { maxLength: 3 })),
      override: optional(fc.nat()),
      request: optional(
        fc.record({
          rawHeaders: fc.array(fc.tuple(text, text), { maxLength: 4 }).map((pairs) => pairs.flat()),
          params: fc.array(fc.tuple(text, text), { maxLength: 4 }),
          body: optional(text),
        }),
      ),
      answer: optional(
        fc.record({
          head: fc.constantFrom('HTTP/1.1 200 OK\r\nContent-Type: application/xml\r\n\r\n'),
          body: optional(
            fc.oneof(
              text,
              text.map((t) => Buffer.from(t, 'utf8')),
            ),
          ),
        }),
      ),
    },
    { requiredKeys: ['at', 'method', 'url', 'path', 'status', 'durationMs'] },
  );

/** Drops the keys whose value is undefined, as the bytes do. */
const defined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

describe('journal entries as bytes', () => {
  it.each([
    ['any UTF-16 text', anyText],
    ['ASCII', asciiText],
    ['ASCII and any text mixed', fc.oneof(asciiText, anyText)],
  ])('read back as the entry the admin API shows, every string as it was: %s (property)', (_what, text) => {
    const writer = new EntryWriter();
    fc.assert(
      fc.property(recordOf(text), fc.nat(), (r, id) => {
        const bytes = writer.bytesOf(r, id, 4096);
        const { request, answer, rejected, ...rest } = r;
        const expected = defined({
          id,
          ...defined(rest),
          ...(rejected ? { rejected: defined(rejected) } : {}),
          ...(request
            ? {
                request: defined({
                  headers: request.rawHeaders.flatMap((h, i) => (i % 2 === 0 ? [[h, request.rawHeaders[i + 1]]] : [])),
                  params: request.params.map(([k, v]) => [k, v]),
                  body: request.body,
                }),
              }
            : {}),
          ...(answer
            ? {
                answer: defined({
                  status: r.status,
                  headers: [['Content-Type', 'application/xml']],
                  body: typeof answer.body === 'string' || answer.body === undefined ? answer.body : Buffer.from(answer.body).toString('utf8'),
                }),
              }
            : {}),
        });
        expect(entryOf(bytes)).toEqual(expected);
        expect(summaryOf(bytes)).toEqual(
          defined({
            id,
            at: r.at,
            method: r.method,
            path: r.path,
            consumer: r.consumer,
            user: r.user,
            login: r.login,
            status: r.status,
            rejected: r.rejected !== undefined,
          }),
        );
      }),
      { numRuns: 200 },
    );
  });

  it("a cut string's marker (not Latin-1) leaves the other strings a byte a character", () => {
    const writer = new EntryWriter();
    const cut = writer.bytesOf({ at: 'a', method: 'GET', url: 'u'.repeat(10_000), path: 'p'.repeat(900), status: 200, durationMs: 0 }, 1, 1000);
    // 1,000 bytes of the cut URL (its marker's … is three in UTF-8) and 900 of the path, plus the numbers and lengths.
    expect(cut.length).toBeLessThan(2000);
    expect(entryOf(cut).path).toBe('p'.repeat(900));
  });

  it('holds an entry to its byte budget: a flood of small headers and parameters stops, with a pair saying how many more, and leaves the body and answer their room', () => {
    const writer = new EntryWriter();
    const rawHeaders = Array.from({ length: 2000 }, (_, i) => [`X-H${i}`, 'v'.repeat(20)]).flat();
    const params = Array.from({ length: 2000 }, (_, i): [string, string] => [`p${i}`, 'w'.repeat(20)]);
    const record: JournalRecord = {
      at: 'a',
      method: 'POST',
      url: '/x',
      path: '/x',
      status: 400,
      durationMs: 1,
      request: { rawHeaders, params, body: 'b'.repeat(10_000) },
      answer: { head: 'HTTP/1.1 400 Bad Request\r\nContent-Type: application/xml\r\n\r\n', body: Buffer.from('<error>'.padEnd(9000, 'e')) },
    };
    const bytes = writer.bytesOf(record, 1, 4096, 24 * 1024);
    expect(bytes.length).toBeLessThanOrEqual(24 * 1024);
    const e = entryOf(bytes);
    const lastHeader = e.request!.headers.at(-1)!;
    expect(lastHeader[0]).toBe('…');
    expect(lastHeader[1]).toMatch(/^\[\d+ more header lines not kept\]$/);
    expect(e.request!.params.at(-1)).toEqual(['…', '[2000 more parameters not kept]']);
    expect(e.request!.body).toMatch(/^b{4000,}…\[truncated/);
    expect(e.answer!.body).toMatch(/^<error>e+…\[truncated/);
    // An ordinary entry is written once, as it was, whatever the budget.
    const small = { ...record, request: { rawHeaders: ['Host', 'h'], params: [['a', '1']] as Array<[string, string]> }, answer: undefined };
    expect(entryOf(writer.bytesOf(small, 2, 4096, 24 * 1024))).toEqual(entryOf(Buffer.from(writer.bytesOf(small, 2, 4096))));
  });

  it('shows the fields in the order the admin API always showed them', () => {
    const bytes = new EntryWriter().bytesOf(
      {
        at: 'a',
        method: 'GET',
        url: '/u?x=1',
        path: '/u',
        consumer: 'k',
        user: 'G',
        login: 'alice',
        status: 401,
        durationMs: 1.5,
        rejected: { check: 'oauth-signature', reason: 'r', code: 'c', details: 'd' },
        faults: [3],
        override: 2,
        request: { rawHeaders: ['Host', 'h'], params: [['x', '1']] },
        answer: { head: 'HTTP/1.1 401 Unauthorized\r\n\r\n' },
      },
      7,
      4096,
    );
    const e = entryOf(bytes);
    expect(Object.keys(e)).toEqual([
      'id',
      'at',
      'method',
      'url',
      'path',
      'consumer',
      'user',
      'login',
      'status',
      'durationMs',
      'rejected',
      'faults',
      'override',
      'request',
      'answer',
    ]);
    expect(Object.keys(e.rejected!)).toEqual(['check', 'reason', 'code', 'details']);
  });

  it('keeps its byte format: after the id, a flags byte with one bit per optional field there (falsy values too), in the order written', () => {
    const writer = new EntryWriter();
    const base = { at: 'a', method: 'GET', url: '/', path: '/', status: 200, durationMs: 0 };
    const flags = (r: JournalRecord) => writer.bytesOf(r, 1, 4096).readUInt8(8);
    expect(flags(base)).toBe(0);
    expect(flags({ ...base, user: '', faults: [], override: 0 })).toBe(2 | 16 | 32);
    const rejected = { reason: 'r', code: 'c', details: 'd' };
    const request = { rawHeaders: [], params: [] };
    expect(flags({ ...base, consumer: 'k', login: 'l', rejected, request, answer: { head: 'HTTP/1.1 200 OK\r\n\r\n' } })).toBe(1 | 4 | 8 | 64 | 128);
    expect(entryOf(writer.bytesOf({ ...base, user: '', faults: [], override: 0 }, 1, 4096))).toEqual({ id: 1, ...base, user: '', faults: [], override: 0 });
  });

  it('cuts a string over the budget, and an answer body to its first bytes, each with the marker', () => {
    const writer = new EntryWriter();
    const long = 'é'.repeat(3000); // 6,000 bytes of UTF-8
    const bytes = writer.bytesOf(
      {
        at: 'a',
        method: 'GET',
        url: long,
        path: '/',
        status: 200,
        durationMs: 0,
        answer: { head: 'HTTP/1.1 200 OK\r\n\r\n', body: Buffer.from(long, 'utf8') },
      },
      1,
      1000,
    );
    const e = entryOf(bytes);
    for (const kept of [e.url, e.answer!.body!]) {
      expect(kept).toMatch(/^(é)+…\[truncated [\d,]+ bytes\]$/);
      expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(1000);
    }
  });

  it('a writer that once wrote a big entry writes the next small one correctly', () => {
    const writer = new EntryWriter();
    const big = writer.bytesOf({ at: 'a', method: 'GET', url: 'x'.repeat(500_000), path: '/', status: 200, durationMs: 0 }, 1, 1_000_000);
    expect(entryOf(Buffer.from(big)).url).toHaveLength(500_000);
    const small = writer.bytesOf({ at: 'b', method: 'PUT', url: '/y', path: '/y', status: 204, durationMs: 2 }, 2, 1_000_000);
    expect(entryOf(small)).toEqual({ id: 2, at: 'b', method: 'PUT', url: '/y', path: '/y', status: 204, durationMs: 2 });
  });
});
