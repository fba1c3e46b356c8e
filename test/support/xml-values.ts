import type { Element, Node } from '@xmldom/xmldom';
import { parseXml } from './xml.js';

/** A node as a reader sees it: text exactly as parsed, an element as its name, attributes and children. */
export type XmlValue = string | { name: string; attrs: [string, string][]; children: XmlValue[] };

/**
 * Everything a reader gets from a document: its declaration and the values under its root, nothing
 * stripped. The one thing left out is white space between the elements of an element that holds elements
 * and no other text (indentation, which `--pretty` adds and a reader of such an element skips); the
 * text of an element without element children (`<a></a>`, `<a>  </a>`) is always kept, as is all text
 * of mixed content.
 */
export function xmlValues(xml: string): { declaration: string; root: XmlValue } {
  const doc = parseXml(xml);
  return { declaration: /^<\?xml[^?]*\?>/.exec(xml)?.[0] ?? '', root: value(doc.documentElement!) };
}

// XML's white space: not U+00A0, U+0085 or U+2028, which String.trim would also take.
const XML_SPACE = /^[ \t\r\n]*$/;

function value(n: Node): XmlValue {
  if (n.nodeType !== 1) return n.nodeValue ?? '';
  const el = n as Element;
  const kids: Node[] = [];
  for (let c = n.firstChild; c; c = c.nextSibling) if (c.nodeType !== 8) kids.push(c);
  const isText = (c: Node) => c.nodeType === 3 || c.nodeType === 4;
  const indentationOnly = kids.some((c) => c.nodeType === 1) && kids.every((c) => !isText(c) || XML_SPACE.test(c.nodeValue ?? ''));
  return {
    name: n.nodeName,
    attrs: Array.from(el.attributes, (a) => [a.name, a.value] as [string, string]),
    children: kids.filter((c) => !(indentationOnly && isText(c))).map(value),
  };
}
