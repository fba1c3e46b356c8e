import { secretsMatch } from '../secrets-match.js';

// The OAuth token life cycle (docs/reference/oauth.md#the-dance-step-by-step) as pure decisions on plain
// records. The store keeps the records; the HTTP layer asks these functions what a request may do and writes
// back what they answer.
//
//   request:  unauthorised --allow--> authorised --exchange--> used
//                          --deny---> denied
//             (any live request token) --too many wrong verifiers--> revoked
//             (any request token) --simulator clock passes expiresAt--> expired (derived, never stored)
//   access:   active --revoke--> revoked          (no expiry: access tokens live until revoked)

export type TokenType = 'request' | 'access';
export type TokenState = 'unauthorised' | 'authorised' | 'denied' | 'used' | 'active' | 'revoked';

/** A token row as the store returns it. Times are simulator-clock milliseconds. */
export interface TokenRecord {
  token: string;
  secret: string;
  type: TokenType;
  /** The consumer it was issued to; undefined for a scenario token that works with every consumer. */
  consumerKey?: string;
  /** Who allowed (or denied) access; always set on access tokens. */
  userGuid?: string;
  /** Request tokens: a URL, `oob`, or undefined for an OAuth 1.0 client that sent none. */
  callback?: string;
  verifier?: string;
  state: TokenState;
  failedVerifications: number;
  createdAt: number;
  /** Undefined: never expires. */
  expiresAt?: number;
}

/** Yes, or no with the reason a client developer needs to read (it goes into the error details). */
export type Verdict = { ok: true } | { ok: false; why: string };

const YES: Readonly<Verdict> = { ok: true };
const no = (why: string): Verdict => ({ ok: false, why });

/** Whether a token may sign an API request (catalogue with a token, or a user resource). */
export function checkAccessToken(t: TokenRecord | undefined, consumerKey: string): Verdict {
  if (!t) return no('the access token is not known (a reset or a scenario switch forgets issued tokens)');
  if (t.type === 'request') return no(`${t.token} is a request token; exchange it at /oauth/access_token and sign with the access token it returns`);
  if (!issuedTo(t, consumerKey)) return no(`the access token was issued to another consumer, not ${consumerKey}`);
  if (t.state === 'revoked') return no('the access token was revoked');
  return YES;
}

/**
 * Whether a token's secret may check a signature of this consumer, whichever token the route takes: enough
 * to learn who signed a request (the consumer secret is half of the key), as faults and the rate limit need
 * before the route's own checks run.
 */
export function checkSigningToken(t: TokenRecord | undefined, consumerKey: string): Verdict {
  if (!t) return no('the token is not known (a reset or a scenario switch forgets issued tokens)');
  if (!issuedTo(t, consumerKey)) return no(`the token was issued to another consumer, not ${consumerKey}`);
  return YES;
}

/** Whether a request token may be exchanged at /oauth/access_token now (the verifier is checked later). */
export function checkRequestTokenForExchange(t: TokenRecord | undefined, consumerKey: string, now: number): Verdict {
  if (!t) return no('the request token is not known (a reset or a scenario switch forgets issued tokens)');
  if (t.type === 'access') return no('that is already an access token; only a request token from /oauth/request_token can be exchanged');
  if (!issuedTo(t, consumerKey)) return no(`the request token was issued to another consumer, not ${consumerKey}`);
  const life = liveRequestToken(t, now);
  if (!life.ok) return life;
  if (t.state === 'unauthorised')
    return no(`the request token ${t.token} has not been authorised yet; send the subscriber to login_url?oauth_token=${t.token} first`);
  return YES;
}

/** Whether the authorisation page (or the admin route) may still allow or deny a request token. */
export function checkAuthorisable(t: TokenRecord | undefined, now: number): Verdict {
  if (t?.type !== 'request') return no('this activation code is not known; check it, or ask the application for a new one');
  const life = liveRequestToken(t, now);
  if (!life.ok) return life;
  if (t.state !== 'unauthorised')
    return no(`this activation code was already ${t.state === 'authorised' ? 'authorised' : t.state}; ask the application for a new one`);
  return YES;
}

/** The subscriber allowed access: the token now carries the user and a verifier. */
export function authorise(t: TokenRecord, userGuid: string, verifier: string): TokenRecord {
  return { ...t, state: 'authorised', userGuid, verifier };
}

/** The subscriber refused: the token can never be exchanged. */
export function deny(t: TokenRecord, userGuid: string | undefined): TokenRecord {
  return userGuid === undefined ? { ...t, state: 'denied' } : { ...t, state: 'denied', userGuid };
}

export type VerifierOutcome =
  /** OAuth 1.0 token (issued without a callback): no verifier exists in that protocol, so none is required. */
  | { kind: 'not-needed' }
  | { kind: 'missing' }
  | { kind: 'match' }
  /** `record` is the token to store: one more failure, and revoked when that was the last allowed. */
  | { kind: 'wrong'; record: TokenRecord; attemptsLeft: number };

/**
 * The last check of an exchange (docs/reference/oauth.md#the-order-of-the-checks). The verifier is compared in
 * constant time; after `maxAttempts` wrong ones the token is dead, so a 6 digit code cannot be guessed.
 */
export function checkVerifier(t: TokenRecord, sent: string | undefined, maxAttempts: number): VerifierOutcome {
  if (t.callback === undefined) return { kind: 'not-needed' };
  if (sent === undefined || sent === '') return { kind: 'missing' };
  if (t.verifier !== undefined && secretsMatch(t.verifier, sent)) return { kind: 'match' };
  const failed = t.failedVerifications + 1;
  const attemptsLeft = Math.max(0, maxAttempts - failed);
  const record: TokenRecord = { ...t, failedVerifications: failed, state: attemptsLeft === 0 ? 'revoked' : t.state };
  return { kind: 'wrong', record, attemptsLeft };
}

/** The request token after a successful exchange: single use. */
export function markUsed(t: TokenRecord): TokenRecord {
  return { ...t, state: 'used' };
}

/** An access token after revocation. */
export function revoke(t: TokenRecord): TokenRecord {
  return { ...t, state: 'revoked' };
}

/** Expired, used, denied and killed tokens are all dead; the reason says which. */
function liveRequestToken(t: TokenRecord, now: number): Verdict {
  if (t.expiresAt !== undefined && now >= t.expiresAt) {
    return no(
      `the request token ${t.token} expired at ${new Date(t.expiresAt).toISOString()} on the simulator clock (request tokens live ${Math.round((t.expiresAt - t.createdAt) / 1000)} s)`,
    );
  }
  if (t.state === 'used') return no(`the request token ${t.token} was already exchanged for an access token; request tokens are single use`);
  if (t.state === 'denied') return no(`the subscriber denied access to request token ${t.token}`);
  if (t.state === 'revoked') return no(`the request token ${t.token} was killed after too many wrong verifiers`);
  return YES;
}

function issuedTo(t: TokenRecord, consumerKey: string): boolean {
  return t.consumerKey === undefined || t.consumerKey === consumerKey;
}
