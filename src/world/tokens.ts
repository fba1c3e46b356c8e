import { randomBytes } from 'node:crypto';
import { errors } from '../domain/api-error.js';
import { appendToCallback, OUT_OF_BAND } from '../domain/oauth/callback-url.js';
import { newAccessToken, newRequestToken, newTokenSecret, newVerifier } from '../domain/oauth/token-codes.js';
import { authorise, checkAuthorisable, deny, type TokenRecord } from '../domain/oauth/token-state.js';
import { isoDateTime } from '../domain/sim-clock.js';
import type { User } from '../domain/types.js';
import { checkedConsumer, subscriber } from './admin-lookups.js';
import type { Sandbox } from './sandbox.js';
import type { World } from './world.js';

// Issuing and finding tokens across sandboxes. The authorisation page receives only the request token
// (no consumer key is in the browser's request), so request tokens are unique across every sandbox and
// found by asking each sandbox: there are a handful, and a reset forgets the tokens with the sandbox.

export interface LocatedToken {
  sandbox: Sandbox;
  token: TokenRecord;
}

/** A new unauthorised request token, valid for the scenario's lifetime on the simulator clock. */
export function issueRequestToken(world: World, sandbox: Sandbox, consumerKey: string, callback: string | undefined): TokenRecord {
  const now = world.clockOf(sandbox).now();
  let code = newRequestToken(randomBytes);
  // 24^5 codes: a clash is rare, but a typed code must name exactly one token.
  while (world.heldSandboxes().some((box) => box.stores.tokens.has(code))) code = newRequestToken(randomBytes);
  const expiresAt = now + world.scenario.definition.settings.request_token_ttl_seconds * 1000;
  return issue(sandbox, now, { token: code, type: 'request', consumerKey, state: 'unauthorised', expiresAt, ...(callback !== undefined ? { callback } : {}) });
}

/** A new access token for a user and consumer; it lives until revoked. */
export function issueAccessToken(world: World, sandbox: Sandbox, consumerKey: string, userGuid: string): TokenRecord {
  return issue(sandbox, world.clockOf(sandbox).now(), { token: newAccessToken(randomBytes), type: 'access', consumerKey, userGuid, state: 'active' });
}

/** Keeps a new token made `now`, with a new secret, in the sandbox. */
function issue(sandbox: Sandbox, now: number, fields: Omit<TokenRecord, 'secret' | 'failedVerifications' | 'createdAt'>): TokenRecord {
  const token: TokenRecord = { ...fields, secret: newTokenSecret(randomBytes), failedVerifications: 0, createdAt: now };
  sandbox.stores.tokens.insert(token);
  return token;
}

// Deciding a request token: the authorisation page and the admin API's shortcut for it.

export type Decision = 'allow' | 'deny';

/**
 * The request token a person or script names, in whichever sandbox issued it, ready to be decided: unknown
 * -> 404, expired, used or already decided -> 409 (the details say which). Codes are upper-case; people type
 * them in any case. With `team` (a team's signed admin call), only that consumer's tokens are looked at: another
 * team's code reads as unknown, whatever its state, so a team learns nothing of another's tokens.
 */
export function authorisableToken(world: World, code: string, team?: string): LocatedToken {
  const wanted = code.trim().toUpperCase();
  // heldSandboxes() does not count as using them: looking a code up must not keep idle sandboxes alive.
  for (const sandbox of world.heldSandboxes()) {
    const token = sandbox.stores.tokens.byToken(wanted);
    if (token?.type !== 'request' || (team !== undefined && token.consumerKey !== team)) continue;
    const verdict = checkAuthorisable(token, world.clockOf(sandbox).now());
    if (!verdict.ok) throw errors.conflict(verdict.why);
    return { sandbox, token };
  }
  throw errors.notFound(
    `the activation code ${JSON.stringify(code)} is not known; check it, or ask the application for a new one (tokens are forgotten on reset)`,
  );
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

// Access tokens without the browser dance, for the admin API (POST and DELETE /__admin/tokens) and the
// library's sim.tokens: one implementation, so both mint and revoke by the same rules.

/** A new access token for a subscriber (login or GUID), issued to a consumer in its sandbox. */
export function mintToken(world: World, consumerKey: string | undefined, userRef: string) {
  const consumer = checkedConsumer(world, consumerKey);
  const sandbox = world.sandbox(consumer.key);
  const user = subscriber(sandbox, userRef);
  const token = issueAccessToken(world, sandbox, consumer.key, user.guid);
  return { ...tokenJson(token), user: { guid: user.guid, login: user.login } };
}

/** Revokes a token in one consumer's sandbox, or in every held sandbox that knows it. */
export function revokeToken(world: World, code: string, key: string | undefined): { revoked: string; sandboxes: string[] } {
  const sandboxes = key === undefined ? world.heldSandboxes() : [world.sandbox(checkedConsumer(world, key).key)];
  const revokedIn: string[] = [];
  for (const sandbox of sandboxes) {
    const token = sandbox.stores.tokens.byToken(code);
    if (!token) continue;
    sandbox.stores.tokens.update({ ...token, state: 'revoked' });
    revokedIn.push(sandbox.key);
  }
  if (revokedIn.length === 0) {
    throw errors.notFound(
      `no token ${JSON.stringify(code)} in ${key === undefined ? 'any sandbox held now' : `the sandbox of ${key}`}; GET /__admin/tokens?consumer=KEY&user=LOGIN lists a subscriber's tokens`,
    );
  }
  return { revoked: code, sandboxes: revokedIn };
}

/** A token as the admin API and the library show it (simulator time). */
export function tokenJson(t: TokenRecord) {
  return {
    token: t.token,
    secret: t.secret,
    type: t.type,
    consumer: t.consumerKey ?? null,
    state: t.state,
    created: isoDateTime(t.createdAt),
  };
}
