// The JSON answers' contract, derived from the XSDs in schemas/ by the rule of docs/reference/json.md (the
// same rule src/xml/xml-to-json.ts applies to an answer): what the XSDs say an element may hold becomes the
// JSON Schema of its value, and which element names may repeat and which hold an object are read here too,
// so test/json-shape.test.ts can hold src/xml/json-shape.ts to them.
import { DOMParser, type Element } from '@xmldom/xmldom';
import { jsonKeyOf } from '../../src/xml/json-shape.js';
import { schemaFiles, schemaRoots } from './validate-xml.js';

export type JsonSchema = Record<string, unknown>;
const XS = 'http://www.w3.org/2001/XMLSchema';

interface Model {
  complexTypes: Map<string, Element>;
  groups: Map<string, Element>;
  attributeGroups: Map<string, Element>;
  roots: Map<string, Element>;
}

const model: () => Model = (() => {
  let m: Model | undefined;
  return () => {
    if (m) return m;
    m = { complexTypes: new Map(), groups: new Map(), attributeGroups: new Map(), roots: new Map() };
    for (const f of schemaFiles()) {
      const d = new DOMParser().parseFromString(f.contents, 'text/xml');
      for (const child of kids(d.documentElement as unknown as Element)) {
        const name = child.getAttribute('name') ?? '';
        if (child.localName === 'complexType') m.complexTypes.set(name, child);
        else if (child.localName === 'group') m.groups.set(name, child);
        else if (child.localName === 'attributeGroup') m.attributeGroups.set(name, child);
        else if (child.localName === 'element') m.roots.set(name, child);
      }
    }
    return m;
  };
})();

function kids(e: Element): Element[] {
  const out: Element[] = [];
  for (let n = e.firstChild; n; n = n.nextSibling) if (n.nodeType === 1 && (n as Element).namespaceURI === XS) out.push(n as Element);
  return out;
}

/** What the XSDs say about each element name: whether it may repeat where it appears, and whether its value is an object. */
export interface ElementFacts {
  repeats: Set<string>;
  objects: Set<string>;
  simple: Set<string>;
  /** Every content model's keys, by the type or element that declares it, for the collision check. */
  keysByModel: Map<string, string[]>;
}

const maxAbove1 = (e: Element) => {
  const max = e.getAttribute('maxOccurs');
  return max === 'unbounded' || (max !== null && max !== '' && Number(max) > 1);
};

/** Walks every content model once and collects the facts. */
export const elementFacts: () => ElementFacts = (() => {
  let facts: ElementFacts | undefined;
  return () => {
    if (facts) return facts;
    const f: ElementFacts = { repeats: new Set(), objects: new Set(), simple: new Set(), keysByModel: new Map() };
    const m = model();
    const seenTypes = new Set<Element>();
    const visitElement = (e: Element, repeated: boolean): void => {
      const name = e.getAttribute('name')!;
      if (repeated) f.repeats.add(name);
      const type = complexTypeOf(e);
      (type ? f.objects : f.simple).add(name);
      if (type && !seenTypes.has(type)) {
        seenTypes.add(type);
        const names: string[] = [];
        collect(type, false, names);
        f.keysByModel.set(type.getAttribute('name') || name, names);
      }
    };
    const collect = (node: Element, repeated: boolean, names: string[]): void => {
      for (const c of kids(node)) {
        const rep = repeated || maxAbove1(c);
        if (c.localName === 'element') {
          names.push(`element:${c.getAttribute('name')}`);
          visitElement(c, rep);
        } else if (c.localName === 'attribute') names.push(`attribute:${c.getAttribute('name')}`);
        else if (c.localName === 'attributeGroup') collect(m.attributeGroups.get(c.getAttribute('ref')!)!, false, names);
        else if (c.localName === 'group') collect(m.groups.get(c.getAttribute('ref')!)!, rep, names);
        else if (c.localName === 'sequence' || c.localName === 'choice' || c.localName === 'complexType') collect(c, rep, names);
      }
    };
    for (const root of m.roots.values()) visitElement(root, false);
    facts = f;
    return f;
  };
})();

function complexTypeOf(e: Element): Element | undefined {
  const inline = kids(e).find((c) => c.localName === 'complexType');
  if (inline) return inline;
  const type = e.getAttribute('type');
  return type ? model().complexTypes.get(type) : undefined;
}

interface Particle {
  props: Map<string, JsonSchema>;
  required: Set<string>;
}

const STRING: JsonSchema = { type: 'string' };

/** Where openapi.yaml keeps each JSON schema: `json.<root>` for an answer, `json.<Type>` for a named XSD type. */
export const JSON_SCHEMA_PREFIX = '#/components/schemas/json.';

function elementSchema(e: Element): JsonSchema {
  const type = complexTypeOf(e);
  if (!type) return STRING;
  const name = type.getAttribute('name');
  return name ? { $ref: `${JSON_SCHEMA_PREFIX}${name}` } : complexSchema(type);
}

const complexCache = new Map<Element, JsonSchema>();
function complexSchema(type: Element): JsonSchema {
  const hit = complexCache.get(type);
  if (hit) return hit;
  const schema: JsonSchema = { type: 'object' };
  complexCache.set(type, schema);
  const p = particle(type, false);
  schema['properties'] = Object.fromEntries(p.props);
  if (p.required.size > 0) schema['required'] = [...p.required];
  schema['additionalProperties'] = false;
  return schema;
}

