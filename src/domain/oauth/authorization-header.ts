import { errors, type ApiError } from '../api-error.js';
import type { NamedParam } from './base-string.js';
import { percentDecode } from './percent-decode.js';

/** One decoded request parameter; a request may carry the same name several times. */
export interface RequestParam extends NamedParam {
  /** Where it came from: the Authorization header, the query string or a form body. */
  readonly source: 'header' | 'query' | 'body';
}

/** The Authorization header's parameters (collectOAuthParams: with the query's and the form body's). */
export type ParsedHeader = { ok: true; params: RequestParam[]; realm?: string } | { ok: false; error: ApiError };

/**
 * `OAuth realm="x", name="value",name="value"` (RFC 5849 3.5.1). Tolerated: any case of the scheme
 * name, with or without realm, `,`, `, ` or whitespace between pairs, spaces around `=`, a trailing
 * comma, and unquoted values. A header with another scheme (Basic, Bearer) carries no OAuth
 * parameters and is ignored rather than rejected.
 */
export function parseAuthorizationHeader(header: string | undefined): ParsedHeader {
  const scheme = header === undefined ? null : OAUTH_SCHEME.exec(header);
  if (header === undefined || scheme === null) return { ok: true, params: [] };

  const params: RequestParam[] = [];
  let realm: string | undefined;
  let pos = scheme[0].length;
  for (;;) {
    SEPARATORS.lastIndex = pos;
    const gap = SEPARATORS.exec(header)![0];
    if (pos + gap.length >= header.length) break;
    if (gap.length === 0 && (params.length > 0 || realm !== undefined)) return malformed(`expected a comma after the parameter ending at character ${pos}`);
    pos += gap.length;

    AUTH_PARAM.lastIndex = pos;
    const pair = AUTH_PARAM.exec(header);
    // A quote right after the value: an unterminated quote, or one inside an unquoted value.
    if (pair === null || header[AUTH_PARAM.lastIndex] === '"') return unreadable(header, pos);
    pos = AUTH_PARAM.lastIndex;
    const name = percentDecode(pair[1]!, HEADER);
    const value = percentDecode(pair[2] ?? pair[3] ?? '', HEADER);
    // realm names the protection space; RFC 5849 3.4.1.3.1 leaves it out of the signature.
    if (name.length === 5 && name.toLowerCase() === 'realm') realm ??= value;
    else params.push({ name, value, source: 'header' });
  }
  return realm === undefined ? { ok: true, params } : { ok: true, params, realm };
}

const HEADER = { plusAsSpace: false } as const;
const OAUTH_SCHEME = /^\s*OAuth(?=\s|$)/i;
const SEPARATORS = /[\s,]*/y;
const AUTH_PARAM = /([^\s=,"]+)\s*=\s*(?:"([^"]*)"|([^\s,"]*))/y;

function unreadable(header: string, at: number): ParsedHeader {
  return malformed(`cannot read a name="value" pair at character ${at}: ${JSON.stringify(header.slice(at, at + 30))}`);
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
