import type { XmlContext } from './addresses.js';

// A minimal XML string writer. Catalogue answers are concatenations of cached per-title fragments, so the
// serializers build strings directly instead of node trees: see docs/decisions/0002-xml-strings.md.

export const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8" standalone="yes"?>';

// What the captured responses escape (docs/reference/wire-format.md#the-body): `&` and `<` always, `>` too
// (harmless, and prettyXml cuts tags at the first `>`), `"` only inside attribute values, which are always
// written in double quotes; apostrophes stay raw everywhere (`full="Monty Python's Life Of Brian"`). CR is
// written as a character reference: a parser turns a literal CR (or CRLF) into LF, so a client would not read
// back what it stored. NEL, LS and PS are references too: XML 1.1 parsers (and xmldom) read them literally
// as line ends and turn them into LF, where a reference keeps them for every parser.
const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '\r': '&#13;',
  '\u0085': '&#133;',
  '\u2028': '&#8232;',
  '\u2029': '&#8233;',
};
const ATTR_ESCAPES: Readonly<Record<string, string>> = { ...ESCAPES, '"': '&quot;', '\t': '&#9;', '\n': '&#10;' };
// Characters XML 1.0 cannot carry at all (C0 controls other than tab, LF, CR; lone surrogates; U+FFFE/F).
// eslint-disable-next-line no-control-regex
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Escapes text for element content (`&`, `<`, `>`, CR); drops characters XML cannot represent. */
export function esc(value: string | number | boolean): string {
  const s = String(value);
  if (!/[&<>\u0000-\u001F\u0085\u2028\u2029\uD800-\uDFFF\uFFFE\uFFFF]/.test(s)) return s;
  return s.replace(INVALID_XML_CHARS, '').replace(/[&<>\r\u0085\u2028\u2029]/g, (c) => ESCAPES[c]!);
}

/**
 * Escapes a value for a double-quoted attribute: esc plus `"`; a parser also turns a literal tab or LF there
 * into a space (XML 1.0 3.3.3), so those are references too.
 */
export function escAttr(value: string | number | boolean): string {
  const s = String(value);
  if (!/["\u0000-\u001F&<>\u0085\u2028\u2029\uD800-\uDFFF\uFFFE\uFFFF]/.test(s)) return s;
  return s.replace(INVALID_XML_CHARS, '').replace(/[&<>"\r\t\n\u0085\u2028\u2029]/g, (c) => ATTR_ESCAPES[c]!);
}

export type Attrs = Record<string, string | number | boolean | undefined>;

function attrs(a: Attrs | undefined): string {
  if (!a) return '';
  let out = '';
  for (const k in a) {
    const v = a[k];
    if (v !== undefined) out += ` ${k}="${escAttr(v)}"`;
  }
  return out;
}

/** `<name attrs>children</name>`, or `<name attrs/>` when there are no children. Children are raw XML. */
export function el(name: string, a?: Attrs, ...children: string[]): string {
  const inner = children.join('');
  return inner ? `<${name}${attrs(a)}>${inner}</${name}>` : `<${name}${attrs(a)}/>`;
}

/** A `link` element. Every link has a title (docs/reference/wire-format.md#links-and-categories). */
export function link(href: string, rel: string, title: string, ...children: string[]): string {
  return el('link', { href, rel, title }, ...children);
}

/**
 * A `category` element: its scheme is `{base_url}/categories/<scheme>`, and it has a term
 * (docs/reference/wire-format.md#links-and-categories).
 */
export function category(ctx: XmlContext, scheme: string, term: string): string {
  return el('category', { scheme: `${ctx.baseUrl}/categories/${scheme}`, term });
}

/** `<name>text</name>` with the text escaped; nothing when the value is undefined (optional fields). */
export function text(name: string, value: string | number | boolean | undefined): string {
  if (value === undefined) return '';
  return `<${name}>${esc(value)}</${name}>`;
}

/**
 * XML text that writes its own UTF-8 bytes into an answer's buffer: a cached title on a page of search
 * results, written fragment by fragment without being joined into a string (src/xml/title-fragment-cache.ts).
 */
export interface SelfWritten {
  /** The length of its UTF-8 encoding, in bytes. */
  readonly utf8Length: number;
  /** Writes its UTF-8 encoding into `bytes` at `at` (utf8Length bytes, all of them); answers the offset after it. */
  writeUtf8(bytes: Buffer, at: number): number;
  /** The same text as a string (the JSON form and --pretty read text). */
  text(): string;
}

/**
 * An XML text as parts that follow one another, each whole elements or text: what a page of search results
 * is sent as. Encoded part by part into the answer's bytes (utf8Bytes in src/http/send-xml.ts), its titles are never
 * joined into one string, which copied every title once more, and encoding the joined text once again: the
 * largest garbage of such a request (docs/decisions/0008-request-cost.md).
 */
export type XmlParts = readonly (string | SelfWritten)[];

/** The text of an XML answer given as a string or as parts. */
export function xmlText(xml: string | XmlParts): string {
  if (typeof xml === 'string') return xml;
  let out = '';
  for (const part of xml) out += typeof part === 'string' ? part : part.text();
  return out;
}

/**
 * Writes a flat text whose UTF-8 length is known into `bytes` at `at`; answers the offset after it. A text
 * whose UTF-8 length is its length is all ASCII, whose UTF-8 bytes are its Latin-1 bytes (the faster copy).
 */
export function writeText(bytes: Buffer, at: number, text: string, utf8Length: number): number {
  return at + bytes.write(text, at, utf8Length, utf8Length === text.length ? 'latin1' : 'utf8');
}

/** The length of a text's UTF-8 encoding, in bytes. */
export function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** A whole document: the declaration (docs/reference/wire-format.md#the-body) then the root. */
export function doc(root: string): string {
  return XML_DECLARATION + root;
}

/** `<error><reason/><details/></error>` (docs/reference/wire-format.md#errors). */
export function errorXml(reason: string, details: string): string {
  return el('error', undefined, text('reason', reason), text('details', details));
}

/** Formats a rating as the real service did: 4, 4.5, never 4.0 (docs/reference/wire-format.md#the-body). */
export function formatRating(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 10) / 10);
}
