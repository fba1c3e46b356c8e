import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { yamlValue } from '../../src/scenarios/yaml-value.js';

export const OPENAPI_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'openapi.yaml');

type Json = Record<string, unknown>;
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** One documented operation: its path template, method, and what each status answers. */
export interface DocumentedOperation {
  path: string;
  method: string;
  operation: Json;
}

/** The OpenAPI document, parsed once per process. */
export const openapiDocument: () => Json = (() => {
  let doc: Json | undefined;
  return () => (doc ??= yamlValue(readFileSync(OPENAPI_PATH, 'utf8')) as Json);
})();

/** Follows a local `$ref` ('#/components/...') until it reaches an object that is not one. */
export function deref(doc: Json, node: unknown): Json {
  let n = node as Json;
  for (let hops = 0; n && typeof n['$ref'] === 'string'; hops++) {
    if (hops > 20) throw new Error(`$ref loop at ${String(n['$ref'])}`);
    const ref = n['$ref'] as string;
    if (!ref.startsWith('#/')) throw new Error(`only local $refs are used here, not ${ref}`);
    n = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((o, k) => (o as Json | undefined)?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc) as Json;
    if (n === undefined) throw new Error(`unresolved $ref ${ref}`);
  }
  return n;
}

/** Every operation of openapi.yaml, path items' $refs followed. */
export function documentedOperations(doc = openapiDocument()): DocumentedOperation[] {
  const out: DocumentedOperation[] = [];
  for (const [path, item] of Object.entries(doc['paths'] as Json)) {
    const pathItem = deref(doc, item);
    for (const method of HTTP_METHODS) {
      if (pathItem[method]) out.push({ path, method: method.toUpperCase(), operation: deref(doc, pathItem[method]) });
    }
  }
  return out;
}

/** `/users/{guid}/queues` -> a matcher of concrete paths; literal segments compare case-insensitively, as express routes. */
function templateMatcher(template: string): { literals: number; test(segments: string[]): boolean } {
  const parts = template.split('/').filter(Boolean);
  const literals = parts.filter((p) => !p.startsWith('{')).length;
  return {
    literals,
    test: (segments) => segments.length === parts.length && parts.every((p, i) => p.startsWith('{') || p.toLowerCase() === segments[i]!.toLowerCase()),
  };
}

// Matchers per document, most literal template first (OpenAPI's rule): built once, used for every answer.
const matchersOf = new WeakMap<Json, Array<{ p: string; m: ReturnType<typeof templateMatcher> }>>();

/** The documented path a concrete path is, preferring the most literal template; undefined when none. */
export function documentedPathOf(concretePath: string, doc = openapiDocument()): string | undefined {
  let matchers = matchersOf.get(doc);
  if (!matchers) {
    matchers = Object.keys(doc['paths'] as Json)
      .map((p) => ({ p, m: templateMatcher(p) }))
      .sort((a, b) => b.m.literals - a.m.literals);
    matchersOf.set(doc, matchers);
  }
  const segments = concretePath
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
  return matchers.find(({ m }) => m.test(segments))?.p;
}

/** The XML root a response declares: `xml.name` (with its prefix) of its application/xml schema. */
function rootsOfResponse(doc: Json, response: unknown): string[] {
  const content = deref(doc, response)['content'] as Json | undefined;
  const xml = content?.['application/xml'] as Json | undefined;
  if (!xml) return [];
  const schema = deref(doc, xml['schema']);
  const alternatives = (schema['oneOf'] as unknown[] | undefined)?.map((s) => deref(doc, s)) ?? [schema];
  return alternatives.map((s) => {
    const x = s['xml'] as Json | undefined;
    if (!x?.['name']) throw new Error('every application/xml schema in openapi.yaml names its root with xml.name');
    return x['prefix'] ? `${String(x['prefix'])}:${String(x['name'])}` : String(x['name']);
  });
}

/**
 * The XML roots openapi.yaml allows for an answer: by the documented path and method, the exact status,
 * then its range (4XX), then `default`. A path nothing is documented at, or a method a resource does not
 * answer (405), may only answer <error>. [] means the answer is not XML at all.
 */
export function expectedRoots(method: string, concretePath: string, status: number, doc = openapiDocument()): string[] {
  const path = documentedPathOf(concretePath, doc);
  if (path === undefined) return ['error'];
  const item = deref(doc, (doc['paths'] as Json)[path]);
  const m = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
  const op = item[m] ? deref(doc, item[m]) : undefined;
  if (!op) return ['error'];
  const responses = op['responses'] as Json;
  const response = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses['default'];
  return response === undefined ? ['error'] : rootsOfResponse(doc, response);
}
