import type { Request, Response } from 'express';
import { isoDate } from '../domain/sim-clock.js';
import { dataVersion } from '../store/data-version.js';
import type { XmlParts } from '../xml/writer.js';
import { ctxOf, type RequestContext } from './request-context.js';
import { answersJson, JSON_CONTENT_TYPE, jsonBytes, sendXmlBytes, xmlBytes } from './send-xml.js';

/**
 * A value computed from this request's sandbox (and the simulator's day), kept in its world's answer cache
 * (World.answers, src/world/answer-cache.ts) until the sandbox's data changes. `key` must name everything
 * else the value depends on.
 */
export function remembered<T>(req: Request, key: string, compute: () => T, bytesOf: (value: T) => number = () => 64): T {
  const ctx = ctxOf(req);
  // A rollback undoes writes without moving the data version back (src/store/data-version.ts).
  if (ctx.sandbox.db.inTransaction) return compute();
  const cache = ctx.world.answers;
  const fullKey = `${cache.sandboxId(ctx.sandbox)}|${isoDate(ctx.world.clockOf(ctx.sandbox).now())}|${key}`;
  const version = dataVersion(ctx.sandbox.db);
  const hit = cache.get(fullKey, version) as T | undefined;
  if (hit !== undefined) return hit;
  const value = compute();
  cache.set(fullKey, version, value, bytesOf(value));
  return value;
}

/**
 * Sends the XML answer of a read, rendering it only when the sandbox's data, the day or the request (its
 * path as sent, parameters other than oauth_*, address and user) differ from an earlier one. `render` reads
 * and checks the parameters itself: what it throws is answered as an error and never kept, so a repeated
 * request that was answered before skips reading them again.
 */
export function sendRememberedXml(req: Request, res: Response, render: () => string | XmlParts): void {
  // The two formats are two answers, kept apart (docs/reference/json.md).
  if (answersJson(req)) {
    const json = remembered(
      req,
      `json|${answerKey(req, res, ctxOf(req))}`,
      () => jsonBytes(res, render()),
      (b) => b.length,
    );
    sendXmlBytes(res, 200, json, JSON_CONTENT_TYPE);
    return;
  }
  const body = remembered(
    req,
    answerKey(req, res, ctxOf(req)),
    () => xmlBytes(res, render()),
    (b) => b.length,
  );
  sendXmlBytes(res, 200, body);
}

function answerKey(req: Request, res: Response, ctx: RequestContext): string {
  const params = ctx.params.pairs.filter(([name]) => !name.startsWith('oauth_'));
  const { baseUrl, schemaBase, webBase } = ctx.xml;
  const pretty = res.app.locals['prettyXml'] ? 'pretty' : 'compact';
  return `answer|${req.method}|${ctx.path}|${ctx.auth?.user?.guid ?? ''}|${baseUrl}|${schemaBase}|${webBase}|${pretty}|${JSON.stringify(params)}`;
}
