// Vitest setup file (vitest.config.ts setupFiles): every XML answer the app sends during a test is checked
// against the published contract (schemas/ and openapi.yaml, see contractProblems), and the test fails in
// afterEach if one breaks it: a serializer or route that drifts from the contract fails the suite.
//
// Answers are taken where the server writes them (node's ServerResponse), so every answer counts whichever
// client asked: supertest, a listening simulator, a test's own http calls. Only answers from other
// processes (CLI tests) are not seen. Patching node:http costs nothing to import, unlike supertest, so test
// files without HTTP pay nothing.
import { ServerResponse, type IncomingMessage } from 'node:http';
import { afterAll, afterEach } from 'vitest';
import type { ReceivedAnswer } from './validate-xml.js';

/**
 * Answers are checked in batches, one xmllint run each (a run has a fixed cost however few documents it holds):
 * a test's answers are checked together in its afterEach, and a test that receives many (property and load
 * tests) has them checked on the worker's thread while it goes on. Kept on globalThis: node:http is patched
 * once per process, while this module is evaluated once per test file.
 */
const BACKGROUND_BATCH = 50;
interface Checker {
  queue: ReceivedAnswer[];
  running?: Promise<void>;
  problems: string[];
}
const g = globalThis as { __contractChecker?: Checker };
const checker: Checker = (g.__contractChecker ??= { queue: [], problems: [] });

function pump(c: Checker, force = false): void {
  if (c.running || c.queue.length === 0 || (!force && c.queue.length < BACKGROUND_BATCH)) return;
  const batch = c.queue.splice(0);
  // Loaded at the first answer: unit-test files never pay for the checker.
  c.running = import('./validate-xml.js')
    .then(({ contractProblems }) => contractProblems(batch))
    .then(
      (p) => {
        c.problems.push(...p);
      },
      (e: unknown) => {
        c.problems.push(`the contract check could not run: ${String(e)}`);
      },
    )
    .finally(() => {
      c.running = undefined;
    });
}

type Chunk = string | Buffer | Uint8Array;
interface CapturedResponse extends ServerResponse {
  __xmlChunks?: Buffer[];
  __xmlRecorded?: true;
}

/**
 * The answer's content type: as set, or as passed to `writeHead` alone (src/http/send-xml.ts does), which
 * `getHeader` never sees; node keeps the header block it wrote in `_header` (the journal reads it there too).
 */
function contentTypeOf(res: ServerResponse): string {
  const set = res.getHeader('content-type');
  if (set !== undefined) return String(set);
  const head = (res as unknown as { _header?: unknown })._header;
  return typeof head === 'string' ? (/\r\ncontent-type: *([^\r\n]*)/i.exec(head)?.[1] ?? '') : '';
}

/**
 * An answer of the API in either format: XML, or JSON in the API's own content type (docs/reference/json.md).
 * Express's JSON (`application/json; charset=utf-8`: the admin API, a test's own servers) is not this contract.
 */
const isXml = (res: ServerResponse) => {
  const type = contentTypeOf(res);
  return /^application\/xml\b/i.test(type) || type === 'application/json;charset=UTF-8';
};
/**
 * An answer override's answer is the tester's own bytes, off the contract on purpose (malformed XML, a
 * gateway's HTML): the overrides middleware marks it in express's res.locals (src/http/middleware/gateway-middleware.ts).
 */
const overridden = (res: ServerResponse) => (res as { locals?: Record<string, unknown> }).locals?.['override'] !== undefined;

function keep(res: CapturedResponse, chunk: unknown, encoding: unknown): void {
  if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
  const c = chunk as Chunk;
  (res.__xmlChunks ??= []).push(typeof c === 'string' ? Buffer.from(c, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(c));
}

const proto = ServerResponse.prototype as CapturedResponse & { __contractCapture?: true };
if (!proto.__contractCapture) {
  const { write, end } = proto;
  proto.write = function capturedWrite(this: CapturedResponse, chunk: unknown, ...rest: unknown[]) {
    if (isXml(this)) keep(this, chunk, rest[0]);
    return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof proto.write;
  proto.end = function capturedEnd(this: CapturedResponse, chunk?: unknown, ...rest: unknown[]) {
    const req = this.req as (IncomingMessage & { originalUrl?: string }) | undefined;
    // A HEAD answer has the headers of a GET and no body to check.
    if (isXml(this) && req && req.method !== 'HEAD' && !this.__xmlRecorded && !overridden(this)) {
      this.__xmlRecorded = true;
      keep(this, chunk, rest[0]);
      const body = Buffer.concat(this.__xmlChunks ?? []).toString('utf8');
      this.__xmlChunks = undefined;
      const c = g.__contractChecker!;
      const contentType = contentTypeOf(this);
      c.queue.push({ method: req.method ?? 'GET', url: req.originalUrl ?? req.url ?? '/', status: this.statusCode, body, contentType });
      pump(c);
    }
    return (end as (...a: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as typeof proto.end;
  proto.__contractCapture = true;
}

async function reportProblems(): Promise<void> {
  while (checker.running || checker.queue.length > 0) {
    if (checker.running) await checker.running;
    else pump(checker, true);
  }
  const problems = checker.problems.splice(0);
  if (problems.length > 0) throw new Error(`${problems.length} answer(s) break the published contract (schemas/, openapi.yaml):\n  ${problems.join('\n  ')}`);
}

afterEach(reportProblems);
// Answers sent in afterAll hooks come after the last afterEach.
afterAll(reportProblems);
