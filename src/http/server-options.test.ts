import { request as httpRequest, createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { authHeader } from '../../test/support/signing.js';
import { HOST, testWorld } from '../../test/support/world.js';
import { expressServerOptions } from './server-options.js';

// expressServerOptions relies on how express 5 (lib/express.js, lib/application.js) builds its requests and
// responses: nothing in its documented API promises it. These tests say what it relies on, so that an express
// (or node) upgrade that changes any of it fails here by name instead of slowing every request in silence
// (docs/decisions/0008) or taking express's methods away from them.

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res
        .setEncoding('utf8')
        .on('data', (c: string) => (body += c))
        .on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

async function listening(s: Server): Promise<number> {
  server = s;
  await new Promise<void>((ready) => s.listen(0, '127.0.0.1', ready));
  return (s.address() as AddressInfo).port;
}

/** The express members the app's code uses (grep `req.` and `res.` in src/), and node's beneath them. */
const REQUEST_MEMBERS = ['get', 'path', 'protocol', 'query', 'app', 'headers', 'method', 'url', 'socket', 'on'];
const RESPONSE_MEMBERS = ['json', 'status', 'set', 'type', 'redirect', 'app', 'setHeader', 'writeHead', 'end', 'on', 'once', 'headersSent'];

describe('what expressServerOptions relies on in express', () => {
  it("express's request and response prototypes sit directly on node's", () => {
    expect(Object.getPrototypeOf(express.request)).toBe(IncomingMessage.prototype);
    expect(Object.getPrototypeOf(express.response)).toBe(ServerResponse.prototype);
  });

  it("an app keeps its own request and response prototypes in writable properties, on top of express's", () => {
    const app = express();
    for (const [name, base] of [
      ['request', express.request],
      ['response', express.response],
    ] as const) {
      const own = Object.getOwnPropertyDescriptor(app, name);
      expect(own, `app.${name}`).toMatchObject({ writable: true });
      expect(Object.getPrototypeOf(own!.value)).toBe(base);
      // Its own properties are what adoptPrototype copies: each must be copyable as it is.
      for (const key of Reflect.ownKeys(own!.value as object)) {
        expect(Object.getOwnPropertyDescriptor(own!.value, key), `app.${name}.${String(key)}`).toBeDefined();
      }
    }
  });

  it("express reads app.request and app.response for each request, after the swap: node's objects keep the prototype they were built with", async () => {
    const app = express();
    const seen: Array<[object, object, object, object]> = [];
    app.get('/probe', (req, res) => {
      res
        .status(201)
        .set('X-Probe', '1')
        .json({
          appOnRequest: req.app === app,
          appOnResponse: res.app === app,
          host: req.get('host')?.startsWith('127.0.0.1:') ?? false,
          path: req.path,
        });
    });
    const options = expressServerOptions(app);
    const s = createServer(options, app);
    s.prependListener('request', (req, res) => {
      const built = [Object.getPrototypeOf(req) as object, Object.getPrototypeOf(res) as object];
      res.on('finish', () => seen.push([built[0]!, built[1]!, Object.getPrototypeOf(req) as object, Object.getPrototypeOf(res) as object]));
    });
    const answer = await get(await listening(s), '/probe?x=1');
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)).toEqual({ appOnRequest: true, appOnResponse: true, host: true, path: '/probe' });
    const [[reqBuilt, resBuilt, reqAfter, resAfter]] = seen as [[object, object, object, object]];
    expect(reqBuilt).toBe(options.IncomingMessage!.prototype);
    expect(resBuilt).toBe(options.ServerResponse!.prototype);
    expect([reqAfter, resAfter], 'express gave the request or response another prototype').toEqual([reqBuilt, resBuilt]);
    expect([app.request, app.response]).toEqual([reqBuilt, resBuilt]);
  });
});

describe('simulatorServer around the real app', () => {
  it("hands express's requests and responses to the app as node built them, with express's members and node's", async () => {
    const s = testWorld().app; // simulatorServerOf: the app in simulatorServer, as startSimulator builds it
    const checked: Array<Record<string, unknown>> = [];
    s.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      const built = [Object.getPrototypeOf(req), Object.getPrototypeOf(res)];
      const url = req.url; // routers rewrite it on the way
      res.on('finish', () => {
        const r = req as unknown as Record<string, unknown>;
        const w = res as unknown as Record<string, unknown>;
        checked.push({
          url,
          samePrototypes: Object.getPrototypeOf(req) === built[0] && Object.getPrototypeOf(res) === built[1],
          nodeClasses: req instanceof IncomingMessage && res instanceof ServerResponse,
          missing: [...REQUEST_MEMBERS.filter((m) => !(m in r)).map((m) => `req.${m}`), ...RESPONSE_MEMBERS.filter((m) => !(m in w)).map((m) => `res.${m}`)],
        });
      });
    });
    const port = await listening(s);
    const xml = await get(port, '/catalog/title/10', { host: HOST, authorization: authHeader('GET', '/catalog/title/10') });
    const json = await get(port, '/__admin/scenarios'); // the admin API answers only to this machine's names
    const missing = await get(port, '/nowhere', { host: HOST });
    expect([xml.status, json.status, missing.status]).toEqual([200, 200, 404]);
    expect(xml.body).toContain('<catalog_title>');
    expect(JSON.parse(json.body)).toMatchObject({ active: 'default' });
    expect(checked).toEqual(
      ['/catalog/title/10', '/__admin/scenarios', '/nowhere'].map((url) => ({
        url,
        samePrototypes: true,
        nodeClasses: true,
        missing: [],
      })),
    );
  });
});
