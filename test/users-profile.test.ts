import { describe, expect, it } from 'vitest';
import { ALICE, BOB, CAROL, asAlice, signed } from './support/signing.js';
import { BASE, testWorld } from './support/world.js';
import { childNames, count, parseXml, str } from './support/xml.js';

const SCHEMA = 'http://schemas.lovefilm.com';

describe('GET /users', () => {
  const { app } = testWorld();

  it('answers a resource with exactly one link, to the token user', async () => {
    const res = await asAlice(app, 'GET', '/users');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml;charset=UTF-8');
    const doc = parseXml(res.text);
    expect(childNames(doc, '/resource')).toEqual(['link']);
    expect(str(doc, '/resource/link/@href')).toBe(`${BASE}/users/${ALICE.guid}`);
    expect(str(doc, '/resource/link/@rel')).toBe(`${SCHEMA}/user`);
    expect(str(doc, '/resource/link/@title')).toBe('current user');
  });

  it('follows the token: bob gets a link to bob', async () => {
    const res = await signed(app, 'GET', '/users', { token: BOB.token });
    expect(str(parseXml(res.text), '/resource/link/@href')).toBe(`${BASE}/users/${BOB.guid}`);
  });

  it('routes a trailing slash like the path without it', async () => {
    const res = await asAlice(app, 'GET', '/users/');
    expect(res.status).toBe(200);
    expect(str(parseXml(res.text), '/resource/link/@href')).toBe(`${BASE}/users/${ALICE.guid}`);
  });

  it('needs an access token', async () => {
    const res = await signed(app, 'GET', '/users');
    expect(res.status).toBe(400);
    expect(str(parseXml(res.text), '/error/reason')).toBe('Missing Required Access Token');
  });

  it('answers 405 with Allow to a method it does not have', async () => {
    const res = await asAlice(app, 'DELETE', '/users');
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('GET, HEAD');
  });
});

describe('GET /users/{guid}', () => {
  const { app } = testWorld();

  it('answers the user: id, first_name, last_name first, then the links in the real order', async () => {
    const res = await asAlice(app, 'GET', `/users/${ALICE.guid}`);
    expect(res.status).toBe(200);
    const doc = parseXml(res.text);
    const names = childNames(doc, '/user');
    expect(names.slice(0, 3)).toEqual(['id', 'first_name', 'last_name']);
    expect(str(doc, '/user/id')).toBe(`${BASE}/users/${ALICE.guid}`);
    expect(str(doc, '/user/first_name')).toBe('Alice');
    expect(str(doc, '/user/last_name')).toBe('Archer');
    const links = ['lists', 'queues', 'rented', 'at_home', 'ratings', 'reviews', 'recommendations'];
    expect(count(doc, '/user/link')).toBe(links.length);
    links.forEach((name, i) => {
      expect(str(doc, `/user/link[${i + 1}]/@rel`)).toBe(`${SCHEMA}/${name}`);
      expect(str(doc, `/user/link[${i + 1}]/@href`)).toBe(`${BASE}/users/${ALICE.guid}/${name}`);
    });
    expect(str(doc, "/user/link[@rel='http://schemas.lovefilm.com/at_home']/@title")).toBe('at home');
  });

  it('finds the user by a lower-case GUID too, and answers the canonical id', async () => {
    const res = await asAlice(app, 'GET', `/users/${ALICE.guid.toLowerCase()}`);
    expect(res.status).toBe(200);
    expect(str(parseXml(res.text), '/user/id')).toBe(`${BASE}/users/${ALICE.guid}`);
  });

  it("refuses another user's profile with 403", async () => {
    const res = await asAlice(app, 'GET', `/users/${CAROL.guid}`);
    expect(res.status).toBe(403);
    expect(str(parseXml(res.text), '/error/reason')).toBe('Forbidden');
  });

  it('answers 404 for an unknown GUID', async () => {
    const res = await asAlice(app, 'GET', '/users/00000000-0000-0000-0000-000000000000');
    expect(res.status).toBe(404);
    expect(str(parseXml(res.text), '/error/details')).toContain('GET /users');
  });
});
