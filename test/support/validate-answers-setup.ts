// Vitest setup file (vitest.config.ts setupFiles): every XML answer a test receives through supertest is
// checked against the published contract after the test (schemas/ and openapi.yaml, see contractProblems),
// and the test fails if one breaks it: a serializer or route that drifts from the contract fails the suite.
import request from 'supertest';
import { afterEach } from 'vitest';
import { contractProblems, type ReceivedAnswer } from './validate-xml.js';

// On globalThis: supertest may be loaded once per process while this file runs once per test file.
const g = globalThis as { __contractReceived?: ReceivedAnswer[] };
const received = (g.__contractReceived ??= []);

interface AnsweredTest {
  method: string;
  url: string;
  assert(err: unknown, res: { status: number; headers: Record<string, string>; text?: string } | undefined, fn: unknown): void;
}

// supertest calls Test#assert once per answer, before any expectation or await sees it. Patched once per
// instance of the supertest module.
const proto = request.Test.prototype as unknown as AnsweredTest & { __contractCapture?: true };
if (!proto.__contractCapture) {
  const original = proto.assert;
  proto.assert = function capture(this: AnsweredTest, err, res, fn) {
    const type = res?.headers['content-type'] ?? '';
    if (res && /^application\/xml\b/i.test(type) && typeof res.text === 'string') {
      g.__contractReceived!.push({ method: this.method, url: this.url, status: res.status, body: res.text });
    }
    return original.call(this, err, res, fn);
  };
  proto.__contractCapture = true;
}

afterEach(async () => {
  const answers = received.splice(0);
  if (answers.length === 0) return;
  const problems = await contractProblems(answers);
  if (problems.length > 0) throw new Error(`${problems.length} answer(s) break the published contract (schemas/, openapi.yaml):\n  ${problems.join('\n  ')}`);
});
