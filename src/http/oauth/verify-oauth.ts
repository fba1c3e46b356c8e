import type { NextFunction, Request, Response } from 'express';
import type { Config } from '../../config.js';
import { ApiError, errors } from '../../domain/api-error.js';
import type { NamedParam } from '../../domain/oauth/base-string.js';
import { parseAuthorizationHeader } from '../../domain/oauth/authorization-header.js';
import { checkSentProtocol, readProtocolParams, type ProtocolParams } from '../../domain/oauth/check-protocol-params.js';
import { decodePairs } from '../../domain/oauth/percent-decode.js';
import { nonceKey } from '../../domain/oauth/nonce-store.js';
import { checkAccessToken, checkRequestTokenForExchange, checkSigningToken, type TokenRecord, type Verdict } from '../../domain/oauth/token-state.js';
import { verifySignature } from '../../domain/oauth/verify-signature.js';
import type { Consumer } from '../../domain/types.js';
import type { World } from '../../world/world.js';
import { adminContext, ctxOf, type RequestContext } from '../request-context.js';

/**
 * Which token a route takes:
 * - `none`: /oauth/request_token, signed with the consumer alone;
 * - `request`: /oauth/access_token, signed with the request token being exchanged;
 * - `access`: user resources, an access token is required;
 * - `optional-access`: catalogue and categories, two-legged or with an access token that must be valid;
 * - `any`: whatever the route, any token of the consumer, only to learn who signed (`signerOf`).
 */
type TokenRule = 'none' | 'request' | 'access' | 'optional-access' | 'any';

/**
 * Catalogue and categories (docs/reference/oauth.md#the-rules-in-short): signed with the consumer alone
 * (two-legged), or with an access token that must then be valid. Unsigned requests get 403 Not Authorized, as
 * behind the real gateway.
 */
export const authenticateConsumer = authenticate('optional-access');

/**
 * User resources: an access token is required. Whose resource it may touch is the `ownUser` guard's
 * business (another user's GUID -> 403).
 */
export const authenticateUser = authenticate('access');

/** Middleware that verifies the request and points the context at the consumer's sandbox and the token's user. */
function authenticate(rule: TokenRule) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const ctx = ctxOf(req);
    const { consumer, sandbox, token } = verifyOAuth(req, rule);
    ctx.sandbox = sandbox;
    const user = token?.userGuid === undefined ? undefined : sandbox.stores.users.byGuid(token.userGuid);
    // A scenario token whose user is gone cannot speak for anybody.
    if (token && !user) throw errors.invalidOrExpiredToken('the access token belongs to no user of this scenario');
    ctx.auth = token && user ? { consumer, user, token: token.token } : { consumer };
    next();
  };
}

/**
 * Verifies an OAuth 1.0a request, making the checks in the order of
 * docs/reference/oauth.md#the-order-of-the-checks: duplicated protocol parameter, missing parameters,
 * version, signature method, timestamp (real time), nonce length, consumer, token, signature, nonce. The verifier, the last check, belongs to /oauth/access_token. Throws the first
 * failure.
 *
 * Only a request that passed them all opens its consumer's sandbox (issue 14): until then the token is read
 * without touching any sandbox (World.token), so a request nobody can vouch for creates, keeps alive or
 * evicts none.
 */
export function verifyOAuth(req: Request, rule: TokenRule) {
  const ctx = ctxOf(req);
  const checked = checkSignature(req, ctx, rule);
  useNonce(ctx, checked.consumer, checked.protocol);
  const sandbox = ctx.world.sandbox(checked.consumer.key);
  ctx.verifiedConsumer = checked.consumer.key;
  return { ...checked, sandbox };
}

/**
 * The consumer key a request is signed by, for what runs before the routers (faults, overrides, the rate
 * limit) and for whom the journal and coverage file it under (docs/reference/attribution.md): the checks of
 * `verifyOAuth` up to the nonce, with any token of the consumer, recording nothing and opening no sandbox.
 * Undefined for a request that is unsigned, forged, stale or a replay: it is nobody's, so it neither spends
 * a consumer's allowance nor meets a rule set for one. The route verifies again, by its own rule, and
 * records the nonce.
 */
export function signerOf(req: Request): string | undefined {
  const ctx = ctxOf(req);
  if (ctx.signerChecked) return ctx.verifiedConsumer;
  ctx.signerChecked = true;
  try {
    const { consumer, protocol } = checkSignature(req, ctx, 'any');
    const key = nonceKeyOf(consumer, protocol);
    if (key !== undefined && ctx.world.nonces.seen(key, ctx.world.clock.realSeconds())) ctx.replayed = true;
    else ctx.verifiedConsumer = consumer.key;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  }
  return ctx.verifiedConsumer;
}

/**
 * The consumer a request is filed under by the journal, counted for by coverage and charged to (the one rule
 * of docs/reference/attribution.md): the one its route verified, else the one whose signature it carries
 * (any token of that consumer, whatever the token's state) if its nonce was not used by another request.
 * Called once its connection is done with: a request so attributed and `answered` has used its nonce from
 * then on, so the same bytes sent again are a replay, nobody's; one that got no answer (dropped) has not.
 */
