import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE } from './support/signing.js';
import { contractProblems, type ReceivedAnswer } from './support/validate-xml.js';
import { arena, expectWellFormedAnswer, formEncode, rawHttp, rawParams, sendHostile, stateOf, type Arena, type Method } from './hostile-helpers.js';

// Hostile input on every route: random and malformed parameters, huge values, bad percent-encoding, bytes
// that are not UTF-8, XML and SQL metacharacters, in the query and in bodies of every content type. Each
// request is signed over the parameters as the server decodes them, so it reaches the handler. Rule: the
// answer is a well-formed `<error>` (4xx) or a valid document (2xx), never a 5xx; and a rejected write (or
// any GET) leaves the sandbox's state byte-for-byte unchanged.

const U = `/users/${ALICE.guid}`;
/** Every route of the API, with ids that exist in the default scenario (Firefly 10 is queued with discs 11-14). */
const ROUTES: Array<[Method, string]> = [
  ['GET', '/catalog/title'],
  ['GET', '/catalog/film'],
  ['GET', '/catalog/games'],
  ['GET', '/catalog/person'],
  ['GET', '/catalog/voice%20over'],
  ['GET', '/catalog/title/10'],
  ['GET', '/catalog/title/10/synopsis'],
  ['GET', '/catalog/title/10/actors'],
  ['GET', '/catalog/title/10/similars'],
  ['GET', '/catalog/title/10/reviews'],
  ['GET', '/catalog/person/11'],
  ['GET', '/catalog/person/11/filmography'],
  ['GET', '/categories/genres'],
  ['GET', '/users'],
  ['GET', U],
  ['GET', `${U}/ratings`],
  ['GET', `${U}/ratings/title`],
  ['POST', `${U}/ratings/title`],
  ['GET', `${U}/ratings/title/10002`],
  ['PUT', `${U}/ratings/title/10002`],
  ['GET', `${U}/reviews`],
  ['GET', `${U}/rented`],
  ['GET', `${U}/at_home`],
  ['GET', `${U}/recommendations`],
  ['GET', `${U}/queues`],
  ['GET', `${U}/queues/every`],
  ['GET', `${U}/queues/1001`],
  ['POST', `${U}/queues/every`],
  ['POST', `${U}/queues/1002`],
  ['PUT', `${U}/queues/item/10`],
  ['DELETE', `${U}/queues/item/30`],
  ['DELETE', `${U}/queues/disc/12`],
  ['GET', `${U}/lists`],
  ['POST', `${U}/lists`],
  ['GET', `${U}/lists/7001`],
  ['POST', `${U}/lists/7001`],
  ['DELETE', `${U}/lists/7001`],
  ['DELETE', `${U}/lists/7001/10`],
  ['GET', `${U}/queues/item/10`],
  ['GET', `${U}/queues/disc/12`],
  ['GET', `${U}/lists/7001/10`],
];

/** How the body travels: as a form (signed), or as something the API does not read. */
const bodyKinds = fc.constantFrom('none', 'form', 'form-latin1', 'form-bad-bytes', 'json', 'multipart', 'text', 'xml');
const BOUNDARY = 'xXhostileXx';

function bodyOf(kind: string, raw: string): { body?: string | Buffer; contentType?: string } {
  switch (kind) {
    case 'form':
      return { body: raw, contentType: 'application/x-www-form-urlencoded' };
    case 'form-latin1':
      return { body: raw, contentType: 'application/x-www-form-urlencoded; charset=ISO-8859-1' };
    // Raw bytes that are not UTF-8 inside a form body (a client that forgot to percent-encode Latin-1).
    case 'form-bad-bytes':
      return {
        body: Buffer.concat([Buffer.from(raw + '&comment=caf'), Buffer.from([0xe9, 0xff, 0xc3, 0x28, 0xed, 0xa0, 0x80])]),
        contentType: 'application/x-www-form-urlencoded',
      };
    case 'json':
      return { body: JSON.stringify(Object.fromEntries(new URLSearchParams(raw))), contentType: 'application/json' };
    case 'multipart':
      return {
        body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title_refs"\r\n\r\n${raw}\r\n--${BOUNDARY}--\r\n`,
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      };
    case 'text':
      return { body: raw, contentType: 'text/plain' };
    case 'xml':
      return { body: `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;${raw}</x>`, contentType: 'application/xml' };
    default:
      return {};
  }
}

let a: Arena;
beforeAll(async () => {
  a = await arena();
});
afterAll(async () => a.close());

describe.each(ROUTES)('hostile parameters on %s %s', (method, path) => {
  it('answer a well-formed <error> or a valid document, never a 5xx; rejected writes change nothing', async () => {
    const statuses: number[] = [];
    const answers: ReceivedAnswer[] = [];
    await fc.assert(
      fc.asyncProperty(rawParams, rawParams, bodyKinds, async (query, form, kind) => {
        a.world.reset();
        const before = stateOf(a);
        const res = await sendHostile(a, { method, path, rawQuery: query, ...bodyOf(kind, form) });
        statuses.push(res.status);
        answers.push({ method, url: path, status: res.status, body: res.text });
        expectWellFormedAnswer(res, `${method} ${path}?${query} [${kind}] ${form}`);
        if (res.status >= 400 || method === 'GET') expect(stateOf(a).equals(before), `state changed by ${res.status}`).toBe(true);
      }),
      { numRuns: 20 },
    );
    // The requests must reach the handlers, not stop at the signature check.
    expect(statuses.filter((s) => s === 401).length, `statuses: ${statuses.join(' ')}`).toBeLessThanOrEqual(statuses.length / 4);
    // And every answer, hostile as its request was, keeps the published contract (schemas/, openapi.yaml).
    expect(await contractProblems(answers)).toEqual([]);
  });
});

