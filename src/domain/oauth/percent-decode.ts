import { errors } from '../api-error.js';

/**
 * Lenient percent-decoding for OAuth parameter collection (RFC 5849 3.4.1.3.1).
 *
 * Query strings and form bodies are application/x-www-form-urlencoded, so `+` means a space there
 * (`plusAsSpace`); Authorization header values are plain RFC 3986 percent-encoding, where `+` is a `+`.
 *
 * Decision: malformed input never throws and never rejects the request. A `%` that does not start a
 * valid `%XX` escape is kept as a literal `%`, and byte sequences that are not UTF-8 become U+FFFD.
 * This is what Node's `querystring.unescape` does, which is the query parser Express 5 uses by default,
 * so the OAuth layer and the route handlers see the same values. A client that sent such bytes will
 * usually fail the signature check, and the base string in that error shows exactly what the
 * server decoded.
 */
export function percentDecode(raw: string, options: { plusAsSpace: boolean }): string {
  // Every query and form pair of every request comes through here: most have neither `+` nor `%`.
  const text = options.plusAsSpace && raw.includes('+') ? plusAsSpace(raw) : raw;
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return decodeLeniently(text);
  }
}

/**
 * Every `+` a space. A long Latin-1 text (what forms nearly always are) is changed byte by byte in a buffer:
 * a replace makes a piece per match, and a 64 KB body of `+` cost ~2 MB of garbage that way (a soak bench
 * sends thousands).
 */
function plusAsSpace(raw: string): string {
  if (raw.length < LONG || BEYOND_LATIN1.test(raw)) return raw.replace(/\+/g, ' ');
  const bytes = Buffer.from(raw, 'latin1');
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === PLUS) bytes[i] = SPACE;
  return bytes.toString('latin1');
}

/** Shorter texts are replaced as they always were: there, a buffer costs more than it saves. */
const LONG = 1024;
const PLUS = 0x2b;
const SPACE = 0x20;
/** A character Latin-1 cannot hold (a surrogate too), which a buffer of one byte a character would lose. */
const BEYOND_LATIN1 = /[\u0100-\uFFFF]/;

const ESCAPE_OR_LITERAL = /%([0-9A-Fa-f]{2})|%|[^%]+/g;

/** Valid `%XX` escapes become bytes, anything else is kept as its UTF-8 bytes; then UTF-8 decoded. */
function decodeLeniently(text: string): string {
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for (const match of text.matchAll(ESCAPE_OR_LITERAL)) {
    const hex = match[1];
    chunks.push(hex === undefined ? encoder.encode(match[0]) : Uint8Array.of(parseInt(hex, 16)));
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}

/**
 * Decodes application/x-www-form-urlencoded `a=1&b=x+y` pairs (`+` is a space, a name without `=` has the
 * empty value, empty pieces are skipped), for the OAuth verifier and the handlers alike, so a handler sees
 * exactly the values that were signed: a malformed `%` is kept, bytes that are not UTF-8 become U+FFFD, never an error.
 * Past `max` pairs (with those in `out` already) it stops and throws tooManyParameters, before decoding more.
 */
export function decodePairs(raw: string, max = Infinity, out: Array<[string, string]> = []): Array<[string, string]> {
  let from = 0;
  while (from <= raw.length && raw) {
    let to = raw.indexOf('&', from);
    if (to === -1) to = raw.length;
    if (to > from) {
      if (out.length >= max) throw errors.tooManyParameters(max);
      const part = raw.slice(from, to);
      const eq = part.indexOf('=');
      const k = eq === -1 ? part : part.slice(0, eq);
      const v = eq === -1 ? '' : part.slice(eq + 1);
      out.push([percentDecode(k, FORM), percentDecode(v, FORM)]);
    }
    from = to + 1;
  }
  return out;
}

const FORM = { plusAsSpace: true } as const;
