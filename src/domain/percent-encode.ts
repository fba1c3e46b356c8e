/**
 * RFC 3986 percent-encoding as OAuth (RFC 5849 3.6) and the real page links use it: everything but
 * ALPHA / DIGIT / - . _ ~ is encoded, so commas become %2C and the facet pipe %7C
 * (docs/reference/wire-format.md#paged-lists).
 */
export function percentEncode(value: string): string {
  // Most OAuth values (keys, nonces, timestamps, method names) need no encoding: hand them back as they are.
  if (isUnreserved(value)) return value;
  const encoded = encodeURIComponent(value);
  // Most values have none of the five: skip the replace (OAuth encodes every parameter of every request).
  return RESERVED_LEFT.test(encoded) ? encoded.replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase()) : encoded;
}

const RESERVED_LEFT = /[!'()*]/;

const UNRESERVED = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~') UNRESERVED[c.charCodeAt(0)] = 1;

/** True when every character is ALPHA / DIGIT / - . _ ~, so percent-encoding leaves the string unchanged. */
export function isUnreserved(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c > 127 || UNRESERVED[c] === 0) return false;
  }
  return true;
}

/** Encodes ordered pairs as a query string with RFC 3986 encoding. */
export function encodePairs(pairs: ReadonlyArray<readonly [string, string]>): string {
  return pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');
}
