import { DOMParser, type Document, type Node } from '@xmldom/xmldom';
import xpath from 'xpath';

/**
 * Line ends as XML 1.0 (2.11) reads them, the version every answer declares: only CR LF and CR become LF.
 * xmldom's default follows XML 1.1 and also turns U+0085, U+2028 and U+2029 into LF, which would make a
 * comment sent with U+2028 look changed when the answer carried it intact.
 */
const xml10LineEnds = (text: string) => text.replace(/\r\n?/g, '\n');

/** Parses an XML answer; throws on anything that is not well-formed XML. */
export function parseXml(text: string): Document {
  const errors: string[] = [];
  const parser = new DOMParser({
    normalizeLineEndings: xml10LineEnds,
    onError: (level, msg) => {
      if (level !== 'warning') errors.push(msg);
    },
  });
  const doc = parser.parseFromString(text, 'text/xml');
  if (errors.length > 0) throw new Error(`not well-formed XML: ${errors[0]}\n${text.slice(0, 500)}`);
  return doc;
}

/** All nodes an XPath selects. */
export function nodes(doc: Document | Node, path: string): Node[] {
  return xpath.select(path, doc as unknown as globalThis.Node) as unknown as Node[];
}

/** The string value of an XPath (text of the first match, or an attribute); '' when nothing matches. */
export function str(doc: Document | Node, path: string): string {
  return String(xpath.select(`string(${path})`, doc as unknown as globalThis.Node));
}

/** The number of nodes an XPath selects. */
export function count(doc: Document | Node, path: string): number {
  return nodes(doc, path).length;
}

/** Names of the element children of the first node a path selects, in order. */
export function childNames(doc: Document | Node, path: string): string[] {
  const n = nodes(doc, path)[0];
  if (!n) return [];
  const out: string[] = [];
  for (let c = n.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) out.push(c.nodeName);
  return out;
}
