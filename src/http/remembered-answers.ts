import type { Request, Response } from 'express';
import { isoDate } from '../domain/sim-clock.js';
import { dataVersion } from '../store/table-versions.js';
import type { XmlParts } from '../xml/writer.js';
import { ctxOf } from './request-context.js';
import { answersJson, JSON_CONTENT_TYPE, jsonBytes, sendXmlBytes, XML_CONTENT_TYPE, xmlBytes } from './send-xml.js';

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
