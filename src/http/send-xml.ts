import type { Request, Response } from 'express';
import { prefersJson } from '../domain/accept-json.js';
import { errors } from '../domain/api-error.js';
import { isoDate } from '../domain/sim-clock.js';
import { dataVersion } from '../store/table-versions.js';
import { answerFailed } from '../web/answer-failed.js';
import { prettyXml } from '../xml/pretty.js';
import { doc, errorXml, type SelfWritten, XML_DECLARATION, xmlText, type XmlParts } from '../xml/writer.js';
import { xmlToJson } from '../xml/xml-to-json.js';
import { noteAnswerBody } from './journal-notes.js';
import { ctxOf } from './request-context.js';

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
 * Sends the XML answer of a read, rendering it only when the sandbox's data, the day or the request (its
 * path as sent, parameters other than oauth_*, address and user) differ from an earlier one: the bytes are kept
 * in the world's answer cache (World.answers, src/world/answer-cache.ts) until the sandbox's data changes.
 * `render` reads and checks the parameters itself: what it throws is answered as an error and never kept, so a
 * repeated request that was answered before skips reading them again.
 */
export function sendRememberedXml(req: Request, res: Response, render: () => string | XmlParts): void {
  const ctx = ctxOf(req);
  // The two formats are two answers, kept apart (docs/reference/json.md).
  const json = answersJson(req);
  const contentType = json ? JSON_CONTENT_TYPE : XML_CONTENT_TYPE;
  const bytes = () => (json ? jsonBytes(res, render()) : xmlBytes(res, render()));
  // A rollback undoes writes without moving the data version back (src/store/table-versions.ts).
  if (ctx.sandbox.db.inTransaction) return sendXmlBytes(res, 200, bytes(), contentType);
  const cache = ctx.world.answers;
  const params = ctx.params.pairs.filter(([name]) => !name.startsWith('oauth_'));
  const { baseUrl, schemaBase, webBase } = ctx.xml;
  const pretty = res.app.locals['prettyXml'] ? 'pretty' : 'compact';
  const user = ctx.auth?.user?.guid ?? '';
  const day = isoDate(ctx.world.clockOf(ctx.sandbox).now());
  const key = `${cache.sandboxId(ctx.sandbox)}|${day}|${json ? 'json|' : ''}answer|${req.method}|${ctx.path}|${user}|${baseUrl}|${schemaBase}|${webBase}|${pretty}|${JSON.stringify(params)}`;
  const version = dataVersion(ctx.sandbox.db);
  let body = cache.get(key, version) as Buffer | undefined;
  if (body === undefined) {
    body = bytes();
    cache.set(key, version, body, body.length);
  }
  sendXmlBytes(res, 200, body, contentType);
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
 * Sends stored bytes (a schema file, an OAuth token answer), 200, with express: as a Buffer, the content type stays
 * exactly as given, where a string body would get `; charset=utf-8` added. The journal is handed the body.
 */
export function sendStoredBytes(res: Response, body: Buffer, contentType: string): void {
  noteAnswerBody(res, body);
  res.status(200).set('Content-Type', contentType).send(body);
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
function xmlBytes(res: Response, root: string | XmlParts): Buffer {
  // A Buffer, because express rewrites the charset of a string body to `; charset=utf-8`.
  if (res.app.locals['prettyXml']) return utf8Bytes(prettyXml(doc(xmlText(root))));
  // The declaration and the root as parts: doc(root) would be one more copy of the whole root.
  if (typeof root === 'string') return utf8Bytes(XML_DECLARATION, root);
  return utf8Bytes(XML_DECLARATION, ...root);
}

/** The bytes of a JSON answer: the XML document's JSON form (src/xml/xml-to-json.ts), indented with --pretty. */
function jsonBytes(res: Response, root: string | XmlParts): Buffer {
  const value = xmlToJson(xmlText(root));
  return utf8Bytes(res.app.locals['prettyXml'] ? JSON.stringify(value, null, 2) : JSON.stringify(value));
}

/**
 * The UTF-8 bytes of texts written one after another, as one buffer. Answers are mostly ASCII, whose UTF-8
 * bytes are its Latin-1 bytes: a part whose UTF-8 length equals its length is all ASCII and copied as
 * Latin-1, several times faster than the UTF-8 encoder on a search page (both public Buffer APIs; a text
 * with any other character costs one length count more).
 *
 * Parts, not one string: an answer is its XML declaration and its root, and joining those first copied the
 * whole root (a whole search page) once more before it was encoded. A page of search results is its
 * envelope and its titles, each cached title writing its own bytes (SelfWritten, src/xml/writer.ts).
 */
export function utf8Bytes(...parts: ReadonlyArray<string | SelfWritten>): Buffer {
  const lengths = parts.map((p) => (typeof p === 'string' ? Buffer.byteLength(p, 'utf8') : p.utf8Length));
  const bytes = Buffer.allocUnsafe(lengths.reduce((sum, n) => sum + n, 0));
  let at = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    // Every byte is written: each part fills exactly the length counted for it.
    if (typeof part !== 'string') at = part.writeUtf8(bytes, at);
    else at += bytes.write(part, at, lengths[i]!, lengths[i] === part.length ? 'latin1' : 'utf8');
  }
  return bytes;
}
