import { errors, type ApiError } from '../api-error.js';
import type { NamedParam } from './base-string.js';
import { MAX_NONCE_BYTES, nonceBytes } from './nonce-store.js';
import type { SignatureMethod } from './sign.js';

export interface ProtocolCheckOptions {
  /** Real wall-clock seconds, never the simulator clock (docs/reference/oauth.md#the-rules-in-short). */
  realNowSeconds: number;
  /** Accepted skew either way; the default is the real service's (docs/reference/oauth.md#the-rules-in-short). */
  timestampWindowSeconds: number;
  /** PLAINTEXT is off unless configured (docs/reference/oauth.md#the-rules-in-short). */
  plaintextEnabled: boolean;
}

export type ProtocolCheck = { ok: true; value: ProtocolParams } | { ok: false; error: ApiError };

/** The SentProtocol field each protocol parameter fills. */
const SENT_FIELDS = {
  oauth_consumer_key: 'consumerKey',
  oauth_signature_method: 'signatureMethod',
  oauth_signature: 'signature',
  oauth_token: 'token',
  oauth_timestamp: 'timestamp',
  oauth_nonce: 'nonce',
  oauth_version: 'version',
  oauth_callback: 'callback',
  oauth_verifier: 'verifier',
} as const;
type SentField = (typeof SENT_FIELDS)[keyof typeof SENT_FIELDS];
const SENT_FIELD: ReadonlyMap<string, SentField> = new Map(Object.entries(SENT_FIELDS));

/**
 * The protocol parameters a request sent, each at most once; an empty value reads as absent. `any`: whether
 * any oauth_* parameter was sent at all, even an empty or unknown one.
 */
export type SentProtocol = { any: boolean } & { [F in SentField]?: string | undefined };

/**
 * The protocol values a verified request carries, for the checks that need the store: what was sent, with
 * the required three present, the method one this verifier knows, and the timestamp in seconds (optional
 * only for PLAINTEXT, RFC 5849 3.4.4). The token is absent, or was sent empty (some libraries send
 * oauth_token="" on two-legged calls).
 */
export type ProtocolParams = Omit<SentProtocol, 'any' | 'timestamp'> & {
  consumerKey: string;
  signatureMethod: SignatureMethod;
  signature: string;
  timestamp?: number;
};

/**
 * One pass over every parameter: the protocol values, or the first protocol parameter (in request order)
 * seen a second time, even with the same value (RFC 5849 3.1: each at most once across header, query and
 * body). The verifier reads a request once here instead of looking each name up in turn.
 */
export function readProtocolParams(params: ReadonlyArray<NamedParam>): { ok: true; sent: SentProtocol } | { ok: false; error: ApiError } {
  const sent: SentProtocol = { any: false };
  const seen = new Set<string>();
  for (let i = 0; i < params.length; i++) {
    const { name, value } = params[i]!;
    if (!name.startsWith('oauth_')) continue;
    if (seen.has(name)) return fail(errors.duplicatedOAuthParameter(name));
    seen.add(name);
    sent.any = true;
    const field = SENT_FIELD.get(name);
    if (field !== undefined) sent[field] = value === '' ? undefined : value;
  }
  return { ok: true, sent };
}

/**
 * The checks that need no store, in the order the gateway made them
 * (docs/reference/oauth.md#the-order-of-the-checks): a duplicated protocol parameter, then missing ones
 * (consumer key first), then oauth_version, then the signature method, then the timestamp window, then the
 * nonce's length. The first failure wins.
 */
export function checkProtocolParams(params: ReadonlyArray<NamedParam>, options: ProtocolCheckOptions): ProtocolCheck {
  const read = readProtocolParams(params);
  return read.ok ? checkSentProtocol(read.sent, options) : read;
}

/** checkProtocolParams after the duplicate check: missing parameters, version, signature method, timestamp, nonce length. */
export function checkSentProtocol(sent: SentProtocol, options: ProtocolCheckOptions): ProtocolCheck {
  const { consumerKey, signatureMethod: method, signature, version, timestamp: sentTimestamp, token, nonce, callback, verifier } = sent;
  // An empty value counts as missing (and an empty oauth_version as absent). PLAINTEXT may leave out
  // timestamp and nonce (RFC 5849 3.4.4).
  if (consumerKey === undefined) return fail(errors.missingOAuthParameter('oauth_consumer_key'));
  if (method === undefined) return fail(errors.missingOAuthParameter('oauth_signature_method'));
  if (signature === undefined) return fail(errors.missingOAuthParameter('oauth_signature'));
  if (method !== 'PLAINTEXT') {
    if (sentTimestamp === undefined) return fail(errors.missingOAuthParameter('oauth_timestamp'));
    if (nonce === undefined) return fail(errors.missingOAuthParameter('oauth_nonce'));
  }

  // RFC 5849 says "1.0"; the `oauth` npm package's own examples send "1.0A", and clients built from them
  // shipped that way. The protocol is the same, so the protocol level's name is accepted in any case.
  if (version !== undefined && !ACCEPTED_VERSIONS.has(version.toLowerCase())) return fail(errors.unsupportedOAuthVersion(version));

  // Method names are case-sensitive (RFC 5849 3.4), so hmac-sha1 is refused like any unknown method.
  if (method !== 'HMAC-SHA1' && !(options.plaintextEnabled && method === 'PLAINTEXT')) {
    return fail(errors.unsupportedSignatureMethod(method, options.plaintextEnabled ? ['HMAC-SHA1', 'PLAINTEXT'] : ['HMAC-SHA1']));
  }

  let timestamp: number | undefined;
  if (sentTimestamp !== undefined) {
    // Whole seconds since 1970 as plain digits; anything else (fractions, signs, spaces) is refused.
    timestamp = /^\d{1,15}$/.test(sentTimestamp) ? Number(sentTimestamp) : undefined;
    if (timestamp === undefined || Math.abs(timestamp - options.realNowSeconds) > options.timestampWindowSeconds) {
      return fail(errors.timestampInvalid(sentTimestamp, options.realNowSeconds, options.timestampWindowSeconds));
    }
  }

  // Checked here, before any lookup: a nonce is hashed, compared and remembered, so its size is bounded.
  if (nonce !== undefined) {
    const bytes = nonceBytes(nonce);
    if (bytes > MAX_NONCE_BYTES) return fail(errors.nonceTooLong(bytes, MAX_NONCE_BYTES));
  }

  return { ok: true, value: { consumerKey, signatureMethod: method, signature, token, timestamp, nonce, version, callback, verifier } };
}

const ACCEPTED_VERSIONS: ReadonlySet<string> = new Set(['1.0', '1.0a']);

function fail(error: ApiError): { ok: false; error: ApiError } {
  return { ok: false, error };
}
