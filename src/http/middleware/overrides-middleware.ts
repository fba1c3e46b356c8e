import type { NextFunction, Request, Response } from 'express';
import type { OverrideReply } from '../../domain/overrides.js';
import { noteAnswerBody, pendingOf } from '../journal-notes.js';
import { decodePairs } from '../../domain/oauth/percent-decode.js';
import { ctxOf } from '../request-context.js';
import { answerNotSent, XML_CONTENT_TYPE } from '../send-xml.js';
import { claimNonce, isReplay, signerOf } from '../oauth/verify-oauth.js';

/**
 * Answers a request with a tester's override (admin: /__admin/overrides) instead of the API: the status,
 * headers and bytes as given, after any delay. Mounted after the faults (a drop or an error fault ends the
 * request before an override is consulted; latencies add to its delay) and before the rate limit and the
 * routers: an overridden request spends no allowance.
 *
 * OAuth: an override for one consumer answers only requests whose signature verifies as that consumer
 * (`signerOf`), so an unsigned or forged request naming it neither meets nor uses it up; one for every
 * consumer answers any matching request, signed or not (a gateway's 503 comes before any signature check).
 * A replay meets none; a signed request an override answered has used its nonce (`claimNonce`). Either way
 * the request is journaled under the consumer its signature verified, if any, with the override's id.
 */
export function overridesMiddleware(req: Request, res: Response, next: NextFunction): void {
  const ctx = ctxOf(req);
  const overrides = ctx.world.overrides;
  if (overrides.none || req.originalUrl.startsWith('/__admin')) return next();
  if (isReplay(req)) return next(); // a replay meets no override (docs/reference/admin-api.md#overrides)
  const reads = overrides.readsParams;
  const reply = overrides.decide({
    method: req.method,
    path: ctx.path,
    consumer: signerOf(req),
    query: reads ? decodePairs(ctx.rawQuery) : undefined,
    form: reads && ctx.rawForm ? decodePairs(ctx.rawForm) : undefined,
  });
  if (!reply) return next();
  claimNonce(req); // answered: the same bytes sent again are a replay
  const pending = pendingOf(req);
  if (pending) pending.override = reply.overrideId;
  // Marks the answer as the tester's, not the model's: the tests' contract check leaves it alone.
  res.locals['override'] = reply.overrideId;
  if (reply.delayMs > 0) setTimeout(() => send(res, reply), reply.delayMs);
  else send(res, reply);
}

/**
 * Straight to node, as sendXmlBytes does: express would add a charset to the content type or an ETag. The
 * creation checks refuse every header node would refuse; should node refuse one anyway, this answer alone
 * fails (a delayed one is sent from a timer, where a throw would end the process).
 */
function send(res: Response, reply: OverrideReply): void {
  if (res.destroyed) return; // the client left while the answer waited
  try {
    for (const [name, value] of reply.headers) res.setHeader(name, value);
    if (reply.hasBody && !reply.hasContentType) res.setHeader('Content-Type', XML_CONTENT_TYPE);
    if (reply.contentLength !== undefined) res.setHeader('Content-Length', reply.contentLength);
    res.writeHead(reply.status);
    noteAnswerBody(res, reply.body);
    res.end(reply.body);
  } catch (error) {
    answerNotSent(res, error);
  }
}
