import type { Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../src/index.js';
import { ALICE, BOB, CAROL, authHeader, type Credentials } from './support/signing.js';
import { HOST, testWorld } from './support/world.js';

// Requests read in one turn of the event loop are handled as one batch (src/http/middleware/handle-in-batches.ts).
// On a listening simulator, over raw sockets so that requests really arrive together: pipelined requests
// on one connection, many connections writing at once, and a client that leaves right after sending.

let sim: Simulator;
let port: number;
beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  port = Number(new URL(sim.url).port);
});
afterAll(async () => sim.close());

/** The bytes of a signed GET (two-legged without a token); `oauth` adds protocol parameters to the header. */
function getRequest(path: string, token?: Credentials, oauth?: Record<string, string>): string {
  const auth = authHeader('GET', path, { ...(token && { token }), ...(oauth && { form: oauth }) });
  return `GET ${path} HTTP/1.1\r\nHost: ${HOST}\r\nAuthorization: ${auth}\r\n\r\n`;
}

function opened(to = port): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(to, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

/** The first `count` responses on a connection that stays open (keep-alive): nothing may wait for a close. */
function responsesOn(socket: Socket, count: number): Promise<Array<{ status: number; body: string }>> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.setEncoding('latin1');
    socket.setTimeout(5_000, () => socket.destroy(new Error(`${count} answers not all sent in 5 s; got ${JSON.stringify(text)}`)));
    socket.on('data', (d: string) => {
      text += d;
      const got = responses(text);
      if (got.length === count) {
        socket.destroy();
        resolve(got);
      }
    });
    socket.on('error', reject);
  });
}

/** The complete responses in a stream of bytes, each as its status and body (by Content-Length). */
function responses(raw: string): Array<{ status: number; body: string }> {
  const out = [];
  let at = 0;
  for (;;) {
    const split = raw.indexOf('\r\n\r\n', at);
    if (split === -1) return out;
    const head = raw.slice(at, split);
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1]);
    if (raw.length < split + 4 + length) return out;
    out.push({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), body: raw.slice(split + 4, split + 4 + length) });
    at = split + 4 + length;
  }
}

describe('answers in batches', () => {
  it('answers pipelined requests on one connection, each with its own answer, in the order sent', async () => {
    const ids = [10, 30, 40, 60, 1];
    const socket = await opened();
    const read = responsesOn(socket, ids.length);
    socket.write(ids.map((id) => getRequest(`/catalog/title/${id}`)).join(''));
    const got = await read;
    expect(got.map((r) => r.status)).toEqual(ids.map(() => 200));
    expect(got.map((r) => /<id>[^<]*\/catalog\/title\/(\d+)<\/id>/.exec(r.body)?.[1])).toEqual(ids.map(String));
  });

  it('answers many connections that write at the same moment, each with the answer to its own request', async () => {
    const users = [ALICE, BOB, CAROL];
    const asked = Array.from({ length: 24 }, (_, i) => users[i % users.length]!);
    const sockets = await Promise.all(asked.map(() => opened()));
    const reads = sockets.map((s) => responsesOn(s, 1));
    sockets.forEach((s, i) => s.write(getRequest(`/users/${asked[i]!.guid}`, asked[i]!.token)));
    const answers = await Promise.all(reads);
    answers.forEach((got, i) => {
      expect(got).toHaveLength(1);
      expect(got[0]!.status).toBe(200);
      expect(got[0]!.body).toContain(`/users/${asked[i]!.guid}</id>`);
    });
  });

  it('keeps answering other connections when a client leaves right after sending its request', async () => {
    const gone = await opened();
    const staying = await opened();
    const read = responsesOn(staying, 1);
    gone.write(getRequest(`/users/${ALICE.guid}`, ALICE.token));
    gone.destroy();
    staying.write(getRequest(`/users/${BOB.guid}`, BOB.token));
    const got = await read;
    expect(got.map((r) => r.status)).toEqual([200]);
    expect(got[0]!.body).toContain(`/users/${BOB.guid}</id>`);
  });
});

// A router that runs out of routes hands the request on a turn later (express's router defers its `done`
// with setImmediate), out of its batch: so every group is mounted narrowest prefix first (src/app.ts,
// src/http/routes/user-routes.ts). Nothing else shows a mistake there: the answers stay right, only slower. Here
// one request of every route group, each followed by a catalogue read, goes through the real app in one
// write, and the order in which the handlers answered must be the order sent: a request that left its batch
// is answered after the catalogue read behind it.
describe('every route group answers inside its batch', () => {
  const guid = ALICE.guid;
  const groups: Array<[string, string, Credentials?, Record<string, string>?]> = [
    ['oauth', '/oauth/request_token', undefined, { oauth_callback: 'oob' }],
    ['catalog', '/catalog/title/30', undefined],
    ['categories', '/categories/genres', undefined],
    ['queues', `/users/${guid}/queues`, ALICE.token],
    ['lists', `/users/${guid}/lists`, ALICE.token],
    ['the current user', '/users', ALICE.token],
    ['a user', `/users/${guid}`, ALICE.token],
    ['ratings', `/users/${guid}/ratings/title`, ALICE.token],
    ['reviews', `/users/${guid}/reviews`, ALICE.token],
    ['recommendations', `/users/${guid}/recommendations`, ALICE.token],
    ['rentals', `/users/${guid}/at_home`, ALICE.token],
    ['schemas', '/openapi.yaml', undefined],
  ];
  const marker = '/catalog/title/10';
  let server: Server;
  let answered: string[] = [];

  beforeAll(async () => {
    server = testWorld().app;
    // Before the app: note each answer as its handler ends it.
    server.prependListener('request', (req, res) => {
      const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
      res.end = ((...args: unknown[]) => {
        answered.push(req.url ?? '');
        return end(...args);
      }) as typeof res.end;
    });
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('handles the requests sent together in the order sent, each answered well', async () => {
    answered = [];
    const sent = groups.flatMap(([, path, token, oauth]) => [getRequest(path, token, oauth), getRequest(marker)]);
    const socket = await opened((server.address() as AddressInfo).port);
    const read = responsesOn(socket, sent.length);
    socket.write(sent.join(''));
    const got = await read;
    expect(got.map((r, i) => `${r.status} ${i % 2 ? 'catalogue read' : groups[i / 2]![0]}`)).toEqual(
      got.map((_, i) => `200 ${i % 2 ? 'catalogue read' : groups[i / 2]![0]}`),
    );
    const expected = groups.flatMap(([, path]) => [path, marker]);
    // A group's request is late when more catalogue reads than were sent before it were answered before it.
    const readsBefore = (path: string) => answered.slice(0, answered.indexOf(path)).filter((url) => url === marker).length;
    const late = groups.filter(([, path], i) => readsBefore(path) > i).map(([name]) => name);
    expect(late, 'route groups whose requests left their batch (a wider prefix mounted before them?)').toEqual([]);
    expect(answered).toEqual(expected);
  });
});
