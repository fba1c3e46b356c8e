import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { errors, type ApiError } from '../domain/api-error.js';
import { doc, errorXml } from '../xml/writer.js';
import { XML_CONTENT_TYPE } from './send-xml.js';

/**
 * The server's `clientError` listener: requests Node's HTTP parser refuses (headers over 16 KB, a broken
 * request line, bad header bytes) never reach express, and Node would answer them with an empty body;
 * nor do requests whose headers or body stop arriving (408, as node itself would say, not a 400).
 * This answers them like every other error, an XML `<error>` with the gateway's code, then closes.
 */
export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  // An answer already under way on this connection cannot be followed by another one: node's own handler
  // makes the same check.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const e = errorFor(err.code, (socket as Socket & { server?: Server }).server);
  const body = Buffer.from(doc(errorXml(e.reason, e.details)), 'utf8');
  const head = [`HTTP/1.1 ${e.status} ${e.reason}`, `Content-Type: ${XML_CONTENT_TYPE}`, `Content-Length: ${body.length}`, `X-Mashery-Error-Code: ${e.code}`];
  socket.end(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\nConnection: close\r\n\r\n`, 'latin1'), body]));
}

function errorFor(code: string | undefined, server: Server | undefined): ApiError {
  if (code === 'HPE_HEADER_OVERFLOW') return errors.headersTooLarge();
  // headersTimeout or requestTimeout ran out (node checks every connectionsCheckingInterval).
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return errors.requestTimeout((server?.headersTimeout ?? 60_000) / 1000, (server?.requestTimeout ?? 300_000) / 1000);
  return errors.malformedRequest(code ?? 'unreadable');
}
