import { errors, type ApiError } from '../api-error.js';
import { percentDecode } from './percent-decode.js';

/** Where a parameter came from: the Authorization header, the query string or a form body. */
export type ParamSource = 'header' | 'query' | 'body';

/** One decoded request parameter; a request may carry the same name several times. */
export interface RequestParam {
  readonly name: string;
  readonly value: string;
  readonly source: ParamSource;
}

export interface RawRequestParts {
  /** The Authorization header exactly as received, if any. */
  authorization?: string | undefined;
  /** The query string as sent (undecoded), with or without the leading `?`. */
  rawQuery?: string | undefined;
  /** The raw body, only when the content type is application/x-www-form-urlencoded. */
  formBody?: string | undefined;
}

export type CollectedParams =
  | { ok: true; params: RequestParam[]; realm?: string }
  | { ok: false; error: ApiError };

/**
 * Gathers every parameter the signature covers (RFC 5849 3.4.1.3.1): the Authorization header's
 * `name="value"` pairs except `realm`, then the query string, then the form body, decoded, in
 * request order and with duplicates kept (detecting them is a later check). Fidelity 9: clients put
 * OAuth parameters in any of the three places, and sign query and form parameters too.
 * A header that uses the OAuth scheme but cannot be parsed is the only failure.
 */
export function collectOAuthParams(parts: RawRequestParts): CollectedParams {
  const header = parseAuthorizationHeader(parts.authorization);
  if (!header.ok) return header;
  const params: RequestParam[] = [
    ...header.params,
    ...parseFormEncoded(parts.rawQuery, 'query'),
    ...parseFormEncoded(parts.formBody, 'body'),
  ];
  return header.realm === undefined ? { ok: true, params } : { ok: true, params, realm: header.realm };
}

const OAUTH_SCHEME = /^\s*OAuth(?=\s|$)/i;
const SEPARATORS = /[\s,]*/y;
const AUTH_PARAM = /([^\s=,"]+)\s*=\s*(?:"([^"]*)"|([^\s,"]*))/y;

type ParsedHeader = { ok: true; params: RequestParam[]; realm?: string } | { ok: false; error: ApiError };

/**
 * `OAuth realm="x", name="value",name="value"` (RFC 5849 3.5.1). Tolerated: any case of the scheme
 * name, with or without realm, `,`, `, ` or whitespace between pairs, spaces around `=`, a trailing
 * comma, and unquoted values. A header with another scheme (Basic, Bearer) carries no OAuth
 * parameters and is ignored rather than rejected.
 */
function parseAuthorizationHeader(header: string | undefined): ParsedHeader {
  if (header === undefined) return { ok: true, params: [] };
  const scheme = OAUTH_SCHEME.exec(header);
  if (!scheme) return { ok: true, params: [] };

  const params: RequestParam[] = [];
  let realm: string | undefined;
  let pos = scheme[0].length;
  for (;;) {
    SEPARATORS.lastIndex = pos;
    const gap = SEPARATORS.exec(header)?.[0] ?? '';
    if (pos + gap.length >= header.length) break;
    if (params.length + (realm === undefined ? 0 : 1) > 0 && gap.length === 0) {
      return malformed(`expected a comma after the parameter ending at character ${pos}`);
    }
    pos += gap.length;
    AUTH_PARAM.lastIndex = pos;
    const match = AUTH_PARAM.exec(header);
    const after = match ? header[AUTH_PARAM.lastIndex] : undefined;
    if (!match || after === '"') {
      return malformed(`cannot read a name="value" pair at character ${pos}: ${JSON.stringify(header.slice(pos, pos + 30))}`);
    }
    pos = AUTH_PARAM.lastIndex;
    const name = percentDecode(match[1]!, { plusAsSpace: false });
    const value = percentDecode(match[2] ?? match[3] ?? '', { plusAsSpace: false });
    // realm names the protection space; RFC 5849 3.4.1.3.1 leaves it out of the signature.
    if (name.toLowerCase() === 'realm') realm ??= value;
    else params.push({ name, value, source: 'header' });
  }
  return realm === undefined ? { ok: true, params } : { ok: true, params, realm };
}

function malformed(why: string): { ok: false; error: ApiError } {
  return {
    ok: false,
    error: errors.badRequest(
      `the Authorization header is not a valid OAuth header (${why}); send it as ` +
        `OAuth oauth_consumer_key="...", oauth_signature="...", with each value percent-encoded and in double quotes`,
    ),
  };
}

/** application/x-www-form-urlencoded pairs: `+` is a space, a name without `=` has the empty value. */
function parseFormEncoded(raw: string | undefined, source: 'query' | 'body'): RequestParam[] {
  if (!raw) return [];
  const text = source === 'query' && raw.startsWith('?') ? raw.slice(1) : raw;
  const params: RequestParam[] = [];
  for (const piece of text.split('&')) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    const rawName = eq === -1 ? piece : piece.slice(0, eq);
    const rawValue = eq === -1 ? '' : piece.slice(eq + 1);
    params.push({
      name: percentDecode(rawName, { plusAsSpace: true }),
      value: percentDecode(rawValue, { plusAsSpace: true }),
      source,
    });
  }
  return params;
}
