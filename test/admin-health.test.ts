import { readFileSync } from 'node:fs';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../src/config.js';
import { createWorld, simulatorServerOf } from '../src/index.js';
import { testWorld } from './support/world.js';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

/** A world whose real time is a number the test moves: uptime without sleeping. */
function worldWithRealTime(start: number) {
  const time = { now: start };
  const config = { ...DEFAULT_CONFIG, scenario: 'default' };
  const world = createWorld(config, () => time.now);
  return { app: simulatorServerOf({ world, config }), world, time };
}

describe('GET /__admin/health', () => {
  it('answers 200 JSON: healthy, the package version, the active scenario and the uptime in seconds', async () => {
    const { app } = testWorld();
    const res = await request(app).get('/__admin/health');
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/json');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ status: 'healthy', version: pkg.version, scenario: 'default', uptimeInSeconds: expect.any(Number) });
    expect(res.body.uptimeInSeconds).toBeGreaterThanOrEqual(0);
  });

  it('names the scenario switched to', async () => {
    const { app } = testWorld();
    expect((await request(app).post('/__admin/scenarios/empty-catalogue')).status).toBe(200);
    expect((await request(app).get('/__admin/health')).body.scenario).toBe('empty-catalogue');
  });

  it('counts uptime in real time from start, not on the simulator clock', async () => {
    const { app, time } = worldWithRealTime(1_000_000);
    expect((await request(app).get('/__admin/health')).body.uptimeInSeconds).toBe(0);
    time.now += 2_500;
    expect((await request(app).get('/__admin/health')).body.uptimeInSeconds).toBe(2.5);
    // Moving the simulator clock a day on (to expire a token, say) is not a day of uptime.
    expect((await request(app).post('/__admin/clock/advance').send({ by: '1d' })).status).toBe(200);
    expect((await request(app).get('/__admin/health')).body.uptimeInSeconds).toBe(2.5);
  });

  it('keeps counting across a reset and a scenario switch: they are not restarts', async () => {
    const { app, time } = worldWithRealTime(5_000);
    time.now += 60_000;
    await request(app).post('/__admin/reset');
    await request(app).post('/__admin/scenarios/empty-catalogue');
    expect((await request(app).get('/__admin/health')).body.uptimeInSeconds).toBe(60);
  });

  it('answers without the bearer token when an admin token is set, while the rest of /__admin still asks for it', async () => {
    const { app } = testWorld('default', { adminToken: 's3cret' });
    const health = await request(app).get('/__admin/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('healthy');
    expect((await request(app).get('/__admin/scenarios')).status).toBe(401);
    expect((await request(app).get('/__admin/scenarios').set('Authorization', 'Bearer s3cret')).status).toBe(200);
  });
});
