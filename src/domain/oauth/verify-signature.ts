import { timingSafeEqual } from 'node:crypto';
import { errors, type ApiError } from '../api-error.js';
import { signatureBaseString, type BaseStringInput } from './base-string.js';
import { sign, type SignatureMethod } from './sign.js';

/**
 * Compares two signatures without leaking, through timing, how many leading characters match.
 * Different lengths answer false at once (the length of a base64 HMAC-SHA1 is public anyway).
 */
export function signaturesMatch(expected: string, received: string): boolean {
  // What we compute is ASCII (base64, or an encoded PLAINTEXT key): then the UTF-8 bytes match exactly when
  // the strings do, and comparing character codes spares two buffers per request.
  if (!isAscii(expected)) return bytesMatch(expected, received);
  if (expected.length !== received.length) return false;
  let differ = 0;
  for (let i = 0; i < expected.length; i++) differ |= expected.charCodeAt(i) ^ received.charCodeAt(i);
  return differ === 0;
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

function bytesMatch(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface VerifySignatureInput extends BaseStringInput {
  signatureMethod: SignatureMethod;
  /** oauth_signature as received, already percent-decoded by collection. */
  signature: string;
  consumerSecret: string;
  tokenSecret?: string | undefined;
}

export type SignatureVerdict = { ok: true; baseString: string } | { ok: false; baseString: string; error: ApiError };

/**
 * Recomputes the signature from the request as received and compares it. On a mismatch the error
 * carries the base string the server computed (fidelity 8): it reveals no secret, and a client
 * developer can diff it against their own.
 */
export function verifySignature(input: VerifySignatureInput): SignatureVerdict {
  const baseString = signatureBaseString(input);
  const expected = sign({
    method: input.signatureMethod,
    baseString,
    consumerSecret: input.consumerSecret,
    tokenSecret: input.tokenSecret,
  });
  return signaturesMatch(expected, input.signature)
    ? { ok: true, baseString }
    : { ok: false, baseString, error: errors.invalidSignature(baseString) };
}
