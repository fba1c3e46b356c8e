import type { NextFunction, Request, Response } from 'express';
import { errors } from '../../domain/api-error.js';
import { defaultDetails, defaultReason } from '../../domain/faults.js';
import { decodePairs } from '../../domain/oauth/percent-decode.js';
import type { OverrideReply } from '../../domain/overrides.js';
import { noteAnswerBody, pendingOf } from '../journal-notes.js';
import { ctxOf } from '../request-context.js';
import { answerNotSent, XML_CONTENT_TYPE } from '../send-xml.js';
import { claimNonce, isReplay, signerOf } from '../oauth/verify-oauth.js';

// What the gateway in front of the API decided before the API saw a request, mounted in this order before the
// routers (app.ts): injected faults, then a tester's answer overrides, then the rate limit.

/**
 * Applies injected faults (admin: /__admin/faults) to API requests: waits for any latency, then answers
 * with the fault's error or rate limit (through the one error handler, so it carries the gateway headers),
 * or drops the connection. Mounted after the request context and before the API routers; admin requests
 * (/__admin and the paths under /__admin/) never get here: the admin router answers them all. A fault for one consumer meets only requests whose signature verifies as that
 * consumer (`signerOf`): a forged request naming it neither fires nor uses up the fault. Faults for every
 * consumer meet every request, signed or not, but a replay (a valid signature whose nonce is used) meets
 * none. A signed request a fault acted on has used its nonce (`claimNonce`), so sending it again is a replay.
 */
export function faultsMiddleware(req: Request, _res: Response, next: NextFunction): void {
  const ctx = ctxOf(req);
  const faults = ctx.world.faults;
  // A replay meets no fault, scoped or not (docs/reference/admin-api.md#faults): it goes on to the verifier's 401.
  if (faults.none || isReplay(req)) return next();
  const decision = faults.decide({ method: req.method, path: ctx.path, consumer: signerOf(req) });
  if (decision.firedIds.length === 0) return next();
  // Its nonce is used now: the same bytes sent again are a replay, and use up nothing. A dropped request had
  // no answer, so the same bytes sent again (a client's automatic retry) are not a replay.
  if (decision.terminal?.action.kind !== 'drop') claimNonce(req);
  const pending = pendingOf(req);
  if (pending) pending.faults = decision.firedIds;
  const act = () => {
    const action = decision.terminal?.action;
    if (!action) next();
    else if (action.kind === 'drop') req.socket.destroy();
    else if (action.kind === 'rate-limit') next(errors.overQpsLimit(action.retryAfterSeconds));
    else next(errors.injected(action.status, action.reason ?? defaultReason(action.status), action.details ?? defaultDetails(action.status)));
  };
  if (decision.delayMs > 0) setTimeout(act, decision.delayMs);
  else act();
}

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
  // A replay meets no override (docs/reference/admin-api.md#overrides).
  if (overrides.none || isReplay(req)) return next();
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

/**
 * The configured per-consumer rate limit (off by default): requests per second (real time) and per day
 * (simulator clock), answered like the gateway did with 403 and Retry-After. Only requests whose signature
 * verifies are counted, against the consumer that signed them (`signerOf`): an unsigned, forged or replayed
 * request naming a consumer spends nothing of its allowance and goes on to the verifier's 401 or 403.
 * Counted before the routers, as the gateway did; a refused request has used its nonce, so its replay is a
 * replay (401) and counts against nobody.
 */
export function rateLimitMiddleware(req: Request, _res: Response, next: NextFunction): void {
  const ctx = ctxOf(req);
  const limiter = ctx.world.rateLimiter;
  if (!limiter.enabled) return next();
  const key = signerOf(req);
  if (key === undefined) return next();
  const decision = limiter.take(key, ctx.world.realNow(), ctx.world.clockOf(key).now());
  if (decision.ok) return next();
  claimNonce(req); // refused, and answered: the same bytes sent again are a replay and spend nothing

  if (decision.limit === 'day') throw errors.overRateLimit(decision.retryAfterSeconds);
  throw errors.overQpsLimit(decision.retryAfterSeconds, `this consumer is limited to ${limiter.limits.perSecond} requests per second`);
}
