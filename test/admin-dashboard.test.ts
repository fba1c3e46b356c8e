import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { testWorld } from './support/world.js';

describe('GET /__admin/ (the dashboard page)', () => {
  it('serves the page and its script', async () => {
    const { app } = testWorld();
    const page = await request(app).get('/__admin/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    for (const id of ['scenario-name', 'clock-now', 'sandboxes', 'fault-form', 'journal']) expect(page.text).toContain(`id="${id}"`);
    const script = await request(app).get('/__admin/dashboard.js');
    expect(script.headers['content-type']).toMatch(/^application\/javascript/);
    expect(script.text).toContain("fetch('/__admin' + path");
  });

  it('is served without the admin token, while the API it calls still needs it', async () => {
    const { app } = testWorld('default', { adminToken: 's3cret' });
    expect((await request(app).get('/__admin/')).status).toBe(200);
    expect((await request(app).get('/__admin/journal')).status).toBe(401);
    expect((await request(app).get('/__admin/journal').set('Authorization', 'Bearer s3cret')).status).toBe(200);
  });
});
