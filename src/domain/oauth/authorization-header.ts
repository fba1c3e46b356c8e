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
 *
 * Every signed request comes through here, so it is a scanner over character codes rather than regular
 * expressions; it reads exactly what `/^\s*OAuth(?=\s|$)/i`, then `[\s,]*` and
 * `([^\s=,"]+)\s*=\s*(?:"([^"]*)"|([^\s,"]*))` in turn read (the tests hold it to them).
 */
export function parseAuthorizationHeader(header: string | undefined): ParsedHeader {
  if (header === undefined) return { ok: true, params: [] };
  let pos = afterScheme(header);
  if (pos < 0) return { ok: true, params: [] };

  const end = header.length;
  const params: RequestParam[] = [];
  let realm: string | undefined;
  let read = false;
  for (;;) {
    const gapStart = pos;
    while (pos < end && isSeparator(header.charCodeAt(pos))) pos++;
    if (pos >= end) break;
    if (read && pos === gapStart) return malformed(`expected a comma after the parameter ending at character ${pos}`);

    const at = pos;
    while (pos < end && isNameChar(header.charCodeAt(pos))) pos++;
    const nameEnd = pos;
    while (pos < end && isSpace(header.charCodeAt(pos))) pos++;
    if (nameEnd === at || header.charCodeAt(pos) !== EQUALS) return unreadable(header, at);
    pos++;
    while (pos < end && isSpace(header.charCodeAt(pos))) pos++;
    let rawValue: string;
    const close = header.charCodeAt(pos) === QUOTE ? header.indexOf('"', pos + 1) : -1;
    if (close !== -1) {
      rawValue = header.slice(pos + 1, close);
      pos = close + 1;
    } else {
      const valueStart = pos;
      while (pos < end && isValueChar(header.charCodeAt(pos))) pos++;
      rawValue = header.slice(valueStart, pos);
    }
    // A quote right after the value: an unterminated quote, or one inside an unquoted value.
    if (header.charCodeAt(pos) === QUOTE) return unreadable(header, at);

    read = true;
    const name = percentDecode(header.slice(at, nameEnd), HEADER);
    const value = percentDecode(rawValue, HEADER);
    // realm names the protection space; RFC 5849 3.4.1.3.1 leaves it out of the signature.
    if (name.length === 5 && name.toLowerCase() === 'realm') realm ??= value;
    else params.push({ name, value, source: 'header' });
  }
  return realm === undefined ? { ok: true, params } : { ok: true, params, realm };
}

const HEADER = { plusAsSpace: false } as const;
const EQUALS = 0x3d;
const QUOTE = 0x22;
const COMMA = 0x2c;
const SCHEME = 'oauth';

/** Where the pairs start: after optional whitespace and the scheme name in any case, followed by whitespace or the end; -1 for another scheme. */
function afterScheme(header: string): number {
  let pos = 0;
  while (pos < header.length && isSpace(header.charCodeAt(pos))) pos++;
  if (header.length - pos < SCHEME.length) return -1;
  for (let i = 0; i < SCHEME.length; i++) {
    // ASCII letters differ from their other case in bit 5 alone; only letters can match here.
    if ((header.charCodeAt(pos + i) | 0x20) !== SCHEME.charCodeAt(i)) return -1;
  }
  pos += SCHEME.length;
  return pos === header.length || isSpace(header.charCodeAt(pos)) ? pos : -1;
}

/** JavaScript's `\s`: ASCII whitespace, no-break space, the Unicode space separators, line and paragraph separators, BOM. */
export function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

const isSeparator = (c: number) => c === COMMA || isSpace(c);
const isValueChar = (c: number) => c !== COMMA && c !== QUOTE && !isSpace(c);
const isNameChar = (c: number) => c !== EQUALS && isValueChar(c);

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
