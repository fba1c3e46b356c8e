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
  attrs: boolean;
  children: boolean;
  text: string;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Resolves the entity and character references of a text or attribute value. */
function unescapeXml(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(Number.parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(Number.parseInt(ref.slice(1), 10));
    return ENTITIES[ref] ?? whole;
  });
}

const ATTRIBUTE = /\s+([^\s=/>]+)="([^"]*)"/y;

/**
 * The JSON value of an XML document the serializers wrote: `{ root: value }`. An element of a complex type
 * (json-shape.ts), or with attributes or elements, is an object of its attributes then its elements in
 * order, with any non-blank text under `content`; any other element is its text. An element that may
 * repeat is an array under its plural name, however many it holds. Throws on what writer.ts never writes.
 */
export function xmlToJson(xml: string): JsonObject {
  const top: Frame = { name: '', value: {}, attrs: false, children: false, text: '' };
  const stack: Frame[] = [top];
  let i = xml.startsWith('<?') ? xml.indexOf('?>') + 2 : 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const end = lt < 0 ? xml.length : lt;
    if (end > i) stack[stack.length - 1]!.text += xml.slice(i, end);
    if (lt < 0) break;
    if (xml.charCodeAt(lt + 1) === 47 /* / */) {
      const gt = xml.indexOf('>', lt);
      const frame = stack.pop()!;
      if (gt < 0 || stack.length === 0 || xml.slice(lt + 2, gt).trim() !== frame.name) throw new Error(`malformed XML at ${lt}`);
      attach(stack[stack.length - 1]!, frame);
      i = gt + 1;
      continue;
    }
    let j = lt + 1;
    while (j < xml.length && !/[\s/>]/.test(xml[j]!)) j++;
    const frame: Frame = { name: xml.slice(lt + 1, j), value: {}, attrs: false, children: false, text: '' };
    if (!frame.name) throw new Error(`malformed XML at ${lt}`);
    ATTRIBUTE.lastIndex = j;
    for (let m = ATTRIBUTE.exec(xml); m; m = ATTRIBUTE.exec(xml)) {
      frame.value[m[1]!] = unescapeXml(m[2]!);
      frame.attrs = true;
      j = ATTRIBUTE.lastIndex;
    }
    while (j < xml.length && /\s/.test(xml[j]!)) j++;
    if (xml.startsWith('/>', j)) {
      attach(stack[stack.length - 1]!, frame);
      i = j + 2;
    } else if (xml[j] === '>') {
      stack.push(frame);
      i = j + 1;
    } else {
      throw new Error(`malformed XML at ${lt}`);
    }
  }
  if (stack.length !== 1) throw new Error('malformed XML: an element is not closed');
  const keys = Object.keys(top.value);
  if (keys.length !== 1) throw new Error('malformed XML: not one root element');
  return top.value;
}

function attach(parent: Frame, child: Frame): void {
  parent.children = true;
  let value: JsonValue;
  if (child.attrs || child.children || OBJECT_ELEMENTS.has(child.name)) {
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
