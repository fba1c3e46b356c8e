import type { Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../src/index.js';
import { signed } from './support/signing.js';

// The library entry a test runner uses: the admin controls without HTTP, on a listening simulator.
describe('startSimulator controls', () => {
  let sim: Simulator;
  // supertest takes a URL as well as an app.
  const api = () => sim.url as unknown as Server;

  beforeAll(async () => {
    sim = await startSimulator({ port: 0 });
  });
  afterAll(async () => {
    await sim.close();
  });
  beforeEach(() => sim.reset());

  it('sim.clock moves the simulator clock', () => {
    sim.clock.freeze('2030-01-01T00:00:00Z');
    sim.clock.advance('11m');
    expect(sim.clock.now()).toBe('2030-01-01T00:11:00Z');
    sim.clock.offset('-1h');
    expect(sim.clock.mode()).toEqual({ mode: 'offset', offsetMs: -3_600_000 });
    sim.clock.real();
    expect(() => sim.clock.advance('soon')).toThrow(/not a duration/);
  });

  it('sim.faults.add injects a fault over the wire; sim.journal.find and count see the requests', async () => {
    const fault = sim.faults.add({ route: '/catalog/title', method: 'GET', kind: 'error', status: 503, times: 1 });
    expect((await signed(api(), 'GET', '/catalog/title?term=zzyzx')).status).toBe(503);
    expect((await signed(api(), 'GET', '/catalog/title?term=zzyzx')).status).toBe(200);
    expect(sim.journal.count({ path: '/catalog/title', method: 'GET' })).toBe(2);
    const [latest, first] = sim.journal.find({ path: '/catalog/title' });
    expect(latest?.status).toBe(200);
    expect(first).toMatchObject({ status: 503, faults: [fault.id], rejected: { check: 'fault', reason: 'Service Unavailable' } });
    expect(sim.faults.list()[0]).toMatchObject({ id: fault.id, remaining: 0 });
  });

  it('sim.tokens mints a token that signs requests at once, and revokes it', async () => {
    const minted = sim.tokens.mint('test-consumer-key', 'carol');
    const token = { key: minted.token, secret: minted.secret };
    expect((await signed(api(), 'GET', '/users', { token })).status).toBe(200);
    sim.tokens.revoke(minted.token, 'test-consumer-key');
    expect((await signed(api(), 'GET', '/users', { token })).status).toBe(401);
  });

  it('sim.business ships and returns in a consumer’s sandbox, refusing what the admin API refuses', () => {
    expect(sim.business.ship('test-consumer-key', 'carol')).toMatchObject({ user: 'carol', shipped: [], queued: [] });
    expect(() => sim.business.returnTitle('test-consumer-key', 'carol', 30)).toThrow(/not at carol's home/);
    expect(() => sim.business.ship('test-consumer-key', 'zed')).toThrow(/known logins/);
  });

  it('sim.scenarios exports a sandbox and loads it back', async () => {
    const minted = sim.tokens.mint('test-consumer-key', 'carol');
    const name = await sim.scenarios.add(sim.scenarios.export('test-consumer-key', 'library-export'), true);
    expect(name).toBe('library-export');
    expect(sim.world.scenario.definition.name).toBe('library-export');
    expect((await signed(api(), 'GET', '/users', { token: { key: minted.token, secret: minted.secret } })).status).toBe(200);
    await sim.useScenario('default');
  });

  it('sim.faults.add refuses a fault the admin API would refuse', () => {
    expect(() => sim.faults.add({ route: '*', kind: 'error' })).toThrow(/needs status/);
  });

  it('sim.reset clears faults and the journal; sim.sandboxes lists and resets one', async () => {
    await signed(api(), 'GET', '/catalog/title?term=zzyzx');
    sim.faults.add({ route: '*', kind: 'drop' });
    sim.reset();
    expect(sim.faults.list()).toEqual([]);
    expect(sim.journal.count()).toBe(0);
    expect((await signed(api(), 'GET', '/catalog/title?term=zzyzx')).status).toBe(200);
    expect(sim.sandboxes.list().map((s) => s.key)).toContain('test-consumer-key');
    sim.sandboxes.reset('test-consumer-key');
    expect(sim.sandboxes.list().map((s) => s.key)).not.toContain('test-consumer-key');
  });
});
