import { request as httpRequest, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { expressServerOptions } from './server-options.js';

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c)).on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject).end();
  });
}

describe('expressServerOptions', () => {
  it('builds requests and responses that already have the prototypes express would give them, with express working on them', async () => {
    const app = express();
    app.get('/probe', (req, res) => {
      res.status(201).set('X-Probe', '1').json({
        sameRequestPrototype: Object.getPrototypeOf(req) === app.request,
        sameResponsePrototype: Object.getPrototypeOf(res) === app.response,
        appOnRequest: req.app === app,
        appOnResponse: res.app === app,
        host: req.get('host')?.startsWith('127.0.0.1:') ?? false,
        path: req.path,
      });
    });
    server = createServer(expressServerOptions(app), app);
    await new Promise<void>((ready) => server!.listen(0, '127.0.0.1', ready));
    const answer = await get((server.address() as AddressInfo).port, '/probe?x=1');
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)).toEqual({
      sameRequestPrototype: true, sameResponsePrototype: true, appOnRequest: true, appOnResponse: true, host: true, path: '/probe',
    });
  });
});
