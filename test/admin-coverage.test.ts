import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { simControls } from '../src/admin/controls.js';
import type { CoverageReport } from '../src/domain/coverage-report.js';
import { authorizeAs, exchange, getRequestToken } from './support/oauth-dance.js';
import { ALICE, CONSUMER, OTHER_CONSUMER, asAlice, authHeader, signed } from './support/signing.js';
import { BASE, HOST, testWorld, type TestWorld } from './support/world.js';

const queue = `/users/${ALICE.guid}/queues/every`;
const report = async (t: TestWorld, consumer = CONSUMER.key): Promise<CoverageReport> => {
  const res = await request(t.app).get(`/__admin/coverage?consumer=${consumer}`).expect(200);
  return res.body as CoverageReport;
};
const opOf = (r: CoverageReport, method: string, path: string) => r.operations.find((o) => o.method === method && o.path === path)!;

/** A known set of requests: catalogue variants, an error, conditional queue reads and writes, an OAuth failure. */
async function drive(t: TestWorld): Promise<void> {
  await signed(t.app, 'GET', '/catalog/title?term=the&expand=actors,synopsis&start_index=2').expect(200);
  await signed(t.app, 'GET', '/catalog/title?refine=genre').expect(200);
  await signed(t.app, 'GET', '/catalog/title?expand=bogus').expect(400);
  const tag = (await asAlice(t.app, 'GET', queue).expect(200)).headers['etag'] as string;
  await asAlice(t.app, 'GET', queue).set('If-None-Match', tag).expect(304);
  await asAlice(t.app, 'POST', queue, { title_refs: `nonsense,${BASE}/catalog/title/123456789012` }).expect(201);
  await asAlice(t.app, 'POST', queue, { title_refs: `${BASE}/catalog/title/1` })
    .set('If-Match', '"stale"')
    .expect(412);
  // A request token where an access token belongs: signed by the consumer, refused by the route.
  const rt = new URLSearchParams((await signed(t.app, 'GET', '/oauth/request_token').expect(200)).text);
  await signed(t.app, 'GET', '/users', { token: { key: rt.get('oauth_token')!, secret: rt.get('oauth_token_secret')! } }).expect(401);
}

