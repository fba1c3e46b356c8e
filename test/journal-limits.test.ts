import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { CAROL, CONSUMER, signed } from './support/signing.js';
import { BASE, testWorld } from './support/world.js';
import { parseXml, str } from './support/xml.js';

const RATINGS = `/users/${CAROL.guid}/ratings/title`;
const MARKER = /…\[truncated ([\d,]+) bytes\]$/;

describe('the journal keeps big requests within its byte budgets', () => {
  it('a rejected 64 KB body keeps 4 KiB of its base string in the journal, marked, while the client is told all of it', async () => {
    const { app } = testWorld();
    // Each `+` is a space, which the base string carries as %2520: five bytes for every byte sent.
    const form = { title_ref: `${BASE}/catalog/title/30`, rating: '4', note: ' '.repeat(60_000) };
    const res = await signed(app, 'POST', RATINGS, { consumer: { key: CONSUMER.key, secret: 'wrong' }, token: CAROL.token, form });
    expect(res.status).toBe(401);
    const told = str(parseXml(res.text), '/error/details');
    expect(told.length).toBeGreaterThan(300_000);

    const journal = await request(app).get('/__admin/journal?rejected=true');
    const details: string = journal.body.entries[0].rejected.details;
    expect(Buffer.byteLength(details)).toBeLessThanOrEqual(4096);
    expect(told.startsWith(details.replace(MARKER, ''))).toBe(true);
    expect(Number(MARKER.exec(details)![1]!.replace(/,/g, ''))).toBe(Buffer.byteLength(told) - Buffer.byteLength(details.replace(MARKER, '')));
  });

  it('a URL over the budget is journaled cut, with the marker', async () => {
    const { app } = testWorld();
    const path = `/catalog/title?term=${'a'.repeat(8000)}`;
    expect((await signed(app, 'GET', path)).status).toBe(200);
    const entry = (await request(app).get('/__admin/journal')).body.entries[0];
    expect(entry.url).toMatch(MARKER);
    expect(entry.url.startsWith('/catalog/title?term=aaa')).toBe(true);
    expect(Buffer.byteLength(entry.url)).toBeLessThanOrEqual(4096);
  });
});
