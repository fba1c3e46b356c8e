import type { Request, Response } from 'express';
import { prefersJson } from '../domain/accept-json.js';
import { errors } from '../domain/api-error.js';
import { answerFailed } from '../web/answer-failed.js';
import { prettyXml } from '../xml/pretty.js';
import { doc, errorXml, XML_DECLARATION, xmlText, type XmlParts } from '../xml/writer.js';
import { xmlToJson } from '../xml/xml-to-json.js';
import { noteAnswerBody } from './journal-notes.js';
import { utf8Bytes } from './utf8-bytes.js';

export const XML_CONTENT_TYPE = 'application/xml;charset=UTF-8';
/** The content type of an answer in JSON (docs/reference/json.md). */
export const JSON_CONTENT_TYPE = 'application/json;charset=UTF-8';

/**
 * Whether this request's answers are JSON: its Accept header prefers application/json. A request without
 * the header, as most are, costs one property read.
 */
export function answersJson(req: Request): boolean {
  const accept = req.headers.accept;
  return accept !== undefined && prefersJson(accept);
}

/**
 * Sends an XML document with the declaration and content type of
 * docs/reference/wire-format.md#the-body; indented with --pretty. Its JSON form instead when the request
 * asked for JSON.
 */
export function sendXml(res: Response, status: number, root: string): void {
  if (answersJson(res.req)) sendXmlBytes(res, status, jsonBytes(res, root), JSON_CONTENT_TYPE);
  else sendXmlBytes(res, status, xmlBytes(res, root));
}

/**
 * Sends bytes made by xmlBytes. Straight to node's writeHead and end: express's `send` would work out the
 * content type, length and freshness again for every answer, and the simulator has already decided them
 * (queue reads answer their own 304, src/http/routes/queue-routes.ts). Headers set earlier are kept; a HEAD
 * request gets the headers alone (node leaves the body out). The journal is handed the body.
 */
export function sendXmlBytes(res: Response, status: number, body: Buffer, contentType = XML_CONTENT_TYPE): void {
  try {
    // Vary: the same address answers XML or JSON as Accept says, so a cache between must keep them apart.
    res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': body.length, Vary: 'Accept' });
    noteAnswerBody(res, body); // for the journal: a reference, no copy
    res.end(body);
  } catch (error) {
    answerNotSent(res, error);
  }
}

/**
 * An API answer node refused to send (a header it will not write): a 500 `<error>` or a closed connection, never a
 * throw. The 500 is built when needed, which is seldom: a Buffer kept at module level could be written by anyone
 * holding it.
 */
export function answerNotSent(res: Response, error: unknown): void {
  const e = errors.internal('the simulator could not send its answer to this request; its log says why');
  const root = errorXml(e.reason, e.details);
  const json = res.req && answersJson(res.req);
  const body = Buffer.from(json ? JSON.stringify(xmlToJson(root)) : doc(root), 'utf8');
  answerFailed(res, error, { contentType: json ? JSON_CONTENT_TYPE : XML_CONTENT_TYPE, body, headers: { 'X-Mashery-Error-Code': e.code } });
}

/** The bytes of an XML answer: the declaration, then the root (a string or its parts), indented with --pretty. */
export function xmlBytes(res: Response, root: string | XmlParts): Buffer {
  // A Buffer, because express rewrites the charset of a string body to `; charset=utf-8`.
  if (res.app.locals['prettyXml']) return utf8Bytes(prettyXml(doc(xmlText(root))));
  // The declaration and the root as parts: doc(root) would be one more copy of the whole root.
  if (typeof root === 'string') return utf8Bytes(XML_DECLARATION, root);
  return utf8Bytes(XML_DECLARATION, ...root);
}

/** The bytes of a JSON answer: the XML document's JSON form (src/xml/xml-to-json.ts), indented with --pretty. */
export function jsonBytes(res: Response, root: string | XmlParts): Buffer {
  const value = xmlToJson(xmlText(root));
  return utf8Bytes(res.app.locals['prettyXml'] ? JSON.stringify(value, null, 2) : JSON.stringify(value));
}
