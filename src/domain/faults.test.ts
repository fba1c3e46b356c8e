import { describe, expect, it } from 'vitest';
import { defaultReason, FaultRules, type FaultSpec } from './faults.js';

const GET_TITLES = { method: 'GET', path: '/catalog/title' };
const error503: FaultSpec = { route: '/catalog/title', method: 'GET', action: { kind: 'error', status: 503 } };

describe('fault matching', () => {
  it.each([
    ['route, method and consumer all match', { ...error503, consumer: 'k' }, { ...GET_TITLES, consumer: 'k' }, true],
    ['another method does not match', error503, { ...GET_TITLES, method: 'POST' }, false],
    ['method * matches any method', { ...error503, method: '*' }, { ...GET_TITLES, method: 'DELETE' }, true],
    ['methods compare case-insensitively', { ...error503, method: 'get' }, GET_TITLES, true],
    ['another route does not match', error503, { ...GET_TITLES, path: '/catalog/people' }, false],
    ['a consumer-scoped fault skips other consumers', { ...error503, consumer: 'k' }, { ...GET_TITLES, consumer: 'other' }, false],
    ['a consumer-scoped fault skips unsigned requests', { ...error503, consumer: 'k' }, GET_TITLES, false],
    ['an unscoped fault hits every consumer', error503, { ...GET_TITLES, consumer: 'anyone' }, true],
  ])('%s', (_rule, spec, req, fires) => {
    const rules = new FaultRules();
    rules.add(spec);
    expect(rules.decide(req).terminal !== undefined).toBe(fires);
  });
});

describe('fault triggers', () => {
  it('fires for the next N matching requests only, then stays listed as used up', () => {
    const rules = new FaultRules();
    rules.add({ ...error503, times: 2 });
    const hits = [1, 2, 3, 4].map(() => rules.decide(GET_TITLES).terminal !== undefined);
    expect(hits).toEqual([true, true, false, false]);
    expect(rules.list()[0]).toMatchObject({ fired: 2, remaining: 0 });
  });

  it('with a probability, the same seed fires on the same requests', () => {
    const run = (seed: number) => {
      const rules = new FaultRules();
      rules.add({ ...error503, probability: 0.5, seed });
      return Array.from({ length: 20 }, () => (rules.decide(GET_TITLES).terminal ? 1 : 0)).join('');
    };
    expect(run(7)).toBe(run(7));
    expect(run(7)).not.toBe(run(8));
    expect(run(7)).toMatch(/1/);
    expect(run(7)).toMatch(/0/);
  });

  it('probability 0 never fires and probability 1 always does', () => {
    const rules = new FaultRules();
    rules.add({ ...error503, probability: 0 });
    expect(rules.decide(GET_TITLES).terminal).toBeUndefined();
    rules.add({ ...error503, probability: 1 });
    expect(rules.decide(GET_TITLES).terminal?.faultId).toBe(2);
  });
});

describe('combining faults', () => {
  it('latencies add up and the first terminal fault added wins', () => {
    const rules = new FaultRules();
    rules.add({ route: '*', method: '*', action: { kind: 'latency', ms: 100 } });
    rules.add({ ...error503, times: 1 });
    rules.add({ route: '*', method: '*', action: { kind: 'drop' }, times: 1 });
    rules.add({ route: '*', method: '*', action: { kind: 'latency', ms: 50 } });
    const first = rules.decide(GET_TITLES);
    expect(first).toEqual({ delayMs: 150, terminal: { faultId: 2, action: { kind: 'error', status: 503 } }, firedIds: [1, 2, 4] });
    // The drop was not consulted the first time, so it still has its one hit.
    expect(rules.decide(GET_TITLES).terminal?.action.kind).toBe('drop');
  });

  it('a latency range draws repeatably within its bounds', () => {
    const delays = (seed: number) => {
      const rules = new FaultRules();
      rules.add({ route: '*', method: '*', action: { kind: 'latency', ms: 10, maxMs: 20 }, seed });
      return Array.from({ length: 10 }, () => rules.decide(GET_TITLES).delayMs);
    };
    expect(delays(3)).toEqual(delays(3));
    for (const d of delays(3)) expect(d >= 10 && d <= 20).toBe(true);
  });

  it('removing and clearing', () => {
    const rules = new FaultRules();
    const a = rules.add(error503);
    rules.add(error503);
    expect(rules.remove(a.id)).toBe(true);
    expect(rules.remove(a.id)).toBe(false);
    expect(rules.list().map((f) => f.id)).toEqual([2]);
    rules.clear();
    expect(rules.list()).toEqual([]);
  });
});

describe('defaultReason', () => {
  it.each([
    [503, 'Service Unavailable'],
    [500, 'Internal Server Error'],
    [504, 'Gateway Timeout'],
    [599, 'Internal Server Error'],
    [418, 'Bad Request'],
  ])('status %i reads %s', (status, reason) => {
    expect(defaultReason(status)).toBe(reason);
  });
});

describe('no faults set', () => {
  it('is known without a request, and stops being true while any fault is set', () => {
    const rules = new FaultRules();
    expect(rules.none).toBe(true);
    const fault = rules.add(error503);
    expect(rules.none).toBe(false);
    rules.remove(fault.id);
    expect(rules.none).toBe(true);
    rules.add(error503);
    rules.clear();
    expect(rules.none).toBe(true);
  });
});

describe("a consumer's share", () => {
  it('each consumer holds at most 100 faults scoped to it; the instance still holds at most 1000 in all', () => {
    const rules = new FaultRules();
    for (let i = 0; i < 100; i++) rules.add({ ...error503, consumer: 'a' });
    expect(() => rules.add({ ...error503, consumer: 'a' })).toThrow(/"a" already holds 100 faults scoped to it, its share/);
    expect(rules.add({ ...error503, consumer: 'b' }).consumer).toBe('b');
    expect(rules.add(error503).consumer).toBeUndefined();
    for (let c = 0; c < 8; c++) for (let i = 0; i < 100; i++) rules.add({ ...error503, consumer: `c${c}` });
    for (let i = rules.list().length; i < 1000; i++) rules.add(error503);
    expect(() => rules.add({ ...error503, consumer: 'd' })).toThrow(/the simulator already holds 1000 faults/);
  });
});
