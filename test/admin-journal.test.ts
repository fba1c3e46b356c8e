import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ALICE, CONSUMER, OTHER_CONSUMER, asAlice, signed } from './support/signing.js';
import { HOST, testWorld } from './support/world.js';

const SEARCH = '/catalog/title?term=zzyzx';

describe('GET /__admin/journal', () => {
  it('records each API request: method, URL, consumer, user, status and time taken', async () => {
    const { app } = testWorld();
    await asAlice(app, 'GET', '/users');
    const res = await request(app).get('/__admin/journal');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ held: 1, capacity: 1000, matched: 1 });
    const [entry] = res.body.entries;
    expect(entry).toMatchObject({ id: 1, method: 'GET', url: '/users', path: '/users', consumer: CONSUMER.key, user: ALICE.guid, status: 200 });
    expect(entry.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(typeof entry.durationMs).toBe('number');
    expect(entry.rejected).toBeUndefined();
  });

  it('says why a rejected request was rejected: for a bad signature, the base string the server computed', async () => {
    const { app } = testWorld();
    await signed(app, 'GET', SEARCH, { consumer: { key: CONSUMER.key, secret: 'wrong' } });
    const [entry] = (await request(app).get('/__admin/journal?rejected=true')).body.entries;
    // The key it named proves nothing: a forged request is nobody's (issue 14).
    expect(entry).toMatchObject({
      status: 401,
      consumer: 'unverified',
      rejected: { check: 'oauth-signature', reason: 'Invalid Signature', code: 'ERR_401_INVALID_SIGNATURE' },
    });
    expect(entry.rejected.details).toContain(`GET&http%3A%2F%2F${HOST}%2Fcatalog%2Ftitle&`);
  });

  it('journals a request refused before it was read (a body over the limit)', async () => {
    const { app } = testWorld('default', { maxBodyBytes: 10 });
    await request(app)
      .post('/catalog/title')
      .type('form')
      .send('term=' + 'x'.repeat(100));
    const [entry] = (await request(app).get('/__admin/journal')).body.entries;
    expect(entry).toMatchObject({ method: 'POST', path: '/catalog/title', status: 413, rejected: { reason: 'Request Entity Too Large' } });
  });

  it('does not journal the admin API', async () => {
    const { app } = testWorld();
    await request(app).get('/__admin/faults');
    await request(app).get('/__admin/journal');
    expect((await request(app).get('/__admin/journal')).body.held).toBe(0);
  });

  it('journals a path that only starts like the admin API (/__adminx): it is no admin path, and the API answers it 404', async () => {
    const { app } = testWorld();
    expect((await signed(app, 'GET', '/__adminx')).status).toBe(404);
    const res = await request(app).get('/__admin/journal');
    expect(res.body.held).toBe(1);
    expect(res.body.entries[0]).toMatchObject({ method: 'GET', path: '/__adminx', consumer: CONSUMER.key, status: 404 });
  });

  it('keeps only the configured number of requests, newest first', async () => {
    const { app } = testWorld('default', { journalSize: 2 });
    for (const term of ['a', 'b', 'c']) await signed(app, 'GET', `/catalog/title?term=${term}`);
    const res = await request(app).get('/__admin/journal');
    expect(res.body).toMatchObject({ held: 2, capacity: 2 });
    expect(res.body.entries.map((e: { url: string }) => e.url)).toEqual(['/catalog/title?term=c', '/catalog/title?term=b']);
  });
});

describe('journal queries, counts and clearing', () => {
  const { app } = testWorld();
  const ready = (async () => {
    await asAlice(app, 'GET', '/users');
    await asAlice(app, 'GET', `/users/${ALICE.guid}`);
    await signed(app, 'GET', SEARCH, { consumer: OTHER_CONSUMER });
    await signed(app, 'GET', SEARCH, { consumer: OTHER_CONSUMER });
    await request(app).get(SEARCH).set('Host', HOST); // unsigned: 403 Not Authorized
  })();

  it.each([
    ['everything', '', 5],
    ['by method', 'method=get', 5],
    ['by another method', 'method=POST', 0],
    ['by exact path', 'path=/catalog/title', 3],
    ['by route pattern', 'path=/users/:guid', 1],
    ['by pattern with a tail', 'path=/users/*', 2],
    ['by consumer', `consumer=${OTHER_CONSUMER.key}`, 2],
    ['by status', 'status=403', 1],
    ['combined', `path=/catalog/title&consumer=${OTHER_CONSUMER.key}&status=200`, 2],
    ['after an id', 'after=3', 2],
  ])('counts %s', async (_rule, query, expected) => {
    await ready;
    expect((await request(app).get(`/__admin/journal/count?${query}`)).body).toEqual({ count: expected });
    expect((await request(app).get(`/__admin/journal?${query}`)).body.entries).toHaveLength(expected);
  });

  it('limits the entries listed but still counts every match', async () => {
    await ready;
    const res = await request(app).get('/__admin/journal?limit=2');
    expect(res.body.entries).toHaveLength(2);
    expect(res.body.matched).toBe(5);
  });

  it.each([
    ['a status that is not a number', 'status=ok', 'status'],
    ['rejected that is not a boolean', 'rejected=maybe', 'rejected'],
  ])('%s is a JSON 400', async (_rule, query, says) => {
    const res = await request(app).get(`/__admin/journal?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContain(says);
  });
});

describe('DELETE /__admin/journal', () => {
  it('clears it', async () => {
    const { app } = testWorld();
    await signed(app, 'GET', SEARCH);
    await signed(app, 'GET', SEARCH);
    expect((await request(app).delete('/__admin/journal')).body).toEqual({ cleared: 2 });
    expect((await request(app).get('/__admin/journal/count')).body).toEqual({ count: 0 });
  });
});
