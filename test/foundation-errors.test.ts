import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { signed } from './support/signing.js';
import { HOST, testWorld, type TestWorld } from './support/world.js';
import { parseXml, str } from './support/xml.js';

const DECLARATION = '<?xml version="1.0" encoding="utf-8" standalone="yes"?>';

describe('errors: one catalog, one handler, always the documented <error>', () => {
  let w: TestWorld;
  beforeAll(() => {
    w = testWorld();
  });

  it('an unknown path is a 404 <error> with the gateway code, never HTML', async () => {
    const res = await request(w.app).get('/no/such/path').set('Host', HOST);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/xml;charset=UTF-8');
    expect(res.headers['x-mashery-error-code']).toBe('ERR_404_NOT_FOUND');
    expect(res.text.startsWith(DECLARATION + '<error>')).toBe(true);
    const doc = parseXml(res.text);
    expect(str(doc, '/error/reason')).toBe('Not Found');
    expect(str(doc, '/error/details')).toContain('/no/such/path');
  });

  it('a wrong method is a 405 with Allow', async () => {
    const res = await signed(w.app, 'DELETE', '/catalog/title');
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('GET, HEAD');
    expect(str(parseXml(res.text), '/error/reason')).toBe('Method Not Allowed');
  });

  it('a body over the limit is a 413 <error>, not a crash', async () => {
    const big = 'comment=' + 'x'.repeat(w.config.maxBodyBytes + 10);
    const res = await request(w.app).post('/users').set('Host', HOST).type('form').send(big);
    expect(res.status).toBe(413);
    expect(str(parseXml(res.text), '/error/reason')).toBe('Request Entity Too Large');
  });

  it('the XML is compact and starts with the declaration, no byte-order mark', async () => {
    const res = await request(w.app).get('/nowhere').set('Host', HOST);
    expect(res.text.charCodeAt(0)).toBe('<'.charCodeAt(0));
    expect(res.text).not.toContain('\n');
  });
});

describe('admin: scenarios and reset', () => {
  it('lists the scenarios with descriptions and the active one', async () => {
    const { app } = testWorld();
    const res = await request(app).get('/__admin/scenarios');
    expect(res.status).toBe(200);
    expect(res.body.active).toBe('default');
    const names = res.body.scenarios.map((s: { name: string }) => s.name);
    expect(names).toEqual(expect.arrayContaining(['default', 'empty-catalogue']));
    for (const s of res.body.scenarios) expect(s.description.length).toBeGreaterThan(10);
  });

  it('switches scenario, and an unknown one is a JSON 404 that names the known ones', async () => {
    const { app } = testWorld();
    const bad = await request(app).post('/__admin/scenarios/nope');
    expect(bad.status).toBe(404);
    expect(bad.body.error.details).toContain('default');
    const ok = await request(app).post('/__admin/scenarios/empty-catalogue');
    expect(ok.body).toEqual({ active: 'empty-catalogue' });
    const search = await signed(app, 'GET', '/catalog/title');
    expect(str(parseXml(search.text), '/search/total_results')).toBe('0');
  });

  it('admin JSON errors for a malformed body', async () => {
    const { app } = testWorld();
    const res = await request(app).post('/__admin/reset').set('Content-Type', 'application/json').send('{not json');
    expect(res.status).toBe(400);
    expect(res.body.error.reason).toBe('Bad Request');
  });

  it('a bearer token protects the admin API when configured', async () => {
    const { app } = testWorld('default', { adminToken: 's3cret' });
    expect((await request(app).get('/__admin/scenarios')).status).toBe(401);
    expect((await request(app).get('/__admin/scenarios').set('Authorization', 'Bearer s3cret')).status).toBe(200);
  });
});

describe('--pretty', () => {
  it('indents answers when configured, and the document reads the same', async () => {
    const compact = await signed(testWorld().app, 'GET', '/catalog/title?term=zzyzx');
    const pretty = await signed(testWorld('default', { prettyXml: true }).app, 'GET', '/catalog/title?term=zzyzx');
    expect(pretty.text).toContain('\n  <total_results>1</total_results>\n');
    expect(pretty.text.replace(/\n\s*/g, '')).toBe(compact.text);
  });
});
