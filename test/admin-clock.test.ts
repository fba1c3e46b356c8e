import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { authorizeAs, exchange, getRequestToken } from './support/oauth-dance.js';
import { testWorld } from './support/world.js';
import { parseXml, str } from './support/xml.js';

describe('GET/PUT /__admin/clock', () => {
  it('starts real and can be frozen at an instant', async () => {
    const { app } = testWorld();
    expect((await request(app).get('/__admin/clock')).body.mode).toBe('real');
    const res = await request(app).put('/__admin/clock').send({ mode: 'frozen', at: '2030-02-03T04:05:06Z' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ mode: 'frozen', now: '2030-02-03T04:05:06Z', at: '2030-02-03T04:05:06Z' });
    expect((await request(app).get('/__admin/clock')).body.now).toBe('2030-02-03T04:05:06Z');
  });

  it('frozen without an instant freezes where the clock is now', async () => {
    const { app, world } = testWorld();
    await request(app).put('/__admin/clock').send({ mode: 'frozen', at: '2030-01-01T00:00:00Z' });
    await request(app).post('/__admin/clock/advance').send({ by: '1h' });
    const res = await request(app).put('/__admin/clock').send({ mode: 'frozen' });
    expect(res.body.at).toBe('2030-01-01T01:00:00Z');
    expect(world.clock.now()).toBe(Date.parse('2030-01-01T01:00:00Z'));
  });

  it('an offset runs ahead of (or behind) real time', async () => {
    const { app, world } = testWorld();
    const ahead = await request(app).put('/__admin/clock').send({ mode: 'offset', offset: '2d' });
    expect(ahead.body).toMatchObject({ mode: 'offset', offsetMs: 172_800_000 });
    const behind = await request(app).put('/__admin/clock').send({ mode: 'offset', offsetMs: -60_000 });
    expect(behind.body.offsetMs).toBe(-60_000);
    expect(world.clock.mode).toEqual({ mode: 'offset', offsetMs: -60_000 });
    expect((await request(app).put('/__admin/clock').send({ mode: 'real' })).body.mode).toBe('real');
  });

  it.each([
    ['an unknown mode', { mode: 'slow' }, 'mode'],
    ['a bad instant', { mode: 'frozen', at: 'yesterday' }, 'at: expected an instant'],
    ['an offset with neither form', { mode: 'offset' }, 'send exactly one of offset'],
    ['a bad duration', { mode: 'offset', offset: 'ten minutes' }, 'expected a duration'],
    ['an unknown field', { mode: 'real', speed: 2 }, 'body'],
  ])('%s is a JSON 400 that says what was expected', async (_rule, body, says) => {
    const { app, world } = testWorld();
    const res = await request(app).put('/__admin/clock').send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContain(says);
    expect(world.clock.mode).toEqual({ mode: 'real' });
  });
});

describe('POST /__admin/clock/advance', () => {
  it('moves a frozen clock on by a duration or milliseconds, and back with a minus sign', async () => {
    const { app } = testWorld();
    await request(app).put('/__admin/clock').send({ mode: 'frozen', at: '2030-01-01T00:00:00Z' });
    expect((await request(app).post('/__admin/clock/advance').send({ by: '11m' })).body.now).toBe('2030-01-01T00:11:00Z');
    expect((await request(app).post('/__admin/clock/advance').send({ ms: 1000 })).body.now).toBe('2030-01-01T00:11:01Z');
    expect((await request(app).post('/__admin/clock/advance').send({ by: '-1d' })).body.now).toBe('2029-12-31T00:11:01Z');
  });

  it('turns a real clock into an offset one', async () => {
    const { app } = testWorld();
    const res = await request(app).post('/__admin/clock/advance').send({ by: '1h' });
    expect(res.body).toMatchObject({ mode: 'offset', offsetMs: 3_600_000 });
  });

  it('a body without a duration is a JSON 400', async () => {
    const { app } = testWorld();
    const res = await request(app).post('/__admin/clock/advance').send({});
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContain('send exactly one of by');
  });

  it('a full reset puts the clock back as the scenario starts it', async () => {
    const { app } = testWorld();
    await request(app).post('/__admin/clock/advance').send({ by: '3d' });
    await request(app).post('/__admin/reset');
    expect((await request(app).get('/__admin/clock')).body.mode).toBe('real');
  });
});

describe('token lifetimes follow the simulator clock', () => {
  it('a request token still works after 9 minutes but has expired after 11 (lifetime 600 s)', async () => {
    const { app } = testWorld();
    await request(app).put('/__admin/clock').send({ mode: 'frozen', at: '2030-01-01T00:00:00Z' });
    const fresh = await getRequestToken(app, { callback: 'oob' });
    const freshAuth = await authorizeAs(app, fresh.key);
    await request(app).post('/__admin/clock/advance').send({ by: '9m' });
    expect((await exchange(app, fresh, freshAuth.body.verifier)).status).toBe(200);

    const stale = await getRequestToken(app, { callback: 'oob' });
    const staleAuth = await authorizeAs(app, stale.key);
    await request(app).post('/__admin/clock/advance').send({ by: '11m' });
    const res = await exchange(app, stale, staleAuth.body.verifier);
    expect(res.status).toBe(401);
    expect(str(parseXml(res.text), '/error/reason')).toBe('Invalid Or Expired Token');
    expect(str(parseXml(res.text), '/error/details')).toContain('expired');
  });
});
