import type { Server } from 'node:http';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { sendRaw } from './support/oauth-request.js';
import { CONSUMER, OTHER_CONSUMER, signed } from './support/signing.js';
import { HOST, testWorld } from './support/world.js';

// Issue 27 item 6: GET /__admin/metrics, the instance in Prometheus' text format for its operator.

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*",?)*)\\})? (\\S+)$`);
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"/g;

/**
 * Parses the text exposition format (version 0.0.4) strictly: every line is a HELP, a TYPE or a sample of a
 * family whose TYPE came first; a value is a number. Throws naming the first line that is not.
 */
function parseExposition(text: string): Sample[] {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`).exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (new RegExp(`^# HELP ${NAME} .*$`).test(line)) continue;
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a line of the exposition format: ${JSON.stringify(line)}`);
    const [, name, labelText, valueText] = m;
    if (!types.has(name!)) throw new Error(`a sample of ${name} before its TYPE line`);
    const value = Number(valueText);
    if (Number.isNaN(value) && valueText !== 'NaN') throw new Error(`not a number: ${JSON.stringify(line)}`);
    const labels: Record<string, string> = {};
    for (const [, k, v] of (labelText ?? '').matchAll(LABEL)) labels[k!] = v!;
    samples.push({ name: name!, labels, value });
  }
  return samples;
}

async function scrape(app: Server, authorization?: string): Promise<Sample[]> {
  const call = request(app).get('/__admin/metrics');
  const res = await (authorization === undefined ? call : call.set('Authorization', authorization));
  expect(res.status, res.text).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(res.text);
}

/** The value of one sample (0 when the series is not there yet: a counter that never moved). */
function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const hit = samples.find(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v) && Object.keys(s.labels).length === Object.keys(labels).length,
  );
  return hit?.value ?? 0;
}

const requests = (samples: Sample[], route: string, method: string, status: number) =>
  sampleValue(samples, 'rentalsim_requests_total', { route, method, status: String(status) });

describe('GET /__admin/metrics', () => {
  it('answers the Prometheus text format, every metric the README lists among them', async () => {
    const { app } = testWorld();
    const samples = await scrape(app);
    const names = new Set(samples.map((s) => s.name));
    for (const name of [
      'rentalsim_sandboxes',
      'rentalsim_sandboxes_max',
      'rentalsim_sandboxes_opened_total',
      'rentalsim_sandboxes_dropped_total',
      'rentalsim_sandboxes_evicted_total',
      'rentalsim_data_dir_bytes',
      'rentalsim_data_dir_budget_bytes',
      'rentalsim_journal_bytes',
      'rentalsim_journal_entries',
      'rentalsim_nonce_store_nonces',
      'rentalsim_nonce_store_capacity',
      'rentalsim_nonce_store_bytes',
      'process_resident_memory_bytes',
      'rentalsim_event_loop_delay_mean_seconds',
      'rentalsim_event_loop_delay_p50_seconds',
      'rentalsim_event_loop_delay_p99_seconds',
      'rentalsim_event_loop_delay_max_seconds',
    ]) {
      expect(names, name).toContain(name);
    }
    expect(sampleValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'rentalsim_nonce_store_capacity')).toBeGreaterThan(0);
    for (const s of samples) expect(Number.isFinite(s.value), s.name).toBe(true);
  });

  it('counts API requests by route template, method and status, exactly the requests sent', async () => {
    const { app } = testWorld();
    const before = await scrape(app);
    for (let i = 0; i < 3; i++) expect((await signed(app, 'GET', '/catalog/title/30')).status).toBe(200);
    expect((await signed(app, 'GET', '/catalog/title/999999')).status).toBe(404);
    // Paths no operation documents share one label, whatever a client makes up.
    expect((await signed(app, 'GET', '/nothing/here')).status).toBe(404);
    expect((await signed(app, 'GET', '/zz-random-1/zz-random-2/zz')).status).toBe(404);
    const after = await scrape(app);

    expect(requests(after, '/catalog/title/{id}', 'GET', 200) - requests(before, '/catalog/title/{id}', 'GET', 200)).toBe(3);
    expect(requests(after, '/catalog/title/{id}', 'GET', 404) - requests(before, '/catalog/title/{id}', 'GET', 404)).toBe(1);
    expect(requests(after, 'unmatched', 'GET', 404) - requests(before, 'unmatched', 'GET', 404)).toBe(2);
    const routes = new Set(after.filter((s) => s.name === 'rentalsim_requests_total').map((s) => s.labels['route']));
    expect([...routes].some((r) => r?.includes('nothing') || r?.includes('zz-random'))).toBe(false);
    // Six requests in all, admin calls (the scrapes) not among them.
    const total = (s: Sample[]) => s.filter((x) => x.name === 'rentalsim_requests_total').reduce((n, x) => n + x.value, 0);
    expect(total(after) - total(before)).toBe(6);
    expect(sampleValue(after, 'rentalsim_journal_entries')).toBe(6);
    expect(sampleValue(after, 'rentalsim_journal_bytes')).toBeGreaterThan(sampleValue(before, 'rentalsim_journal_bytes'));
    expect(sampleValue(after, 'rentalsim_nonce_store_nonces') - sampleValue(before, 'rentalsim_nonce_store_nonces')).toBe(6);
  });

  it('counts OAuth rejections by reason', async () => {
    const { app } = testWorld();
    const reason = (s: Sample[], r: string) => sampleValue(s, 'rentalsim_oauth_rejections_total', { reason: r });
    const before = await scrape(app);
    const wrongSecret = { key: CONSUMER.key, secret: 'not-the-secret' };
    expect((await signed(app, 'GET', '/catalog/title/30', { consumer: wrongSecret })).status).toBe(401);
    expect((await signed(app, 'GET', '/catalog/title/30', { consumer: wrongSecret })).status).toBe(401);
    expect((await sendRaw(app, { path: '/catalog/title/30', nonce: 'once-only' })).status).toBe(200);
    expect((await sendRaw(app, { path: '/catalog/title/30', nonce: 'once-only' })).status).toBe(401);
    expect((await request(app).get('/catalog/title/30').set('Host', HOST)).status).toBe(403);
    const after = await scrape(app);

    expect(reason(after, 'signature_invalid') - reason(before, 'signature_invalid')).toBe(2);
    expect(reason(after, 'nonce_used') - reason(before, 'nonce_used')).toBe(1);
    expect(reason(after, 'oauth-present') - reason(before, 'oauth-present')).toBe(1);
    const all = (s: Sample[]) => s.filter((x) => x.name === 'rentalsim_oauth_rejections_total').reduce((n, x) => n + x.value, 0);
    expect(all(after) - all(before)).toBe(4);
    expect(requests(after, '/catalog/title/{id}', 'GET', 401)).toBe(3);
  });

  it('shows sandboxes held, opened and dropped', async () => {
    const { app } = testWorld();
    const before = await scrape(app);
    expect((await signed(app, 'GET', '/catalog/title/30', { consumer: OTHER_CONSUMER })).status).toBe(200);
    const opened = await scrape(app);
    expect(sampleValue(opened, 'rentalsim_sandboxes_opened_total') - sampleValue(before, 'rentalsim_sandboxes_opened_total')).toBe(1);
    expect(sampleValue(opened, 'rentalsim_sandboxes') - sampleValue(before, 'rentalsim_sandboxes')).toBe(1);

    expect((await request(app).delete(`/__admin/sandboxes/${OTHER_CONSUMER.key}`)).status).toBe(200);
    const dropped = await scrape(app);
    expect(sampleValue(dropped, 'rentalsim_sandboxes_dropped_total') - sampleValue(opened, 'rentalsim_sandboxes_dropped_total')).toBe(1);
    expect(sampleValue(dropped, 'rentalsim_sandboxes')).toBe(sampleValue(before, 'rentalsim_sandboxes'));
    expect(sampleValue(dropped, 'rentalsim_sandboxes_evicted_total')).toBe(0);
  });

  it("shows each simulator's own numbers when two run in one process", async () => {
    const one = testWorld();
    const two = testWorld();
    expect((await signed(one.app, 'GET', '/catalog/title/30')).status).toBe(200);
    expect(requests(await scrape(one.app), '/catalog/title/{id}', 'GET', 200)).toBe(1);
    expect(requests(await scrape(two.app), '/catalog/title/{id}', 'GET', 200)).toBe(0);
  });

  it("needs the operator's token when one is set: 401 without it, 403 for a team's signed call", async () => {
    const { app } = testWorld('default', { adminToken: 's3cret', allowedHosts: HOST });
    expect((await request(app).get('/__admin/metrics')).status).toBe(401);
    const team = await sendRaw(app, { path: '/__admin/metrics', consumer: CONSUMER });
    expect(team.status, team.text).toBe(403);
    expect(team.text).toMatch(/GET \/__admin\/metrics is instance-wide/);
    expect(sampleValue(await scrape(app, 'Bearer s3cret'), 'rentalsim_sandboxes_max')).toBeGreaterThan(0);
  });
});
