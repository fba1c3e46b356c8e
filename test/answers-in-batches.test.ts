import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../src/index.js';
import { ALICE, BOB, CAROL, authHeader, type Credentials } from './support/signing.js';
import { HOST } from './support/world.js';

// Requests read in one turn of the event loop are handled as one batch (src/http/handle-in-batches.ts).
// On a listening simulator, over raw sockets so that requests really arrive together: pipelined requests
// on one connection, many connections writing at once, and a client that leaves right after sending.

let sim: Simulator;
let port: number;
beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  port = Number(new URL(sim.url).port);
});
afterAll(async () => sim.close());

/** The bytes of a signed GET (two-legged without a token). */
function getRequest(path: string, token?: Credentials): string {
  const auth = authHeader('GET', path, token ? { token } : {});
  return `GET ${path} HTTP/1.1\r\nHost: ${HOST}\r\nAuthorization: ${auth}\r\n\r\n`;
}

function opened(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
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