describe('GET /__admin/coverage', () => {
  let t: TestWorld;
  beforeEach(() => {
    t = testWorld('default');
  });

  it("reports the operations, statuses and variants a consumer's signed requests exercised, and what they never did", async () => {
    await drive(t);
    const r = await report(t);
    const called = r.operations.filter((o) => o.calls > 0).map((o) => `${o.method} ${o.path} ${JSON.stringify(o.statuses)}`);
    expect(called).toEqual([
      'GET /oauth/request_token {"200":1}',
      'GET /catalog/{kind} {"200":2,"400":1}',
      'GET /users {"401":1}',
      'GET /users/{guid}/queues/{queue_id} {"200":1,"304":1}',
      'POST /users/{guid}/queues/{queue_id} {"201":1,"412":1}',
    ]);
    expect(opOf(r, 'GET', '/catalog/{kind}')).toEqual({
      method: 'GET',
      path: '/catalog/{kind}',
      calls: 3,
      statuses: { '200': 2, '400': 1 },
      variantsUsed: { 'start_index>1': 1, 'expand=actors': 1, 'expand=synopsis': 1, refine: 1 },
      variantsNeverUsed: [
        'expand=directors',
        'expand=histogram',
        'expand=languages',
        'expand=collections',
        'expand=artworks',
        'expand=all',
        'expand=none',
        'f',
      ],
    });
    expect(opOf(r, 'GET', '/users/{guid}/queues/{queue_id}').variantsUsed).toEqual({ 'If-None-Match': 1, '304 Not Modified': 1 });
    expect(opOf(r, 'POST', '/users/{guid}/queues/{queue_id}')).toMatchObject({
      variantsUsed: { 'If-Match': 1, '412 Precondition Failed': 1, 'failed_title_refs:not_a_title_ref': 1, 'failed_title_refs:unknown_title': 1 },
      variantsNeverUsed: [
        'failed_title_refs:disc_not_title',
        'failed_title_refs:already_queued',
        'failed_title_refs:not_rentable',
        'failed_title_refs:fail_add',
        'failed_title_refs:queue_full',
      ],
    });
    expect(r.errors.answered).toEqual({ ERR_400_INVALID_PARAMETER: 1, ERR_401_INVALID_OR_EXPIRED_TOKEN: 1, ERR_412_PRECONDITION_FAILED: 1 });
    expect(r.oauthProblems).toMatchObject({ answered: { token_rejected: 1 }, neverAnswered: ['parameter_absent', 'verifier_invalid'] });

    const signedOps = t.world.coverageSpec.operations.filter((o) => o.signed);
    const variants = signedOps.reduce((n, o) => n + o.variants.length, 0);
    const pct = (a: number, b: number) => Math.round((a / b) * 1000) / 10;
    expect(r.totals).toEqual({
      operations: { exercised: 5, documented: signedOps.length, percent: pct(5, signedOps.length) },
      variants: { exercised: 10, documented: variants, percent: pct(10, variants) },
      errors: { exercised: 3, documented: 17, percent: 17.6 },
      oauthProblems: { exercised: 1, documented: 3, percent: 33.3 },
    });
    expect(r.unsignedOperations).toContain('GET /oauth/login');
  });

  it('counts a signed access-token request without its verifier as the documented row it is', async () => {
    const rt = await getRequestToken(t.app, { callback: 'oob' });
    await authorizeAs(t.app, rt.key);
    expect((await exchange(t.app, rt, undefined)).status).toBe(400);
    const r = await report(t);
    expect(r.errors.answered).toEqual({ ERR_400_MISSING_REQUIRED_VERIFIER: 1 });
    expect(r.errors.neverAnswered).not.toContain('ERR_400_MISSING_REQUIRED_VERIFIER');
    expect(r.totals.errors).toEqual({ exercised: 1, documented: 17, percent: 5.9 });
  });

  it("counts nothing for a forged or unsigned request, nor another consumer's", async () => {
    const before = await report(t);
    await request(t.app)
      .get('/catalog/title?expand=all')
      .set('Host', HOST)
      .set('Authorization', authHeader('GET', '/catalog/title?expand=all', { consumer: { key: CONSUMER.key, secret: 'wrong' } }))
      .expect(401);
    await request(t.app).get('/catalog/title?expand=all').set('Host', HOST).expect(403);
    await signed(t.app, 'GET', '/catalog/title?expand=all', { consumer: OTHER_CONSUMER }).expect(200);
    expect(await report(t)).toEqual(before);
    expect(opOf(await report(t, OTHER_CONSUMER.key), 'GET', '/catalog/{kind}').variantsUsed).toEqual({ 'expand=all': 1 });
  });

  it("is emptied by a reset of the consumer's sandbox", async () => {
    await drive(t);
    await request(t.app).post(`/__admin/reset?consumer=${CONSUMER.key}`).expect(200);
    const r = await report(t);
    expect(r.operations.every((o) => o.calls === 0)).toBe(true);
    expect(r.errors.answered).toEqual({});
    expect(r.totals.operations.exercised).toBe(0);
  });

  it('answers a markdown table for a CI summary and CTRF, skipped for what was never exercised', async () => {
    await drive(t);
    const md = await request(t.app).get(`/__admin/coverage?consumer=${CONSUMER.key}&format=markdown`).expect(200);
    expect(md.headers['content-type']).toMatch(/^text\/markdown/);
    expect(md.text).toContain('| Operation | Calls | Statuses | Variants used | Never used |');
    expect(md.text).toContain(
      '| `GET /users/{guid}/queues/{queue_id}` | 2 | `200 x1`, `304 x1` | `If-None-Match x1`, `304 Not Modified x1` | `start_index>1`,',
    );
    expect(md.text).toContain('OAuth failures never answered: `parameter_absent`, `verifier_invalid`');
    const ctrf = (await request(t.app).get(`/__admin/coverage?consumer=${CONSUMER.key}&format=ctrf`).expect(200)).body;
    const tests = ctrf.results.tests as Array<{ name: string; status: string }>;
    expect(tests.find((x) => x.name === 'GET /catalog/{kind} refine')?.status).toBe('passed');
    expect(tests.find((x) => x.name === 'GET /catalog/{kind} f')?.status).toBe('skipped');
    expect(ctrf.results.summary.passed + ctrf.results.summary.skipped).toBe(ctrf.results.summary.tests);
    expect(ctrf.results.summary.failed).toBe(0);
  });

  it.each([
    ['an unknown consumer', '?consumer=nobody', 404],
    ['no consumer', '', 400],
    ['a format it does not write', `?consumer=${CONSUMER.key}&format=xml`, 400],
  ])('refuses %s with a JSON error', async (_what, query, status) => {
    const res = await request(t.app).get(`/__admin/coverage${query}`).expect(status);
    expect(res.body.error.status).toBe(status);
  });

  it("is the library's sim.coverage too", async () => {
    await drive(t);
    expect(simControls(t.world).coverage(CONSUMER.key)).toEqual(await report(t));
  });
});
