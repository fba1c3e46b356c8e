// The JSON answers' contract (docs/reference/json.md): the mapping's tables and openapi.yaml's JSON schemas
// are what schemas/*.xsd say, and the JSON of any answer carries the data of its XML, no more, no less.
import { DOMParser, type Element } from '@xmldom/xmldom';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonKeyOf, OBJECT_ELEMENTS, pluralOf, REPEATED_ELEMENTS, TEXT_KEY } from '../src/xml/json-shape.js';
import { el, text } from '../src/xml/writer.js';
import { xmlToJson } from '../src/xml/xml-to-json.js';
import { openapiDocument } from './support/openapi-routes.js';
import { ALICE, asAlice, signed } from './support/signing.js';
import { contractProblems } from './support/validate-xml.js';
import { testWorld } from './support/world.js';
import { elementFacts, jsonSchemas } from './support/xsd-json-schema.js';

type Json = Record<string, unknown>;

describe('the mapping is read from the XSDs', () => {
  it('an element name is an array exactly where some schema lets it repeat, an object exactly where its type is complex', () => {
    const facts = elementFacts();
    expect([...REPEATED_ELEMENTS].sort()).toEqual([...facts.repeats].sort());
    expect([...OBJECT_ELEMENTS].sort()).toEqual([...facts.objects].sort());
    // One shape per name: never an object in one place and a string in another.
    expect([...facts.objects].filter((n) => facts.simple.has(n))).toEqual([]);
  });

  it('no two members of an object can take one key: plurals, attributes, elements and content stay apart', () => {
    for (const [model, members] of elementFacts().keysByModel) {
      const byKey = new Map<string, Set<string>>();
      for (const m of members) {
        const key = m.startsWith('element:') ? jsonKeyOf(m.slice('element:'.length)) : m.slice('attribute:'.length);
        byKey.set(key, (byKey.get(key) ?? new Set()).add(m));
      }
      // The same element twice in one content model (a choice's branches) is one member.
      for (const [key, of] of byKey) expect([...of], `${model}.${key}`).toHaveLength(1);
      expect([...byKey.keys()], model).not.toContain(TEXT_KEY);
    }
  });
});

describe('openapi.yaml describes the JSON answers', () => {
  const schemas = (openapiDocument()['components'] as Json)['schemas'] as Json;

  it('holds the JSON schemas derived from the XSDs, each one as derived', () => {
    const derived = jsonSchemas();
    const stale = Object.entries(derived).filter(([name, s]) => JSON.stringify(schemas[name]) !== JSON.stringify(s));
    const extra = Object.keys(schemas).filter((k) => k.startsWith('json.') && !(k in derived));
    // When they part, the lines to paste into components.schemas of openapi.yaml:
    expect(stale.map(([name, s]) => `    ${name}: ${JSON.stringify(s)}`).join('\n')).toBe('');
    expect(extra).toEqual([]);
  });

  it('offers application/json beside every application/xml answer, with the same root', () => {
    const contents: Json[] = [];
    const walk = (n: unknown): void => {
      if (Array.isArray(n)) n.forEach(walk);
      else if (n && typeof n === 'object') {
        const o = n as Json;
        if (o['application/xml'] && typeof o['application/xml'] === 'object') contents.push(o);
        Object.values(o).forEach(walk);
      }
    };
    walk(openapiDocument());
    const withRef = contents.filter((c) => ((c['application/xml'] as Json)['schema'] as Json)['$ref']);
    expect(withRef.length).toBeGreaterThan(30);
    for (const c of withRef) {
      const ref = String(((c['application/xml'] as Json)['schema'] as Json)['$ref']);
      expect(((c['application/json'] as Json | undefined)?.['schema'] as Json | undefined)?.['$ref'], ref).toBe(ref.replace('/schemas/', '/schemas/json.'));
    }
  });

  it('the contract check reports a JSON answer that breaks its schema, its content type or its root', async () => {
    const answer = (body: string, contentType = 'application/json;charset=UTF-8') => ({ method: 'GET', url: '/users', status: 200, body, contentType });
    const problems = await contractProblems([
      answer('{"resource":{"links":[{"href":"http://x/u","rel":"r","title":"current user"}]}}'),
      answer('{"resource":{"link":{"href":"http://x/u","rel":"r","title":"current user"}}}'),
      answer('{"resource":{"links":[{"href":"http://x/u","rel":"r","title":"current user"}]}}', 'application/json; charset=utf-8'),
      answer('{"user":{}}'),
      answer('not json'),
    ]);
    expect(problems).toHaveLength(5);
    expect(problems.join('\n')).toMatch(/\$\.resource\.link is not allowed/);
  });
});