export function attributedConsumer(req: Request, answered: boolean): string | undefined {
  const ctx = ctxOf(req);
  if (ctx.verifiedConsumer !== undefined && (ctx.nonceClaimed || !ctx.signerChecked)) return ctx.verifiedConsumer;
  try {
    if (signerOf(req) !== undefined && answered) claimNonce(req);
    return ctx.verifiedConsumer;
  } catch {
    return undefined; // a check that failed for a reason of its own (a bug) proves nobody
  }
}

/**
 * Whether a request is a replay: its signature verifies but another request already used its nonce. A replay
 * meets no fault or override, scoped or not, and uses none up: it goes on to the verifier's 401.
 */
export function isReplay(req: Request): boolean {
  signerOf(req);
  return ctxOf(req).replayed;
}

/**
 * Records the nonce of a request a rule answered before the routers (a fault, an override, the rate limit),
 * once `signerOf` found its signature valid: it has had its answer, so the same bytes sent again are a
 * replay and meet no rule. A request that goes on to its route after this (behind a latency fault) is not
 * refused for it: its route sees the nonce as this request's own (`useNonce`).
 */
export function claimNonce(req: Request): void {
  const ctx = ctxOf(req);
  if (ctx.nonceClaimed || signerOf(req) === undefined) return;
  // Checked again (a rule acting is rare; a request's context keeps no protocol parameters for it).
  try {
    const { consumer, protocol } = checkSignature(req, ctx, 'any');
    useNonce(ctx, consumer, protocol);
  } catch (error) {
    // It stopped verifying meanwhile (its timestamp left the window), or a full store recorded nothing: the
    // route, if the request reaches one, answers its 503.
    if (!(error instanceof ApiError)) throw error;
  }
}

/**
 * The consumer an admin request is signed by (a team's admin call, docs/reference/admin-api.md#security), with the API's
 * verifier and its rules: two-legged (a token is refused), timestamp window, nonce used up. Undefined for a
 * request that carries no OAuth parameters at all; a failed check throws its ApiError (401 and why).
 */
export function adminSignerOf(req: Request, res: Response, world: World, config: Config): string | undefined {
  const ctx = adminContext(world, config, req, res);
  // Signed: an OAuth Authorization header, or a consumer key or signature in the query or form. A field that
  // merely shares a protocol name (the `oauth_token` POST /__admin/oauth/authorize takes) is not a signature.
  const oauthHeader = /^\s*OAuth(\s|$)/i.test(req.headers.authorization ?? '');
  if (!oauthHeader && ctx.params.get('oauth_consumer_key') === undefined && ctx.params.get('oauth_signature') === undefined) return undefined;
  try {
    const { consumer, protocol } = checkSignature(req, ctx, 'any');
    if (protocol.token !== undefined) {
      throw errors.invalidOrExpiredToken('admin calls are signed with the consumer key and secret alone (two-legged); leave oauth_token out');
    }
    useNonce(ctx, consumer, protocol);
    ctx.verifiedConsumer = consumer.key;
    return consumer.key;
  } catch (error) {
    if (error instanceof ApiError && error.check === 'oauth-present') return undefined;
    throw error;
  }
}

/** Every check up to and including the signature; throws the first failure. `token`: the one the request was signed with, if any. */
function checkSignature(req: Request, ctx: RequestContext, rule: TokenRule) {
  const params = collectedParams(req, ctx);
  const read = readProtocolParams(params);
  // A request with a duplicated protocol parameter carries some, so "none at all" comes first either way.
  if (read.ok && !read.sent.any) throw errors.notAuthorized();
  if (!read.ok) throw read.error;

  const checked = checkSentProtocol(read.sent, {
    realNowSeconds: ctx.world.clock.realSeconds(),
    timestampWindowSeconds: ctx.config.timestampWindowSeconds,
    plaintextEnabled: ctx.config.allowPlaintext,
  });
  // A missing access token is one of the "missing parameters": it comes after duplicates and the other
  // missing parameters, but before version, method and timestamp.
  if (!checked.ok && checked.error.check === 'oauth-parameters') throw checked.error;
  if (read.sent.token === undefined && rule === 'access') throw errors.missingAccessToken();
  if (read.sent.token === undefined && rule === 'request') throw errors.missingOAuthParameter('oauth_token');
  if (!checked.ok) throw checked.error;
  const protocol = checked.value;

  // The scenario's consumers, and in open mode any key with the configured prefix (World.consumer).
  const consumer = ctx.world.consumer(protocol.consumerKey);
  if (!consumer) throw errors.invalidConsumerKey(protocol.consumerKey);
  const token = tokenOf(consumer, protocol.token, rule, ctx);

  const verdict = signatureVerdict(req, ctx, params, protocol, consumer.secret, token?.secret);
  if (!verdict.ok) throw verdict.error;
  return { consumer, protocol, token };
}

