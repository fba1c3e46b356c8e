import { IncomingMessage, ServerResponse, type ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { Express } from 'express';

/**
 * node:http options that build each request and response directly on the app's express prototypes.
 * express gives every request and response its own prototype (`Object.setPrototypeOf`) when it enters the
 * app; changing an object's prototype after it was built throws away V8's fast shape for it, which slows
 * every later property access in node's own HTTP code as well (writeHead, end). Built with the right
 * prototype, express's change is a no-op: the same app, the same behaviour, about half express's cost per
 * request (docs/decisions/0006-request-pipeline.md).
 */
export function expressServerOptions(app: Express): ServerOptions {
  function Request(this: IncomingMessage, socket: Socket): void {
    IncomingMessage.call(this, socket);
  }
  Request.prototype = app.request;
  function Response(this: ServerResponse, req: IncomingMessage, options?: unknown): void {
    (ServerResponse as unknown as (this: ServerResponse, req: IncomingMessage, options?: unknown) => void).call(this, req, options);
  }
  Response.prototype = app.response;
  return {
    IncomingMessage: Request as unknown as typeof IncomingMessage,
    ServerResponse: Response as unknown as typeof ServerResponse,
  };
}
