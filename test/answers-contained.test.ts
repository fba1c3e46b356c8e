import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { Router, type Express } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { adminErrors } from '../src/admin/admin-errors.js';
import { errors } from '../src/domain/api-error.js';
import { errorHandler } from '../src/http/error-handler.js';
import { sendXml } from '../src/http/send-xml.js';
import { simulatorServer } from '../src/http/server-options.js';
import { parseXml, str } from './support/xml.js';

// Issue 24: a failure while sending an answer (node refusing a header) must cost that answer alone, on every
// path an answer takes: a handler's sendXml, one sent later from a timer, the API's error handler and the
// admin's. Before, the error handler's second try failed on the same header and express's own handler threw
// it from a callback, which ended the process. Here on the simulator's own server, through real sockets.

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** A bare app with the simulator's senders and error handlers, and a header node refuses on each answer. */
function appWithRefusedHeader(lines: string[]): Express {
  const app = express();
  app.locals['log'] = (line: string) => lines.push(line);
  const refuse = (res: express.Response) => res.setHeader('Trailer', 'X-Checksum');
  const admin = Router();
  admin.get('/throws', (_req, res) => {
    refuse(res);
    throw errors.conflict('the admin refused');
  });
  admin.use(adminErrors((line) => lines.push(line)));
  app.use('/__admin', admin);
  app.get('/sends', (_req, res) => {
    refuse(res);
    sendXml(res, 200, '<search/>');
  });
  app.get('/later', (_req, res) => {
    setTimeout(() => {
      refuse(res);
      sendXml(res, 200, '<search/>');
    }, 1);
  });
  app.get('/throws', (_req, res) => {
    refuse(res);
    throw errors.badRequest('refused');
  });
  app.get('/fine', (_req, res) => res.type('text/plain').send('fine'));
  app.use(errorHandler());
  return app;
}

async function listening(app: Express): Promise<number> {
  server = simulatorServer(app);
  await new Promise<void>((ready) => server!.listen(0, '127.0.0.1', ready));
  return (server.address() as AddressInfo).port;
}

function get(
  port: number,
  path: string,
  method = 'GET',
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
      let body = '';
      res
        .setEncoding('utf8')
        .on('data', (c: string) => (body += c))
        .on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    })
      // Before, the failed answer never came: fail in seconds rather than at the runner's limit.
      .setTimeout(5_000, function (this: { destroy(e: Error): void }) {
        this.destroy(new Error('no answer in 5 s'));
      })
      .on('error', reject)
      .end();
  });
}

describe('an answer node refuses to send', () => {
  it.each([
    ['sent by a handler', '/sends'],
    ['sent later, from a timer', '/later'],
    ['the API’s error handler, after a handler threw', '/throws'],
  ])('%s is a 500 <error> without the refused headers, logged, and the server answers the next request', async (_what, path) => {
    const lines: string[] = [];
    const port = await listening(appWithRefusedHeader(lines));
    const res = await get(port, path);
    expect([res.status, res.headers['content-type'], res.headers['x-mashery-error-code'], res.headers['trailer'], res.headers['connection']]).toEqual([
      500,
      'application/xml;charset=UTF-8',
      'ERR_500_INTERNAL_SERVER_ERROR',
      undefined,
      'close',
    ]);
    expect(str(parseXml(res.body), '/error/details')).toContain('could not send its answer');
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^rentalsim: GET ${path}: its answer could not be sent \\(ERR_HTTP_TRAILER_INVALID: .*\\); answered 500 instead$`)),
    ]);
    expect((await get(port, '/fine')).status).toBe(200);
  });

  it.each([
    ['sent by a handler', '/sends'],
    ['the API’s error handler', '/throws'],
  ])('%s, to a client that asked for JSON, is a 500 error in JSON (docs/reference/json.md)', async (_what, path) => {
    const port = await listening(appWithRefusedHeader([]));
    const res = await get(port, path, 'GET', { Accept: 'application/json' });
    expect([res.status, res.headers['content-type'], res.headers['x-mashery-error-code']]).toEqual([
      500,
      'application/json;charset=UTF-8',
      'ERR_500_INTERNAL_SERVER_ERROR',
    ]);
    expect(JSON.parse(res.body).error.details).toContain('could not send its answer');
  });

  it('on a HEAD, the 500 has its length and no body', async () => {
    const port = await listening(appWithRefusedHeader([]));
    const res = await get(port, '/sends', 'HEAD');
    expect([res.status, res.headers['content-length'] !== undefined, res.body]).toEqual([500, true, '']);
    expect((await get(port, '/fine')).status).toBe(200);
  });

  it('by the admin’s error handler is a JSON 500', async () => {
    const lines: string[] = [];
    const port = await listening(appWithRefusedHeader(lines));
    const res = await get(port, '/__admin/throws');
    expect([res.status, res.headers['content-type'], res.headers['trailer']]).toEqual([500, 'application/json; charset=utf-8', undefined]);
    expect(JSON.parse(res.body)).toMatchObject({ error: { status: 500, reason: 'Internal Server Error' } });
    expect(lines.at(-1)).toMatch(/^rentalsim: GET \/__admin\/throws: its answer could not be sent \(ERR_HTTP_TRAILER_INVALID/);
    expect((await get(port, '/fine')).status).toBe(200);
  });
});