/** The signature checked with these secrets, once a request (RequestContext.signature says why). */
function signatureVerdict(req: Request, ctx: RequestContext, params: NamedParam[], protocol: ProtocolParams, consumerSecret: string, tokenSecret?: string) {
  const { signatureMethod, signature } = protocol;
  const last = ctx.signature;
  if (last && last.consumerSecret === consumerSecret && last.tokenSecret === tokenSecret && last.signatureMethod === signatureMethod) return last.verdict;
  const { scheme, host, path } = signedAddress(ctx);
  const verdict = verifySignature({ method: req.method, scheme, host, path, params, signatureMethod, signature, consumerSecret, tokenSecret });
  ctx.signature = { consumerSecret, tokenSecret, signatureMethod, verdict };
  return verdict;
}

/**
 * The header's parameters, then the query's and the form body's (RFC 5849 3.4.1.3.1, as collectOAuthParams
 * gathers them). Those two are the pairs ctx.params already decoded for the handlers (the same decoder,
 * decodePairs), so a request is not parsed twice; only a query starting with a second `?`, which
 * collection skips and Params keeps, is decoded afresh.
 */
function collectedParams(req: Request, ctx: RequestContext): NamedParam[] {
  const header = parseAuthorizationHeader(req.headers.authorization);
  if (!header.ok) throw header.error;
  const params: NamedParam[] = header.params;
  const pairs = ctx.rawQuery.startsWith('?') ? decodePairs(ctx.rawForm ?? '', Infinity, decodePairs(ctx.rawQuery.slice(1))) : ctx.params.pairs;
  for (let i = 0; i < pairs.length; i++) params.push({ name: pairs[i]![0], value: pairs[i]![1] });
  return params;
}

/** The token as the consumer's sandbox holds it, read without opening the sandbox (World.token). */
function tokenOf(consumer: Consumer, sent: string | undefined, rule: TokenRule, ctx: RequestContext): TokenRecord | undefined {
  if (sent === undefined) return undefined;
  if (rule === 'none') throw errors.invalidOrExpiredToken('/oauth/request_token is signed with the consumer key alone; leave oauth_token out');
  const token = ctx.world.token(consumer.key, sent);
  const verdict: Verdict =
    rule === 'request'
      ? checkRequestTokenForExchange(token, consumer.key, ctx.world.clockOf(consumer.key).now())
      : rule === 'any'
        ? checkSigningToken(token, consumer.key)
        : checkAccessToken(token, consumer.key);
  if (!verdict.ok) throw errors.invalidOrExpiredToken(verdict.why);
  return token;
}

/**
 * The base string URI parts as the client addressed us (RFC 5849 3.4.1.2): the configured public URL, or
 * the absolute-form origin, or scheme and Host (ctx.xml.baseUrl, baseUrlOf); then the raw path as sent,
 * trailing slash and all.
 */
function signedAddress(ctx: RequestContext): { scheme: string; host: string; path: string } {
  const base = ctx.xml.baseUrl;
  // The same base URL comes with nearly every request: split it once.
  if (base !== lastBase.url) {
    const m = /^([a-z][a-z0-9+.-]*):\/\/([^/]*)(.*)$/i.exec(base);
    if (!m) throw errors.internal(`cannot read the base URL ${base}`);
    lastBase = { url: base, scheme: m[1]!, host: m[2]!, path: m[3]! };
  }
  return { scheme: lastBase.scheme, host: lastBase.host, path: lastBase.path + ctx.path };
}

let lastBase = { url: '', scheme: '', host: '', path: '' };

/**
 * Recorded only after a valid signature, so a forged request cannot burn a client's nonce; in the world's
 * store, which keeps it until its timestamp leaves the window whatever becomes of the sandbox (World.nonces).
 */
function useNonce(ctx: RequestContext, consumer: Consumer, protocol: ProtocolParams): void {
  if (ctx.nonceClaimed) return; // this request's own, recorded when a rule acted on it (claimNonce)
  const key = nonceKeyOf(consumer, protocol);
  // Without a key there is nothing to record: done with, as a recorded one is.
  if (key !== undefined) {
    const use = ctx.world.nonces.use(key, protocol.timestamp! + ctx.config.timestampWindowSeconds, ctx.world.clock.realSeconds());
    if (!use.ok) throw use.why === 'used' ? errors.invalidNonce(protocol.nonce!) : errors.nonceStoreFull(use.retryAfterSeconds, ctx.world.nonces.capacity);
  }
  ctx.nonceClaimed = true;
}

/** Undefined when the nonce is not checked: a consumer with nonce checks off, or PLAINTEXT sent without one. */
function nonceKeyOf(consumer: Consumer, protocol: ProtocolParams): string | undefined {
  if (!consumer.checkNonce || protocol.nonce === undefined || protocol.timestamp === undefined) return undefined;
  return nonceKey({ consumerKey: consumer.key, token: protocol.token, timestamp: protocol.timestamp, nonce: protocol.nonce });
}
