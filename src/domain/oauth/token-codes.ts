/** A source of random bytes, passed in so tests and seeded scenarios are repeatable (node:crypto's randomBytes fits). */
export type RandomBytes = (size: number) => Uint8Array;

/** Upper-case letters without I and O, which readers confuse with 1 and 0 when typing a code. */
export const REQUEST_TOKEN_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * A request token a person can type as the Activation Code: five letters, as the real ones were
 * (docs/reference/oauth.md#the-rules-in-short). 24^5 is about 8 million codes, so the caller must retry on a
 * clash with a live token.
 */
export function newRequestToken(random: RandomBytes): string {
  return pickFrom(REQUEST_TOKEN_ALPHABET, 5, random);
}

/**
 * A 6 digit verification code (docs/reference/oauth.md#the-dance-step-by-step); leading zeros are kept, so it
 * is always a string.
 */
export function newVerifier(random: RandomBytes): string {
  return pickFrom('0123456789', 6, random);
}

/** A token secret: 32 url-safe characters (192 random bits), safe in a form answer without encoding. */
export function newTokenSecret(random: RandomBytes): string {
  return Buffer.from(random(24)).toString('base64url');
}

/** An access token: 24 url-safe characters (144 random bits); nobody types these. */
export function newAccessToken(random: RandomBytes): string {
  return Buffer.from(random(18)).toString('base64url');
}

/**
 * Uniform picks by rejection sampling: bytes at or above the largest multiple of the alphabet size
 * are dropped, so no character is more likely than another.
 */
function pickFrom(alphabet: string, length: number, random: RandomBytes): string {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  for (let round = 0; out.length < length; round++) {
    // Only a broken source (say, all 0xFF) rejects this often; fail loudly instead of spinning.
    if (round === 100) throw new Error('the random source keeps returning unusable bytes');
    for (const byte of random(length - out.length + 4)) {
      if (byte >= limit) continue;
      out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}
