import { percentEncode } from '../percent-encode.js';
import { HmacSha1Key, hmacSha1Base64 } from './hmac-sha1.js';

/** The signature methods this verifier knows; PLAINTEXT is accepted only when configured. */
export type SignatureMethod = 'HMAC-SHA1' | 'PLAINTEXT';

export interface SignInput {
  method: SignatureMethod;
  baseString: string;
  consumerSecret: string;
  /** Empty for two-legged calls and for /oauth/request_token. */
  tokenSecret?: string | undefined;
}

/** RFC 5849 3.4.2: the key is encode(consumer secret) & encode(token secret); the `&` is always there. */
export function signingKey(consumerSecret: string, tokenSecret = ''): string {
  return `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`;
}

/**
 * The signature a client should have sent, unencoded (base64 for HMAC-SHA1, RFC 5849 3.4.2;
 * the key itself for PLAINTEXT, 3.4.4, which ignores the base string).
 */
export function sign(input: SignInput): string {
  const tokenSecret = input.tokenSecret ?? '';
  switch (input.method) {
    case 'HMAC-SHA1':
      return hmacSha1Base64(hmacKey(input.consumerSecret, tokenSecret), input.baseString);
    case 'PLAINTEXT':
      return signingKey(input.consumerSecret, tokenSecret);
  }
}

/** Pairs of secrets kept at most; past it the cache starts afresh (a handful of consumers and tokens sign everything). */
const MAX_KEYS = 1000;
const keys = new Map<string, Map<string, HmacSha1Key>>();
let keyCount = 0;

/**
 * The HMAC key for a pair of secrets, encoded and padded once: every request of a consumer (and token)
 * signs with the same few.
 */
function hmacKey(consumerSecret: string, tokenSecret: string): HmacSha1Key {
  let byToken = keys.get(consumerSecret);
  let key = byToken?.get(tokenSecret);
  if (key) return key;
  if (keyCount >= MAX_KEYS) {
    keys.clear();
    keyCount = 0;
    byToken = undefined;
  }
  if (!byToken) keys.set(consumerSecret, (byToken = new Map()));
  key = new HmacSha1Key(Buffer.from(signingKey(consumerSecret, tokenSecret), 'utf8'));
  byToken.set(tokenSecret, key);
  keyCount++;
  return key;
}
