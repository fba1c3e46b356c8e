import { Router, type Request, type Response } from 'express';
import type { Config } from '../../config.js';
import { errors } from '../../domain/api-error.js';
import { parseCallback } from '../../domain/oauth/callback-url.js';
import { checkVerifier, markUsed } from '../../domain/oauth/token-state.js';
import { encodePairs } from '../../domain/percent-encode.js';
import { issueAccessToken, issueRequestToken } from '../../world/tokens.js';
import { baseUrlOf, ctxOf } from '../request-context.js';
import { resource } from '../resource.js';
import { sendStoredBytes } from '../send-xml.js';
import { authorizePageRoutes, LOGIN_PATH } from './login-page.js';
import { verifyOAuth } from './verify-oauth.js';

/**
 * The token endpoints (docs/reference/oauth.md#the-dance-step-by-step), GET or POST, and the authorisation page
 * they point at (login-page.ts). Errors here are the same XML `<error>` with gateway headers as everywhere else: the real
 * gateway stood in front of these paths too (docs/reference/wire-format.md#errors).
 */
export function oauthRoutes(config: Config): Router {
  const router = Router();
  resource(router, '/oauth/request_token', [], { GET: answerRequestToken, POST: answerRequestToken });
  resource(router, '/oauth/access_token', [], { GET: answerAccessToken, POST: answerAccessToken });
  router.use(authorizePageRoutes(config));
  return router;
}

/** Step 1: temporary credentials, and where to send the subscriber. */
function answerRequestToken(req: Request, res: Response): void {
  const ctx = ctxOf(req);
  const { consumer, sandbox, protocol } = verifyOAuth(req, 'none');
  const callback = protocol.callback === undefined ? undefined : parseCallback(protocol.callback);
  if (protocol.callback !== undefined && callback === undefined) {
    throw errors.invalidParameter(
      'oauth_callback',
      `${JSON.stringify(protocol.callback)} is neither an http or https URL nor oob; send the http(s) address the browser should return to, or oob`,
    );
  }
  const token = issueRequestToken(ctx.world, sandbox, consumer.key, callback);
  const pairs: Array<[string, string]> = [
    ['oauth_token', token.token],
    ['oauth_token_secret', token.secret],
    ['login_url', baseUrlOf(req, ctx.config) + LOGIN_PATH],
  ];
  // OAuth 1.0 clients sent no callback and never saw this key (docs/reference/oauth.md#the-dance-step-by-step).
  if (callback !== undefined) pairs.push(['oauth_callback_confirmed', 'true']);
  sendForm(res, pairs);
}

/** Step 3: an authorised request token (and its verifier) for an access token that lives until revoked. */
function answerAccessToken(req: Request, res: Response): void {
  const ctx = ctxOf(req);
  const { consumer, sandbox, protocol, token } = verifyOAuth(req, 'request');
  const requestToken = token!;
  const outcome = checkVerifier(requestToken, protocol.verifier, ctx.world.scenario.definition.settings.max_verifier_attempts);
  if (outcome.kind === 'missing') throw errors.missingOAuthParameter('oauth_verifier');
  if (outcome.kind === 'wrong') {
    sandbox.stores.tokens.update(outcome.record);
    throw errors.invalidVerifier(
      outcome.attemptsLeft > 0
        ? `oauth_verifier does not match the code shown when the subscriber allowed access; ${outcome.attemptsLeft} attempt(s) left before the request token is killed`
        : 'oauth_verifier does not match, and that was the last attempt: the request token is dead; start again at /oauth/request_token',
    );
  }
  const access = sandbox.write(() => {
    sandbox.stores.tokens.update(markUsed(requestToken));
    return issueAccessToken(ctx.world, sandbox, consumer.key, requestToken.userGuid!);
  });
  sendForm(res, [
    ['oauth_token', access.token],
    ['oauth_token_secret', access.secret],
  ]);
}

/**
 * The answers are form-encoded, exactly this type: clients parse the body as a query string
 * (docs/reference/oauth.md#the-dance-step-by-step). Sent as bytes so express adds no charset: the real
 * service sent the bare type.
 */
function sendForm(res: Response, pairs: ReadonlyArray<readonly [string, string]>): void {
  sendStoredBytes(res, Buffer.from(encodePairs(pairs), 'utf8'), 'application/x-www-form-urlencoded');
}
