/**
 * RFC 3986 percent-encoding as OAuth (RFC 5849 3.6) and the real page links use it: everything but
 * ALPHA / DIGIT / - . _ ~ is encoded, so commas become %2C and the facet pipe %7C
 * (docs/reference/wire-format.md#paged-lists).
 */
export function percentEncode(value: string): string {
  const encoded = encodeURIComponent(value);
  // encodeURIComponent leaves !'()* as they are; most values have none of the five, so the replace is skipped.
  return RESERVED_LEFT.test(encoded) ? encoded.replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase()) : encoded;
}

const RESERVED_LEFT = /[!'()*]/;

/** Encodes ordered pairs as a query string with RFC 3986 encoding. */
export function encodePairs(pairs: ReadonlyArray<readonly [string, string]>): string {
  return pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');
}