/** A value as a tree of names to lists, the same for an XML element and its JSON, whatever the mapping's choices. */
type Canon = string | { [name: string]: Canon[] };
const SINGULAR = new Map([...REPEATED_ELEMENTS].map((n) => [pluralOf(n), n]));

function canonOfXml(e: Element): Canon {
  const out: Record<string, Canon[]> = {};
  let textValue = '';
  for (let i = 0; i < e.attributes.length; i++) (out[e.attributes[i]!.name] ??= []).push(e.attributes[i]!.value);
  for (let n = e.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1) (out[(n as Element).tagName] ??= []).push(canonOfXml(n as Element));
    else if (n.nodeType === 3) textValue += n.nodeValue ?? '';
  }
  if (Object.keys(out).length === 0) return textValue;
  if (textValue.trim() !== '') out['#text'] = [textValue];
  return out;
}

function canonOfJson(v: unknown): Canon {
  if (typeof v === 'string') return v;
  const out: Record<string, Canon[]> = {};
  for (const [k, x] of Object.entries(v as Json)) {
    if (Array.isArray(x)) out[SINGULAR.get(k) ?? `!${k}`] = x.map(canonOfJson);
    else out[k === TEXT_KEY ? '#text' : k] = [canonOfJson(x)];
  }
  return Object.keys(out).length === 0 ? '' : out;
}

const sameData = (xml: string, json: string) => {
  const root = new DOMParser().parseFromString(xml, 'text/xml').documentElement as unknown as Element;
  const value = JSON.parse(json) as Json;
  expect(Object.keys(value)).toEqual([root.tagName]);
  expect(canonOfJson(value[root.tagName])).toEqual(canonOfXml(root));
};

describe('the JSON and the XML of an answer carry the same data', () => {
  const { app } = testWorld();
  const user = `/users/${ALICE.guid}`;
  const paths = [
    '/users',
    user,
    `${user}/queues`,
    `${user}/queues/every`,
    `${user}/queues/1002`,
    `${user}/ratings/title`,
    `${user}/at_home`,
    `${user}/rented`,
    `${user}/reviews`,
    `${user}/recommendations`,
    `${user}/lists`,
    `${user}/lists/7001`,
    '/catalog/title?term=the',
    '/catalog/title?term=garden&f=format',
    '/catalog/person?term=a',
    '/catalog/title/10376',
    '/catalog/title/15471/actors',
    '/catalog/title/10/synopsis',
    '/catalog/title/10/similars',
    '/catalog/title/10/reviews',
    '/catalog/title/10/histogram',
    '/catalog/title/999999999',
    '/users/NOT-A-GUID',
  ];

  it('for any read, page and expansion: the same names, values and counts in both', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.record(
          {
            items_per_page: fc.integer({ min: 1, max: 6 }),
            start_index: fc.integer({ min: 1, max: 4 }),
            expand: fc.constantFrom('all', 'none', 'synopsis,actors', 'histogram'),
          },
          { requiredKeys: [] },
        ),
        async (path, params) => {
          const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
          const full = query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
          const call = () => (path.startsWith('/users') ? asAlice(app, 'GET', full) : signed(app, 'GET', full));
          const xml = await call();
          const json = await call().set('Accept', 'application/json');
          expect(json.status).toBe(xml.status);
          sameData(xml.text, json.text);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('for any text or attribute the writer escapes, the JSON holds the text a parser reads from the XML', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), (a, t) => {
        const xml = el('status', undefined, text('message', t), el('link', { href: a, rel: 'r', title: t }));
        sameData(xml, JSON.stringify(xmlToJson(xml)));
      }),
      { numRuns: 200 },
    );
  });
});
