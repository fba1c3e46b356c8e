import { createHmac } from 'node:crypto';
import { percentEncode } from '../percent-encode.js';

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
 * the key itself for PLAINTEXT, 3.4.4, which ignores the base string). The HMAC is node's (OpenSSL's), with
 * the key as a string each time: a KeyObject kept per pair of secrets saved less than the noise of a
 * request (docs/decisions/0008-request-cost.md).
 */
export function sign(input: SignInput): string {
  const key = signingKey(input.consumerSecret, input.tokenSecret);
  return input.method === 'PLAINTEXT' ? key : createHmac('sha1', key).update(input.baseString, 'utf8').digest('base64');
}
