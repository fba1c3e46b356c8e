import { createServer, IncomingMessage, ServerResponse, type Server, type ServerOptions } from 'node:http';
import type { Express } from 'express';
import { answerClientError } from './client-error.js';

/** How long a client may take to send a request; node's defaults unless a test shortens them. */
export type ServerTiming = Pick<ServerOptions, 'headersTimeout' | 'requestTimeout' | 'connectionsCheckingInterval'>;

/**
 * The simulator's HTTP server around the app (startSimulator listens on it).
 *
 * - A client may half-close its side once its request is sent (`shutdown(SHUT_WR)`, `curl` with a body
 *   from stdin, many load tools): it still gets its answer. node's default answers such a FIN by ending the
 *   connection at once, losing every answer not yet written; any answer that waits a turn (the batch, an
 *   error passed out of a router, a latency fault) went out as zero bytes. With `httpAllowHalfOpen` node
 *   instead marks the answer in progress as the last and closes after it.
 * - Requests node's parser refuses, or that do not arrive in time, get an XML `<error>` (client-error.ts).
 */
export function simulatorServer(app: Express, timing: ServerTiming = {}): Server {
  const server = createServer({ ...expressServerOptions(app), ...timing }, app);
  server.keepAliveTimeout = 5_000;
  // Not in @types/node, but read by node's HTTP server since 0.x (_http_server.js socketOnEnd).
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  server.on('clientError', answerClientError);
  return server;
}

/**
 * node:http options that build each request and response directly on the app's express prototypes.
 * express gives every request and response its own prototype (`Object.setPrototypeOf`) when it enters the
 * app; changing an object's prototype after it was built throws away V8's fast shape for it, which slows
 * every later property access in node's own HTTP code as well (writeHead, end). Built with the right
 * prototype, express's change is a no-op: the same app, the same behaviour, about half express's cost per
 * request (docs/decisions/0006-request-pipeline.md).
 *
 * The classes extend node's own, so V8 sizes their objects from node's constructors: a plain function
 * calling `IncomingMessage.call(this)` gave objects room for a handful of fields, and the thirty node adds
 * (many under symbol keys) pushed every request and response into slow dictionary mode. The app's
 * prototypes become these classes' prototypes, carrying what express put on its own (`app`).
 *
 * None of this is express's documented API: server-options.test.ts asserts each thing it relies on, so an
 * express upgrade that changes one fails there instead of slowing every request in silence.
 */
export function expressServerOptions(app: Express): ServerOptions {
  class Request extends IncomingMessage {}
  class Response extends ServerResponse {}
  adoptPrototype(Request.prototype, app.request);
  adoptPrototype(Response.prototype, app.response);
  Object.assign(app, { request: Request.prototype, response: Response.prototype });
  return { IncomingMessage: Request, ServerResponse: Response as unknown as typeof ServerResponse };
}

/** `target` takes `source`'s place: the same prototype chain above it and the same own properties. */
function adoptPrototype(target: object, source: object): void {
  Object.setPrototypeOf(target, Object.getPrototypeOf(source));
  for (const key of Reflect.ownKeys(source)) Object.defineProperty(target, key, Object.getOwnPropertyDescriptor(source, key)!);
}
