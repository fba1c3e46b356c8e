// Vitest setup file (vitest.config.ts setupFiles): every XML answer a test receives through supertest is
// checked against the published contract (schemas/ and openapi.yaml, see contractProblems), and the test
// fails in afterEach if one breaks it: a serializer or route that drifts from the contract fails the suite.
import request from 'supertest';
import { afterAll, afterEach } from 'vitest';
import { contractProblems, type ReceivedAnswer } from './validate-xml.js';

/**
 * Answers are checked in batches, one xmllint run each (a run costs ~10 ms however few documents it holds):
 * a test's answers are checked together in its afterEach, and a test that receives many (property tests)
 * has them checked on the worker's thread while it goes on. Kept on globalThis because supertest (patched
 * once) may outlive this module between test files in one process.
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
  c.running = contractProblems(batch)
    .then((p) => { c.problems.push(...p); }, (e: unknown) => { c.problems.push(`the contract check could not run: ${String(e)}`); })
    .finally(() => {
      c.running = undefined;
    });
}

interface AnsweredTest {
  method: string;
  url: string;
  assert(err: unknown, res: { status: number; headers: Record<string, string>; text?: string } | undefined, fn: unknown): void;
}

// supertest calls Test#assert once per answer, before any expectation or await sees it.
const proto = request.Test.prototype as unknown as AnsweredTest & { __contractCapture?: true };
if (!proto.__contractCapture) {
  const original = proto.assert;
  proto.assert = function capture(this: AnsweredTest, err, res, fn) {
    const type = res?.headers['content-type'] ?? '';
    // A HEAD answer has the headers of a GET and no body to check.
    if (res && /^application\/xml\b/i.test(type) && typeof res.text === 'string' && this.method !== 'HEAD') {
      const c = g.__contractChecker!;
      c.queue.push({ method: this.method, url: this.url, status: res.status, body: res.text });
      pump(c);
    }
    return original.call(this, err, res, fn);
  };
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
// Answers received in afterAll hooks come after the last afterEach.
afterAll(reportProblems);
