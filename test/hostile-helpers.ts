import { createHmac, randomBytes } from 'node:crypto';
import { Agent, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { expect } from 'vitest';
import { percentDecode } from '../src/domain/oauth/percent-decode.js';
import { ALICE, CONSUMER, type Credentials } from './support/signing.js';
import { baseString, enc } from './support/oauth-request.js';
import { BASE, HOST, testWorld, type TestWorld } from './support/world.js';
import { parseXml } from './support/xml.js';

// Helpers for the hostile-input properties: requests built byte by byte (raw query, raw body, any content
// type) yet signed, so that they get past OAuth and reach the handlers; the oracle every answer must meet;
// and the generators of hostile values.

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Every root a 2xx answer of the API may have (docs/reference/wire-format.md). */
export const DOCUMENT_ROOTS = new Set([
  'search',
  'catalog_title',
  'person',
  'people',
  'synopsis',
  'histogram',
  'languages',
  'collections',
  'artworks',
  'similars',
  'reviews',
  'review',
  'filmography',
  'biography',
  'resource',
  'user',
  'ratings',
  'rating_item',
  'queues',
  'queue',
  'queue_item',
  'queue_disc',
  'rented',
  'at_home',
  'lists',
  'list',
  'list_items',
  'list_item',
  'recommendations',
  'response',
  'resources_created',
  'status',
  'category_scheme',
  'categories',
]);

/** A hostile world: one app on one listening server (faster than a server per supertest call). */
export interface Arena extends TestWorld {
  server: Server;
  close(): Promise<void>;
}

export async function arena(overrides: Parameters<typeof testWorld>[1] = {}): Promise<Arena> {
  const w = testWorld('default', overrides);
  const server = w.app; // the simulator's own server: a refused request gets an <error> as the CLI's does
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    ...w,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Pairs of a raw `a=1&b=2` string, decoded the way the server's OAuth layer decodes them. */
function serverPairs(raw: string): Array<[string, string]> {
  return raw
    .split('&')
    .filter(Boolean)
    .map((part) => {
      const i = part.indexOf('=');
      const [k, v] = i === -1 ? [part, ''] : [part.slice(0, i), part.slice(i + 1)];
      return [percentDecode(k, { plusAsSpace: true }), percentDecode(v, { plusAsSpace: true })];
    });
}

export interface RawRequest {
  method: Method;
  path: string;
  /** Query string exactly as sent, without `?` (ASCII: Node's client refuses anything else in a path). */
  rawQuery?: string;
  body?: string | Buffer;
  contentType?: string;
  token?: Credentials | null;
}

/**
 * Sends a request whose query and body are raw bytes, signed in the Authorization header over the
 * parameters as the server decodes them (only form bodies are signed, as RFC 5849 says). Bytes that are
 * not UTF-8 decode leniently on both sides, so most such requests still pass the signature check.
 */
export function sendHostile(a: Arena, r: RawRequest): Promise<Answer> {
  const token = r.token === undefined ? ALICE.token : r.token;
  const query = r.rawQuery ?? '';
  const isForm = r.contentType?.toLowerCase().startsWith('application/x-www-form-urlencoded') ?? false;
  const bodyText = r.body === undefined ? '' : typeof r.body === 'string' ? r.body : new TextDecoder().decode(r.body);
  const protocol: Array<[string, string]> = [
    ['oauth_consumer_key', CONSUMER.key],
    ['oauth_nonce', randomBytes(12).toString('hex')],
    ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', String(Math.floor(Date.now() / 1000))],
    ['oauth_version', '1.0'],
    ...(token ? [['oauth_token', token.key] as [string, string]] : []),
  ];
  const signedPairs = [...protocol, ...serverPairs(query), ...(isForm ? serverPairs(bodyText) : [])];
  const key = `${enc(CONSUMER.secret)}&${enc(token?.secret ?? '')}`;
  const signature = createHmac('sha1', key)
    .update(baseString(r.method, BASE + r.path, signedPairs))
    .digest('base64');
  const header = 'OAuth ' + [...protocol, ['oauth_signature', signature] as [string, string]].map(([k, v]) => `${k}="${enc(v)}"`).join(', ');

  const headers: Record<string, string | number> = { Host: HOST, Authorization: header };
  if (r.contentType !== undefined) headers['Content-Type'] = r.contentType;
  const body = r.body === undefined ? undefined : typeof r.body === 'string' ? Buffer.from(r.body, 'utf8') : r.body;
  if (body !== undefined) headers['Content-Length'] = body.length;
  return rawHttp(a.server, r.method, query ? `${r.path}?${query}` : r.path, headers, body);
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * One request over node:http, bytes exactly as given (supertest would serialize a Buffer form body as an
 * object). The answer body is decoded as UTF-8 strictly: an answer that is not UTF-8 fails the test.
 */
export function rawHttp(server: Server, method: string, path: string, headers: Record<string, string | number>, body?: Buffer): Promise<Answer> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent: keepAlive }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks)) });
        } catch (e) {
          reject(e);
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const keepAlive = new Agent({ keepAlive: true, maxSockets: 32 });

/** `name=value` pairs percent-encoded from their UTF-8 bytes (lone surrogates become U+FFFD on the way). */
export function formEncode(pairs: ReadonlyArray<readonly [string, string]>): string {
  return pairs.map(([k, v]) => `${bytesEncode(k)}=${bytesEncode(v)}`).join('&');
}

function bytesEncode(s: string): string {
  let out = '';
  for (const b of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : '%' + b.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

/** The oracle for any answer: never 5xx; XML; a 4xx is an `<error>` with a reason and details; a 2xx a known document. */
export function expectWellFormedAnswer(res: Answer, what: string): void {
  const context = `${what}\n-> ${res.status} ${String(res.text).slice(0, 300)}`;
  expect(res.status, context).toBeLessThan(500);
  expect(res.status, context).toBeGreaterThanOrEqual(200);
  expect(res.headers['content-type'], context).toBe('application/xml;charset=UTF-8');
  const doc = parseXml(res.text);
  const root = doc.documentElement?.nodeName ?? '';
  if (res.status >= 400) {
    expect(root, context).toBe('error');
    const reason = doc.getElementsByTagName('reason')[0]?.textContent ?? '';
    const details = doc.getElementsByTagName('details')[0]?.textContent ?? '';
    expect(reason, context).not.toBe('');
    expect(details, context).not.toBe('');
    expect(res.headers['x-mashery-error-code'], context).toMatch(/^ERR_\d{3}_/);
  } else {
    expect(DOCUMENT_ROOTS.has(root), `unknown root <${root}>: ${context}`).toBe(true);
  }
}

/** The sandbox's whole state database as bytes: equal bytes, nothing changed. */
export function stateOf(a: Arena): Buffer {
  return a.world.sandbox(CONSUMER.key).db.serialize();
}

// ---- generators -----------------------------------------------------------------------------------

/** Strings that have broken parsers, SQL, XML writers and search engines before. */
export const NASTY = [
  `'`,
  `"`,
  `<`,
  `>`,
  `&`,
  `&amp;`,
  `&#0;`,
  `&#x1;`,
  `]]>`,
  `<![CDATA[x]]>`,
  `<error>`,
  `<?xml version="1.0"?>`,
  `<!DOCTYPE x [<!ENTITY a "b">]>`,
  `' OR '1'='1`,
  `"; DROP TABLE queue_items; --`,
  `1; DELETE FROM lists`,
  `%' --`,
  `\\`,
  `?1`,
  `:name`,
  `$1`,
  `*`,
  `"*"`,
  `NEAR(a b)`,
  `a OR b`,
  `title:x`,
  `^x`,
  `-x`,
  `(`,
  `)`,
  `{}`,
  `[]`,
  `\u0000`,
  `\u0001`,
  `\r\n`,
  `\t`,
  `\uFFFE`,
  `\uFEFF`,
  `\uD800`,
  `\uDFFF`,
  `😀`,
  `𝔘𝔫𝔦𝔠𝔬𝔡𝔢`,
  `e\u0301`,
  `ﷺ`,
  `\u202Eevil`,
  `NaN`,
  `Infinity`,
  `-Infinity`,
  `-0`,
  `1e309`,
  `0x10`,
  ` 1 `,
  `1.`,
  `.5`,
  '9'.repeat(40),
  `-1`,
  `0`,
  `2.55`,
  `5.05`,
  `true`,
  `yes`,
  `every`,
  `all`,
  `none`,
  `../../etc/passwd`,
  `%2e%2e%2f`,
  `http://evil.example/catalog/title/10`,
  `${BASE}/catalog/title/10`,
  `${BASE}/catalog/title/10376,${BASE}/catalog/title/10376`,
  `/catalog/title/0`,
  `/catalog/title/99999999999999999999`,
  `,,,`,
  `,`,
  ` `,
  '',
];

/** Parameter names the routes read, and a few they do not. */
export const PARAM_NAMES = [
  'term',
  'refine',
  'genre',
  'format',
  'certificate',
  'purchase',
  'role',
  'f',
  'expand',
  'view',
  'start_index',
  'items_per_page',
  'title_refs',
  'title_ref',
  'rating',
  'priority',
  'queue_ref',
  'name',
  'description',
  'public',
  'anonymous',
  'comment',
  'rand',
  'id',
];

/** Raw (already encoded) query or body fragments: bad percent-encoding and bytes that are not UTF-8. */
export const BAD_ENCODINGS = ['%', '%%', '%2', '%zz', '%G0', '%FF', '%C3%28', '%ED%A0%80', '%E2%82', '%F4%90%80%80', '%C0%AF', '%00', '+', '%2B', '=', '=='];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...NASTY), { maxLength: 5 }).map((xs) => xs.join('')) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double()).map(String) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom('x', '😀', '<&>', '9', `${BASE}/catalog/title/10,`), fc.integer({ min: 100, max: 3000 })).map(([s, n]) => s.repeat(n)),
  },
);

/** A raw query or form string: well-encoded hostile pairs mixed with raw bad fragments. */
export const rawParams: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: fc.tuple(fc.oneof(fc.constantFrom(...PARAM_NAMES), hostileString), hostileString).map(([k, v]) => formEncode([[k, v]])) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(
            fc.constantFrom(...PARAM_NAMES),
            fc.array(fc.oneof(fc.constantFrom(...BAD_ENCODINGS), fc.constantFrom('a', '1', 'x y'.replace(' ', '+'))), { maxLength: 4 }),
          )
          .map(([k, parts]) => `${k}=${parts.join('')}`),
      },
      { weight: 1, arbitrary: fc.constantFrom(...BAD_ENCODINGS) },
    ),
    { maxLength: 6 },
  )
  .map((parts) => parts.join('&'));
