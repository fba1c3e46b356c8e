import { parseAuthorizationHeader, type ParsedHeader, type RequestParam } from './authorization-header.js';
import { decodePairs } from './percent-decode.js';

export interface RawRequestParts {
  /** The Authorization header exactly as received, if any. */
  authorization?: string | undefined;
  /** The query string as sent (undecoded), with or without the leading `?`. */
  rawQuery?: string | undefined;
  /** The raw body, only when the content type is application/x-www-form-urlencoded. */
  formBody?: string | undefined;
}

/**
 * Gathers every parameter the signature covers (RFC 5849 3.4.1.3.1): the Authorization header's `name="value"`
 * pairs except `realm`, then the query string, then the form body, decoded, in request order and with
 * duplicates kept (detecting them is a later check). Clients put OAuth parameters in any of the three places,
 * and sign query and form parameters too (docs/reference/oauth.md#the-rules-in-short). A header that uses the
 * OAuth scheme but cannot be parsed is the only failure.
 */
export function collectOAuthParams(parts: RawRequestParts): ParsedHeader {
  const header = parseAuthorizationHeader(parts.authorization);
  if (!header.ok) return header;
  return { ...header, params: [...header.params, ...parseFormEncoded(parts.rawQuery, 'query'), ...parseFormEncoded(parts.formBody, 'body')] };
}

/** A query string (its leading `?` dropped) or form body, decoded as form pairs that remember their source. */
function parseFormEncoded(raw: string | undefined, source: 'query' | 'body'): RequestParam[] {
  const text = source === 'query' && raw?.startsWith('?') ? raw.slice(1) : (raw ?? '');
  return decodePairs(text).map(([name, value]) => ({ name, value, source }));
}
