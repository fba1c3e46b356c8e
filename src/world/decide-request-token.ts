import { randomBytes } from 'node:crypto';
import { errors } from '../domain/api-error.js';
import { appendToCallback, OUT_OF_BAND } from '../domain/oauth/callback-url.js';
import { newVerifier } from '../domain/oauth/token-codes.js';
import { authorise, checkAuthorisable, deny, type TokenRecord } from '../domain/oauth/token-state.js';
import type { User } from '../domain/types.js';
import { locateRequestToken, type LocatedToken } from './request-tokens.js';
import type { World } from './world.js';

export type Decision = 'allow' | 'deny';

/**
 * The request token a person or script names, ready to be decided: unknown -> 404, expired, used or
 * already decided -> 409 (the details say which). Codes are upper-case; people type them in any case.
 */
export function authorisableToken(world: World, code: string): LocatedToken {
  const located = locateRequestToken(world, code.trim().toUpperCase());
  if (!located)
    throw errors.notFound(
      `the activation code ${JSON.stringify(code)} is not known; check it, or ask the application for a new one (tokens are forgotten on reset)`,
    );
  const verdict = checkAuthorisable(located.token, world.clockOf(located.sandbox).now());
  if (!verdict.ok) throw errors.conflict(verdict.why);
  return located;
}

export function consumerNameOf(world: World, token: TokenRecord): string {
  const consumer = token.consumerKey === undefined ? undefined : world.consumer(token.consumerKey);
  return consumer?.name || consumer?.key || 'An application';
}

/**
 * Records the subscriber's decision (docs/reference/oauth.md#the-dance-step-by-step) and works out where the
 * browser goes:
 * - allow + URL callback: callback?oauth_token=..&oauth_verifier=.. (the callback's own query kept);
 * - allow + oob: no redirect, the page shows the verifier;
 * - deny + URL callback: callback?denied=<token> (no verifier, so no client can mistake it for success);
 * - OAuth 1.0 tokens (no callback at request_token): the callback named on the page's address, if any,
 *   gets oauth_token alone, as OAuth 1.0 defined.
 */
export function decideRequestToken(world: World, located: LocatedToken, user: User | undefined, decision: Decision, legacyCallback?: string) {
  const { sandbox, token } = located;
  const target = token.callback === undefined ? legacyCallback : token.callback === OUT_OF_BAND ? undefined : token.callback;
  if (decision === 'allow' && !user) throw errors.badRequest('allowing access needs a signed-in subscriber');
  const decided = decision === 'deny' ? deny(token, user?.guid) : authorise(token, user!.guid, newVerifier(randomBytes));
  sandbox.stores.tokens.update(decided);
  const params: Array<[string, string]> = decision === 'deny' ? [['denied', token.token]] : [['oauth_token', token.token]];
  if (decision === 'allow' && token.callback !== undefined) params.push(['oauth_verifier', decided.verifier!]);
  // verifier: allow only, the 6 digit code (shown on the page for oob, appended to a URL callback);
  // redirect: where the browser goes next, when the client gave a URL callback.
  const redirect = target === undefined ? undefined : appendToCallback(target, params);
  return { token: decided, consumerName: consumerNameOf(world, token), decision, verifier: decided.verifier, redirect };
}
