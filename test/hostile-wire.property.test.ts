import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../src/index.js';
import { ALICE } from './support/signing.js';
import { parseXml } from './support/xml.js';
import { NASTY } from './hostile-helpers.js';

// Hostile bytes on the wire, below what an HTTP client library lets a test send: raw bytes that are not
// UTF-8 in the request target, broken Authorization headers, lying Content-Length and Content-Type, on a
// listening simulator. Rule: every answer is an HTTP response with an XML body, never a 5xx, and the server
// keeps answering.

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
});
afterAll(async () => sim.close());

/**
 * Sends bytes and reads what comes back until the server closes (every request says Connection: close).
 * The socket is half-closed only after a pause, for requests that promise more body than they send.
 */
function exchange(bytes: Buffer): Promise<Buffer> {
  const { port, hostname } = new URL(sim.url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    const pause = setTimeout(() => socket.end(), 300);
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer in 10 s')));
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('close', () => {
      clearTimeout(pause);
      resolve(Buffer.concat(chunks));
    });
    socket.on('error', reject);
  });
}

/** The first response in the bytes (a request with trailing garbage may get a second one): status and XML body. */
function expectXmlAnswer(raw: Buffer, what: string): number {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.subarray(0, Math.max(split, 0)).toString('latin1');
  const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1]);
  const context = `${what}\n-> ${raw.toString('latin1').slice(0, 300)}`;
  expect(status, context).toBeGreaterThanOrEqual(200);
  expect(status, context).toBeLessThan(500);
  expect(/\r\ncontent-type: application\/xml;charset=UTF-8(\r\n|$)/i.test(head), context).toBe(true);
  const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1]);
  expect(Number.isInteger(length), context).toBe(true);
  parseXml(new TextDecoder('utf-8', { fatal: true }).decode(raw.subarray(split + 4, split + 4 + length)));
  return status;
}

const PATHS = ['/catalog/title', `/users/${ALICE.guid}/lists`, `/users/${ALICE.guid}/queues/every`, '/users', '/oauth/request_token', '/nowhere'];
const rawBytes = fc.uint8Array({ minLength: 0, maxLength: 24 }).map((b) => Buffer.from(b));
const asciiish = fc.oneof(fc.constantFrom(...NASTY), fc.string({ unit: 'binary-ascii', maxLength: 30 }));

describe('hostile bytes on the wire', () => {
  it('raw bytes in the request target (not percent-encoded, not UTF-8) get an XML answer', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PATHS), rawBytes, rawBytes, async (path, inPath, inQuery) => {
        const line = Buffer.concat([
          Buffer.from(`GET ${path}`),
          inPath.filter((b) => b > 0x20 && b !== 0x7f),
          Buffer.from('?term='),
          inQuery.filter((b) => b > 0x20 && b !== 0x7f),
          Buffer.from(' HTTP/1.1\r\nHost: rentalsim.test\r\nConnection: close\r\n\r\n'),
        ]);
        expectXmlAnswer(await exchange(line), line.toString('latin1'));
      }),
      { numRuns: 60 },
    );
  });

  it('broken Authorization headers are a 4xx <error>', async () => {
    const header = fc
      .oneof(
        asciiish.map((s) => `OAuth ${s}`),
        fc.array(fc.tuple(asciiish, asciiish), { maxLength: 8 }).map((pairs) => 'OAuth ' + pairs.map(([k, v]) => `${k}="${v}"`).join(', ')),
        fc.constantFrom(
          'OAuth',
          'OAuth ,,,',
          'OAuth realm=',
          'OAuth oauth_consumer_key="test-consumer-key", oauth_consumer_key="x"',
          'Basic Zm9vOmJhcg==',
          'OAuth oauth_signature="%zz"',
          'oauth a=b',
        ),
      )
      .map((h) => h.replace(/[\r\n\u0000]/g, ''));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PATHS), header, async (path, auth) => {
        const req = Buffer.concat([
          Buffer.from(`GET ${path} HTTP/1.1\r\nHost: rentalsim.test\r\nConnection: close\r\nAuthorization: `),
          Buffer.from(auth, 'latin1'),
          Buffer.from('\r\n\r\n'),
        ]);
        const status = expectXmlAnswer(await exchange(req), auth);
        expect(status).toBeGreaterThanOrEqual(400);
      }),
      { numRuns: 80 },
    );
  });

  it('bodies that lie about their length or type get an XML answer', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PATHS),
        fc.constantFrom(
          'application/x-www-form-urlencoded',
          'application/x-www-form-urlencoded; charset=utf-16',
          'application/x-www-form-urlencoded; charset=klingon',
          'multipart/form-data',
          'application/json',
          'text/plain',
          '',
          '*/*',
          'application/x-www-form-urlencoded;;;',
        ),
        rawBytes,
        fc.oneof({ weight: 3, arbitrary: fc.constant(-2) }, { weight: 1, arbitrary: fc.integer({ min: -1, max: 40 }) }),
        fc.constantFrom('identity', 'gzip', 'chunked', ''),
        async (path, type, body, length, encoding) => {
          const claimed = length === -2 ? body.length : length; // mostly the truth, sometimes chunked or a lie
          const head = [
            `POST ${path} HTTP/1.1`,
            'Host: rentalsim.test',
            'Connection: close',
            `Content-Type: ${type}`,
            claimed >= 0 ? `Content-Length: ${claimed}` : 'Transfer-Encoding: chunked',
            ...(encoding ? [`Content-Encoding: ${encoding}`] : []),
          ];
          const req = Buffer.concat([
            Buffer.from(head.join('\r\n') + '\r\n\r\n'),
            claimed >= 0 ? body.subarray(0, claimed) : Buffer.from(`${body.length.toString(16)}\r\n`),
            claimed >= 0 ? Buffer.alloc(0) : Buffer.concat([body, Buffer.from('\r\n0\r\n\r\n')]),
          ]);
          // A Content-Length longer than the bytes sent: the server waits for the rest until the client
          // half-closes, then may close without an answer (nobody is left to read one); any answer is XML.
          const raw = await exchange(req);
          if (raw.length > 0 || claimed <= body.length) expectXmlAnswer(raw, head.join(' | '));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('the server still answers afterwards', async () => {
    const res = await fetch(`${sim.url}/nowhere`);
    expect(res.status).toBe(404);
  });
});