describe('hostile path segments', () => {
  const segment = fc.oneof(
    fc.constantFrom(
      '0',
      '-1',
      '1.5',
      '1e3',
      '99999999999999999999',
      'every',
      'EVERY',
      'item',
      '%00',
      '%zz',
      '%FF',
      '..',
      '%2e%2e',
      '%2F',
      'null',
      '%20',
      '%0A',
      '%3Cx%3E',
    ),
    fc.string({ maxLength: 20 }).map((s) => formEncode([[s, '']]).slice(0, -1) || 'x'),
  );
  const templates: Array<[Method, (s: string) => string]> = [
    ['GET', (s) => `/catalog/${s}`],
    ['GET', (s) => `/catalog/title/${s}`],
    ['GET', (s) => `/catalog/title/10/${s}`],
    ['GET', (s) => `/catalog/person/${s}`],
    ['GET', (s) => `/users/${s}`],
    ['GET', (s) => `${U}/queues/${s}`],
    ['PUT', (s) => `${U}/queues/item/${s}`],
    ['DELETE', (s) => `${U}/queues/disc/${s}`],
    ['GET', (s) => `${U}/lists/${s}`],
    ['DELETE', (s) => `${U}/lists/7001/${s}`],
    ['PUT', (s) => `${U}/ratings/title/${s}`],
    ['GET', (s) => `/categories/${s}`],
    ['GET', (s) => `${U}/queues/item/${s}`],
    ['GET', (s) => `${U}/queues/disc/${s}`],
    ['GET', (s) => `${U}/lists/7001/${s}`],
  ];

  it('never crash a route, and rejected ones change nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...templates), segment, async ([method, path], s) => {
        a.world.reset();
        const before = stateOf(a);
        const res = await sendHostile(a, { method, path: path(s), rawQuery: 'priority=1' });
        expectWellFormedAnswer(res, `${method} ${path(s)}`);
        if (res.status >= 400 || method === 'GET') expect(stateOf(a).equals(before)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

describe('percent-encoding that is not UTF-8 in a path', () => {
  // Bytes no UTF-8 decoder takes: any lone byte from 0x80 up, overlong forms (%C0%AE is an overlong "."),
  // surrogates, sequences cut short, bytes UTF-8 never uses; between ordinary characters or alone.
  const notUtf8 = fc.oneof(
    fc.constantFrom('%ff', '%FE', '%C0%AE', '%c1%bf', '%E0%80%AF', '%ED%A0%80', '%F8%88%80%80%80', '%80', '%BF', '%E2%82', '%F0%9F%98'),
    fc.integer({ min: 0x80, max: 0xff }).map((b) => `%${b.toString(16)}`),
  );
  const segment = fc.tuple(fc.constantFrom('', 'x', 'caf', '%41'), notUtf8, fc.constantFrom('', 'y', '%41', '%2F')).map(([a, b, c]) => a + b + c);
  const ADMIN: Array<[Method, (s: string) => string]> = [
    ['DELETE', (s) => `/__admin/faults/${s}`],
    ['DELETE', (s) => `/__admin/overrides/${s}`],
    ['DELETE', (s) => `/__admin/sandboxes/${s}`],
    ['DELETE', (s) => `/__admin/tokens/${s}`],
    ['POST', (s) => `/__admin/scenarios/${s}`],
    ['PUT', (s) => `/__admin/scenarios/${s}`],
    ['DELETE', (s) => `/__admin/scenarios/${s}`],
    ['GET', (s) => `/__admin/${s}`],
  ];
  const API: Array<[Method, (s: string) => string]> = [
    ['GET', (s) => `/catalog/title/${s}`],
    ['GET', (s) => `/catalog/person/${s}/filmography`],
    ['GET', (s) => `/users/${s}`],
    ['DELETE', (s) => `${U}/lists/7001/${s}`],
    ['PUT', (s) => `${U}/queues/item/${s}`],
    ['GET', (s) => `/categories/${s}`],
  ];

  it('the admin API answers a JSON 4xx, never a 5xx, and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ADMIN), segment, async ([method, path], s) => {
        a.world.reset();
        const before = stateOf(a);
        const res = await rawHttp(a.server, method, path(s), { Host: '127.0.0.1' });
        const context = `${method} ${path(s)} -> ${res.status} ${res.text.slice(0, 300)}`;
        expect(res.status, context).toBeGreaterThanOrEqual(400);
        expect(res.status, context).toBeLessThan(500);
        expect(res.headers['content-type'], context).toMatch(/^application\/json/);
        expect(JSON.parse(res.text).error.details, context).not.toBe('');
        expect(stateOf(a).equals(before), context).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('the API answers an XML <error>, never a 5xx, and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...API), segment, async ([method, path], s) => {
        a.world.reset();
        const before = stateOf(a);
        const res = await sendHostile(a, { method, path: path(s) });
        expectWellFormedAnswer(res, `${method} ${path(s)}`);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(stateOf(a).equals(before)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});
