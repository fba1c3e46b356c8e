import type { ApiError } from '../api-error.js';
import { parseAuthorizationHeader } from './authorization-header.js';
import type { NamedParam } from './base-string.js';
import { decodePairs } from './percent-decode.js';

/** One decoded request parameter; a request may carry the same name several times. */
export interface RequestParam extends NamedParam {
  /** Where it came from: the Authorization header, the query string or a form body. */
  readonly source: 'header' | 'query' | 'body';
}

export interface RawRequestParts {
  /** The Authorization header exactly as received, if any. */
  authorization?: string | undefined;
  /** The query string as sent (undecoded), with or without the leading `?`. */
  rawQuery?: string | undefined;
  /** The raw body, only when the content type is application/x-www-form-urlencoded. */
  formBody?: string | undefined;
}

export type CollectedParams = { ok: true; params: RequestParam[]; realm?: string } | { ok: false; error: ApiError };

/**
 * Gathers every parameter the signature covers (RFC 5849 3.4.1.3.1): the Authorization header's `name="value"`
 * pairs except `realm`, then the query string, then the form body, decoded, in request order and with
 * duplicates kept (detecting them is a later check). Clients put OAuth parameters in any of the three places,
 * and sign query and form parameters too (docs/reference/oauth.md#the-rules-in-short). A header that uses the
 * OAuth scheme but cannot be parsed is the only failure.
 */
export function collectOAuthParams(parts: RawRequestParts): CollectedParams {
  const header = parseAuthorizationHeader(parts.authorization);
  if (!header.ok) return header;
  const params: RequestParam[] = [...header.params, ...parseFormEncoded(parts.rawQuery, 'query'), ...parseFormEncoded(parts.formBody, 'body')];
  return header.realm === undefined ? { ok: true, params } : { ok: true, params, realm: header.realm };
}

/** A query string (its leading `?` dropped) or form body, decoded as form pairs that remember their source. */
function parseFormEncoded(raw: string | undefined, source: 'query' | 'body'): RequestParam[] {
  const text = source === 'query' && raw?.startsWith('?') ? raw.slice(1) : (raw ?? '');
  return decodePairs(text).map(([name, value]) => ({ name, value, source }));
}
