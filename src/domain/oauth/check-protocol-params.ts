import { errors, type ApiError } from '../api-error.js';
import type { SignatureMethod } from './sign.js';

type NamedParam = { readonly name: string; readonly value: string };

/** The protocol values a verified request carries, for the checks that need the store. */
export interface ProtocolParams {
  consumerKey: string;
  signatureMethod: SignatureMethod;
  signature: string;
  /** Absent, or sent empty (some libraries send oauth_token="" on two-legged calls). */
  token?: string;
  /** Seconds; optional only for PLAINTEXT (RFC 5849 3.4.4). */
  timestamp?: number;
  nonce?: string;
  version?: string;
  callback?: string;
  verifier?: string;
}

export interface ProtocolCheckOptions {
  /** Real wall-clock seconds, never the simulator clock (fidelity 9). */
  realNowSeconds: number;
  /** Accepted skew either way; the real service allowed 300 s (fidelity 8). */
  timestampWindowSeconds: number;
  /** PLAINTEXT is off unless configured (fidelity 8). */
  plaintextEnabled: boolean;
}

export type ProtocolCheck = { ok: true; value: ProtocolParams } | { ok: false; error: ApiError };

/** True when the request carries at least one oauth_* parameter; when not, answer errors.notAuthorized(). */
export function hasOAuthParams(params: ReadonlyArray<NamedParam>): boolean {
  return params.some((p) => p.name.startsWith('oauth_'));
}

/**
 * The checks that need no store, in the order the gateway made them (fidelity 8): a duplicated
 * protocol parameter, then missing ones (consumer key first), then oauth_version, then the signature
 * method, then the timestamp window. The first failure wins.
 */
export function checkProtocolParams(params: ReadonlyArray<NamedParam>, options: ProtocolCheckOptions): ProtocolCheck {
  const duplicated = firstDuplicatedProtocolParam(params);
  if (duplicated) return fail(errors.duplicatedOAuthParameter(duplicated));

  const get = (name: string): string | undefined => params.find((p) => p.name === name)?.value || undefined;
  const method = get('oauth_signature_method');
  for (const name of requiredParams(method)) {
    if (get(name) === undefined) return fail(errors.missingOAuthParameter(name));
  }
  const consumerKey = get('oauth_consumer_key')!;
  const signature = get('oauth_signature')!;

  const version = get('oauth_version');
  // RFC 5849 says "1.0"; the `oauth` npm package's own examples send "1.0A", and clients built from them
  // shipped that way. The protocol is the same, so the protocol level's name is accepted in any case.
  if (version !== undefined && !ACCEPTED_VERSIONS.has(version.toLowerCase())) return fail(errors.unsupportedOAuthVersion(version));

  const allowed: SignatureMethod[] = options.plaintextEnabled ? ['HMAC-SHA1', 'PLAINTEXT'] : ['HMAC-SHA1'];
  // Method names are case-sensitive (RFC 5849 3.4), so hmac-sha1 is refused like any unknown method.
  if (!allowed.includes(method as SignatureMethod)) return fail(errors.unsupportedSignatureMethod(method!, allowed));

  const sentTimestamp = get('oauth_timestamp');
  let timestamp: number | undefined;
  if (sentTimestamp !== undefined) {
    timestamp = secondsOf(sentTimestamp);
    if (timestamp === undefined || Math.abs(timestamp - options.realNowSeconds) > options.timestampWindowSeconds) {
      return fail(errors.timestampInvalid(sentTimestamp, options.realNowSeconds, options.timestampWindowSeconds));
    }
  }

  return {
    ok: true,
    value: {
      consumerKey,
      signatureMethod: method as SignatureMethod,
      signature,
      token: get('oauth_token'),
      timestamp,
      nonce: get('oauth_nonce'),
      version,
      callback: get('oauth_callback'),
      verifier: get('oauth_verifier'),
    },
  };
}

/**
 * RFC 5849 3.1: each protocol parameter at most once across header, query and body, even with the
 * same value. Answers the first name (in request order) seen a second time.
 */
function firstDuplicatedProtocolParam(params: ReadonlyArray<NamedParam>): string | undefined {
  const seen = new Set<string>();
  for (const { name } of params) {
    if (!name.startsWith('oauth_')) continue;
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return undefined;
}

const ACCEPTED_VERSIONS = new Set(['1.0', '1.0a']);

/** An empty value counts as missing (and an empty oauth_version as absent). PLAINTEXT may leave out timestamp and nonce (RFC 5849 3.4.4). */
function requiredParams(method: string | undefined): string[] {
  const always = ['oauth_consumer_key', 'oauth_signature_method', 'oauth_signature'];
  return method === 'PLAINTEXT' ? always : [...always, 'oauth_timestamp', 'oauth_nonce'];
}

/** Whole seconds since 1970 as plain digits; anything else (fractions, signs, spaces) is refused. */
function secondsOf(sent: string): number | undefined {
  if (!/^\d{1,15}$/.test(sent)) return undefined;
  return Number(sent);
}

function fail(error: ApiError): ProtocolCheck {
  return { ok: false, error };
}
