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
