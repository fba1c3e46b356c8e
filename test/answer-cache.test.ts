import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { authorization } from '../bench/sign.js';
import { simulatorServerOf } from '../src/index.js';
import { ALICE, CONSUMER, OTHER_CONSUMER, asAlice, signed } from './support/signing.js';
import { BASE, testWorld } from './support/world.js';
import { parseXml, str } from './support/xml.js';

// Repeated reads are answered from a cache (docs/decisions/0005-answer-cache.md). These are the rules that
// make it invisible: any change to the sandbox, the day or the request shows at once.

const SEARCH = '/catalog/title?term=zzyzx';
const ratingsOf = (text: string) => Number(str(parseXml(text), '/search/catalog_title[1]/number_of_ratings'));

describe('answers of repeated reads', () => {
  it('a search asked three times answers the same bytes, whatever the nonce', async () => {
    // Rendered on the first two asks (the second keeps it: src/world/answer-cache.ts), kept on the third.
    const { app, world } = testWorld();
    const first = await signed(app, 'GET', SEARCH);
    const second = await signed(app, 'GET', SEARCH);
    const held = world.answers.size;
    const third = await signed(app, 'GET', SEARCH);
    expect(first.status).toBe(200);
    expect(held).toBe(1);
    expect([second.text, third.text]).toEqual([first.text, first.text]);
  });

  it('a rating written between two identical searches shows in the second', async () => {
    const { app } = testWorld();
    const before = ratingsOf((await signed(app, 'GET', SEARCH)).text);
    const rated = await asAlice(app, 'POST', `/users/${ALICE.guid}/ratings/title`, { title_ref: `${BASE}/catalog/title/1`, rating: '5' });
    expect(rated.status).toBe(201);
    expect(ratingsOf((await signed(app, 'GET', SEARCH)).text)).toBe(before + 1);
  });

  it("another consumer's sandbox keeps its own answer", async () => {
    const { app } = testWorld();
    const before = ratingsOf((await signed(app, 'GET', SEARCH, { consumer: OTHER_CONSUMER })).text);
    await asAlice(app, 'POST', `/users/${ALICE.guid}/ratings/title`, { title_ref: `${BASE}/catalog/title/1`, rating: '5' });
    expect(ratingsOf((await signed(app, 'GET', SEARCH, { consumer: OTHER_CONSUMER })).text)).toBe(before);
  });

  it('a queue read after a queue write shows the write, with a new ETag', async () => {
    const { app } = testWorld();
    const path = `/users/${ALICE.guid}/queues/every?items_per_page=100`;
    const before = await asAlice(app, 'GET', path);
    const added = await asAlice(app, 'POST', `/users/${ALICE.guid}/queues/every`, { title_refs: `${BASE}/catalog/title/10400` });
    expect(added.status).toBe(201);
    const after = await asAlice(app, 'GET', path);
    expect(after.headers['etag']).not.toBe(before.headers['etag']);
    expect(after.text).toContain(`${BASE}/catalog/title/10400<`);
    expect(before.text).not.toContain(`${BASE}/catalog/title/10400<`);
  });

  it('a reset answers from the scenario again', async () => {
    const { app } = testWorld();
    const before = await signed(app, 'GET', SEARCH);
    await asAlice(app, 'POST', `/users/${ALICE.guid}/ratings/title`, { title_ref: `${BASE}/catalog/title/1`, rating: '5' });
    expect((await signed(app, 'GET', SEARCH)).text).not.toBe(before.text);
    expect((await request(app).post('/__admin/reset')).status).toBe(200);
    expect((await signed(app, 'GET', SEARCH)).text).toBe(before.text);
  });

  it('the next simulator day answers afresh (the queue ETag names the date)', async () => {
    const { app } = testWorld();
    const path = `/users/${ALICE.guid}/queues`;
    await request(app).put('/__admin/clock').send({ mode: 'frozen', at: '2030-03-04T10:00:00Z' });
    const today = await asAlice(app, 'GET', path);
    expect((await asAlice(app, 'GET', path)).headers['etag']).toBe(today.headers['etag']);
    await request(app).post('/__admin/clock/advance').send({ by: '1d' });
    expect((await asAlice(app, 'GET', path)).headers['etag']).not.toBe(today.headers['etag']);
  });

  it('the same search through an app with another public URL answers with that URL', async () => {
    const { app, world, config } = testWorld();
    const other = simulatorServerOf({ world, config: { ...config, publicUrl: 'http://other.example' } });
    const here = await signed(app, 'GET', SEARCH);
    const there = await request(other)
      .get(SEARCH)
      .set('Authorization', authorization('GET', 'http://other.example', SEARCH, { consumer: CONSUMER }));
    expect(there.status).toBe(200);
    expect(here.text).toContain(`${BASE}/catalog/title/1<`);
    expect(there.text).toContain('http://other.example/catalog/title/1<');
  });
});
