// An answer's JSON form, made from the very XML text its serializer wrote (docs/reference/json.md): no
// second set of templates, so the two formats cannot drift apart. The reader is small because it reads only
// what src/xml/writer.ts writes: a declaration, elements, double-quoted attributes, text and the entities
// writer.ts escapes with (no comments, CDATA, DTD or namespaces).
import { jsonKeyOf, OBJECT_ELEMENTS, REPEATED_ELEMENTS, TEXT_KEY } from './json-shape.js';

export type JsonValue = string | JsonObject | JsonValue[];
export interface JsonObject {
  [key: string]: JsonValue;
}

interface Frame {
  name: string;
  value: JsonObject;
  /** Whether it holds attributes or elements. */
  holds: boolean;
  text: string;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Resolves the entity and (decimal, as writer.ts writes them) character references of a text or attribute value. */
function unescapeXml(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#[0-9]+|[a-z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#')) return String.fromCodePoint(Number.parseInt(ref.slice(1), 10));
    return ENTITIES[ref] ?? whole;
  });
}

/** A start, end or empty-element tag (its attributes in double quotes, as writer.ts writes them), or text. */
const TOKEN = /<(\/?)([^\s/>]+)((?:\s+[^\s=/>]+="[^"]*")*)\s*(\/?)>|[^<]+/y;
const ATTRIBUTE = /([^\s=/>]+)="([^"]*)"/g;

/**
 * The JSON value of an XML document the serializers wrote: `{ root: value }`. An element of a complex type
 * (json-shape.ts), or with attributes or elements, is an object of its attributes then its elements in
 * order, with any non-blank text under `content`; any other element is its text. An element that may
 * repeat is an array under its plural name, however many it holds. Throws on what writer.ts never writes.
 */
export function xmlToJson(xml: string): JsonObject {
  const top: Frame = { name: '', value: {}, holds: false, text: '' };
  const stack: Frame[] = [top];
  TOKEN.lastIndex = xml.startsWith('<?') ? xml.indexOf('?>') + 2 : 0;
  while (TOKEN.lastIndex < xml.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(xml);
    if (!m) throw new Error(`malformed XML at ${at}`);
    const [token, end, name, attributes, empty] = m;
    const frame = stack[stack.length - 1]!;
    if (name === undefined) {
      frame.text += token;
    } else if (end) {
      if (stack.length === 1 || name !== frame.name || attributes || empty) throw new Error(`malformed XML at ${at}`);
      stack.pop();
      attach(stack[stack.length - 1]!, frame);
    } else {
      const child: Frame = { name, value: {}, holds: false, text: '' };
      ATTRIBUTE.lastIndex = 0;
      for (let a = ATTRIBUTE.exec(attributes!); a; a = ATTRIBUTE.exec(attributes!)) {
        child.value[a[1]!] = unescapeXml(a[2]!);
        child.holds = true;
      }
      if (empty) attach(frame, child);
      else stack.push(child);
    }
  }
  if (stack.length !== 1) throw new Error('malformed XML: an element is not closed');
  if (Object.keys(top.value).length !== 1) throw new Error('malformed XML: not one root element');
  return top.value;
}

function attach(parent: Frame, child: Frame): void {
  parent.holds = true;
  let value: JsonValue;
  if (child.holds || OBJECT_ELEMENTS.has(child.name)) {
    value = child.value;
    if (child.text.trim() !== '') value[TEXT_KEY] = unescapeXml(child.text);
  } else {
    value = unescapeXml(child.text);
  }
  // The root is its own name, never a plural: `{ "queue": {...} }`.
  if (parent.name === '') {
    parent.value[child.name] = value;
    return;
  }
  const key = jsonKeyOf(child.name);
  if (REPEATED_ELEMENTS.has(child.name)) {
    const list = parent.value[key];
    if (Array.isArray(list)) list.push(value);
    else parent.value[key] = [value];
  } else {
    if (key in parent.value) throw new Error(`<${child.name}> twice where the schemas allow one`);
    parent.value[key] = value;
  }
}
