import { describe, expect, it } from 'vitest';
import { createStateDb } from '../store/state-db.js';
import { Sandbox } from './sandbox.js';
import { SandboxPool } from './sandbox-pool.js';

const TEMPLATE = createStateDb().serialize();
const template = () => TEMPLATE;

/** A pool whose real time is a counter the test moves. */
function pool(max: number, idleMs = 0) {
  const clock = { now: 1_000 };
  const p = new SandboxPool({ max, idleMs }, () => clock.now);
  return { p, clock, get: (key: string) => p.get(key, template, clock.now) };
}

/** A read through the sandbox's database: it throws once the database is closed. */
const readable = (box: Sandbox) => box.db.prepare('SELECT 1 AS one').get() as { one: number };

describe('sandbox pool: a dropped sandbox is closed', () => {
  it('over the cap, the least recently used goes and its database is closed; the others stay open', () => {
    const { p, get } = pool(2);
    const a = get('a');
    const b = get('b');
    get('a'); // b is now the least recently used
    const c = get('c');
    expect(b.closed).toBe(true);
    expect([a.closed, c.closed]).toEqual([false, false]);
    expect(p.held().map((s) => s.key)).toEqual(['a', 'c']);
    expect(p.evicted).toBe(1);
  });

  it('one idle past the limit is closed when the pool is next used', () => {
    const { clock, get } = pool(10, 60_000);
    const a = get('a');
    clock.now += 61_000;
    const b = get('b');
    expect(a.closed).toBe(true);
    expect(b.closed).toBe(false);
  });

  it.each([
    ['dropping its key (a reset of one consumer)', (p: SandboxPool) => p.drop('a')],
    ['clearing the pool (a reset of everything, a scenario switch)', (p: SandboxPool) => p.clear()],
    ['closing the pool (the simulator stopping)', (p: SandboxPool) => p.closeAll()],
  ])('%s closes it', (_how, act) => {
    const { p, get } = pool(10);
    const a = get('a');
    act(p);
    expect(a.closed).toBe(true);
    expect(p.has('a')).toBe(false);
  });

  it('the next use of a dropped key gets a fresh, open sandbox', () => {
    const { p, get } = pool(10);
    const first = get('a');
    p.drop('a');
    const second = get('a');
    expect(second).not.toBe(first);
    expect(readable(second).one).toBe(1);
  });

  it('dropping an unknown key closes nothing and says so', () => {
    const { p, get } = pool(10);
    const a = get('a');
    expect(p.drop('nobody')).toBe(false);
    expect(a.closed).toBe(false);
  });
});

describe('sandbox pool: a request still using a dropped sandbox', () => {
  it('keeps it open and usable until the request is done, then it is closed', () => {
    const { get } = pool(1);
    const a = get('a');
    a.hold(); // a request chose it and is still running (say, behind an injected latency)
    get('b'); // over the cap: a is dropped meanwhile
    expect(a.closed).toBe(false);
    expect(readable(a).one).toBe(1);
    a.release();
    expect(a.closed).toBe(true);
  });

  it('with two requests in flight, the last one to finish closes it', () => {
    const { p, get } = pool(10);
    const a = get('a');
    a.hold();
    a.hold();
    p.clear();
    a.release();
    expect(a.closed).toBe(false);
    a.release();
    expect(a.closed).toBe(true);
  });

  it('a sandbox still in the pool stays open when its requests finish', () => {
    const { get } = pool(10);
    const a = get('a');
    a.hold();
    a.release();
    expect(a.closed).toBe(false);
    expect(readable(a).one).toBe(1);
  });

  it('dropping twice closes once', () => {
    const a = new Sandbox('a', TEMPLATE, 0);
    a.drop();
    expect(() => a.drop()).not.toThrow();
    expect(a.closed).toBe(true);
  });
});
