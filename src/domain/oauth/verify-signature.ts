import { errors, type ApiError } from '../api-error.js';
import { secretsMatch } from '../secrets-match.js';
import { signatureBaseString, type BaseStringInput } from './base-string.js';
import { sign, type SignatureMethod, type SignInput } from './sign.js';

export interface VerifySignatureInput extends BaseStringInput, Pick<SignInput, 'consumerSecret' | 'tokenSecret'> {
  signatureMethod: SignatureMethod;
  /** oauth_signature as received, already percent-decoded by collection. */
  signature: string;
}

export type SignatureVerdict = { ok: true; baseString: string } | { ok: false; baseString: string; error: ApiError };

/**
 * Recomputes the signature from the request as received and compares it. On a mismatch the error carries the
 * base string the server computed (docs/reference/oauth.md#reading-an-invalid-signature-answer): it reveals no
 * secret, and a client developer can diff it against their own.
 */
export function verifySignature(input: VerifySignatureInput): SignatureVerdict {
  const baseString = signatureBaseString(input);
  const expected = sign({ method: input.signatureMethod, baseString, consumerSecret: input.consumerSecret, tokenSecret: input.tokenSecret });
  return secretsMatch(expected, input.signature) ? { ok: true, baseString } : { ok: false, baseString, error: errors.invalidSignature(baseString) };
}
