import type { Socket } from 'node:net';
import { errors, type ApiError } from '../domain/api-error.js';
import { errorXml } from '../xml/error.js';
import { doc } from '../xml/writer.js';
import { XML_CONTENT_TYPE } from './send-xml.js';

/**
 * The server's `clientError` listener: requests Node's HTTP parser refuses (headers over 16 KB, a broken
 * request line, bad header bytes) never reach express, and Node would answer them with an empty body.
 * This answers them like every other error, an XML `<error>` with the gateway's code, then closes.
 */
export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const e: ApiError = err.code === 'HPE_HEADER_OVERFLOW' ? errors.headersTooLarge() : errors.malformedRequest(err.code ?? 'unreadable');
  const body = Buffer.from(doc(errorXml(e.reason, e.details)), 'utf8');
  socket.end(Buffer.concat([Buffer.from([
    `HTTP/1.1 ${e.status} ${e.reason}`,
    `Content-Type: ${XML_CONTENT_TYPE}`,
    `Content-Length: ${body.length}`,
    `X-Mashery-Error-Code: ${e.code}`,
    'Connection: close',
    '', '',
  ].join('\r\n'), 'latin1'), body]));
}