function merge(into: Map<string, JsonSchema>, key: string, s: JsonSchema): void {
  const old = into.get(key);
  if (!old || JSON.stringify(old) === JSON.stringify(s)) {
    into.set(key, s);
    return;
  }
  // The same repeated name with two types in one model (a search's paging links and refinement links).
  const items = (x: JsonSchema) => (x['type'] === 'array' ? (x['items'] as JsonSchema) : x);
  const alts = [items(old), items(s)].flatMap((x) => (x['anyOf'] as JsonSchema[] | undefined) ?? [x]);
  into.set(key, { type: 'array', items: { anyOf: alts.filter((x, i) => alts.findIndex((y) => JSON.stringify(y) === JSON.stringify(x)) === i) } });
}

function particle(node: Element, optional: boolean): Particle {
  const out: Particle = { props: new Map(), required: new Set() };
  const m = model();
  const isChoice = node.localName === 'choice';
  let branches: Particle[] = [];
  for (const c of kids(node)) {
    const opt = optional || c.getAttribute('minOccurs') === '0';
    let p: Particle;
    if (c.localName === 'element') {
      const name = c.getAttribute('name')!;
      const key = jsonKeyOf(name);
      const value = elementSchema(c);
      p = { props: new Map([[key, key === name ? value : { type: 'array', items: value }]]), required: new Set(opt ? [] : [key]) };
    } else if (c.localName === 'attribute') {
      const name = c.getAttribute('name')!;
      p = { props: new Map([[name, STRING]]), required: new Set(c.getAttribute('use') === 'required' ? [name] : []) };
    } else if (c.localName === 'attributeGroup') p = particle(m.attributeGroups.get(c.getAttribute('ref')!)!, opt);
    else if (c.localName === 'group') p = particle(m.groups.get(c.getAttribute('ref')!)!, opt);
    else if (c.localName === 'sequence' || c.localName === 'choice') p = particle(c, opt);
    else continue;
    if (isChoice) branches.push(p);
    else {
      for (const [k, s] of p.props) merge(out.props, k, s);
      for (const k of p.required) out.required.add(k);
    }
  }
  if (isChoice) {
    for (const b of branches) for (const [k, s] of b.props) merge(out.props, k, s);
    if (!optional && branches.length > 0) for (const k of branches[0]!.required) if (branches.every((b) => b.required.has(k))) out.required.add(k);
    branches = [];
  }
  return out;
}

/** The JSON Schema of the JSON answer whose root is `root`: one property, the root's name. */
export function jsonSchemaOfRoot(root: string): JsonSchema {
  const e = model().roots.get(root);
  if (!e) throw new Error(`no schema declares the root <${root}>`);
  return { type: 'object', properties: { [root]: elementSchema(e) }, required: [root], additionalProperties: false };
}

/**
 * Every JSON schema of the contract, by its name under components.schemas: `json.<root>` for each root of
 * schemas/<root>.xsd, `json.<Type>` for each named complex type of the XSDs.
 */
export const jsonSchemas: () => Record<string, JsonSchema> = (() => {
  let all: Record<string, JsonSchema> | undefined;
  return () => {
    if (all) return all;
    all = {};
    for (const r of schemaRoots()) all[`json.${r}`] = jsonSchemaOfRoot(r);
    for (const [name, type] of [...model().complexTypes].sort(([a], [b]) => a.localeCompare(b))) all[`json.${name}`] = complexSchema(type);
    return all;
  };
})();

/**
 * Checks a JSON value against a schema of the small vocabulary the derivation writes (type object, string
 * or array; properties, required, additionalProperties: false; items; anyOf); one line per fault.
 */
export function jsonSchemaProblems(value: unknown, schema: JsonSchema, at = '$', defs: Record<string, JsonSchema> = jsonSchemas()): string[] {
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    const target = defs[`json.${ref.slice(JSON_SCHEMA_PREFIX.length)}`];
    if (!ref.startsWith(JSON_SCHEMA_PREFIX) || !target) return [`${at}: unresolved $ref ${ref}`];
    return jsonSchemaProblems(value, target, at, defs);
  }
  if (schema['anyOf']) {
    const alts = schema['anyOf'] as JsonSchema[];
    const each = alts.map((s) => jsonSchemaProblems(value, s, at, defs));
    return each.some((p) => p.length === 0) ? [] : [`${at} matches none of ${alts.length} alternatives: ${each.map((p) => p[0]).join(' | ')}`];
  }
  const type = schema['type'];
  if (type === 'string') return typeof value === 'string' ? [] : [`${at} is not a string`];
  if (type === 'array') {
    if (!Array.isArray(value)) return [`${at} is not an array`];
    return value.flatMap((v, i) => jsonSchemaProblems(v, schema['items'] as JsonSchema, `${at}[${i}]`, defs));
  }
  if (type === 'object') {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${at} is not an object`];
    const props = (schema['properties'] ?? {}) as Record<string, JsonSchema>;
    const o = value as Record<string, unknown>;
    const problems: string[] = [];
    for (const k of (schema['required'] ?? []) as string[]) if (!(k in o)) problems.push(`${at}.${k} is missing`);
    for (const [k, v] of Object.entries(o)) {
      if (props[k]) problems.push(...jsonSchemaProblems(v, props[k], `${at}.${k}`, defs));
      else if (schema['additionalProperties'] === false) problems.push(`${at}.${k} is not allowed`);
    }
    return problems;
  }
  return [];
}
