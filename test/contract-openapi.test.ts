import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { deref, documentedOperations, documentedPathOf, expectedRoots, openapiDocument, OPENAPI_PATH } from './support/openapi-routes.js';
import { schemaRoots, SCHEMA_DIR } from './support/validate-xml.js';
import { HOST, testWorld } from './support/world.js';
import { yamlValue } from '../src/scenarios/yaml-value.js';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[]; router?: { stack?: Layer[] } };
  slash: boolean;
}

/**
 * Every route the app declares: walks express's router stack through the routers mounted at '/', and
 * through wrappers that expose the router they run as `router` (src/http/routes/under-prefix.ts). The admin
 * router is mounted at /__admin (JSON, outside the contract), so it is not walked. The app is the server's
 * request listener (testWorld gives the server the CLI listens on).
 */
function appRoutes(server: Server): Array<{ path: string; methods: string[] }> {
  const app = server.listeners('request')[0];
  const out: Array<{ path: string; methods: string[] }> = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        out.push({
          path: layer.route.path,
          methods: Object.keys(layer.route.methods)
            .filter((m) => m !== '_all')
            .map((m) => m.toUpperCase()),
        });
      } else if (layer.slash && (layer.handle.stack ?? layer.handle.router?.stack)) {
        walk((layer.handle.stack ?? layer.handle.router?.stack)!);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return out;
}

// Catch-alls that only explain a 404 (no resource lives there); the 404 <error> is the contract for them.
const CATCH_ALLS = ['/categories{/*rest}'];

/** An express path (`/users/:guid/queues/:queue_id`) as a regular expression over concrete paths. */
function expressPattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`, 'i');
}

/** A documented path with each parameter replaced by its example (or a placeholder). */
function concrete(path: string, operation: Record<string, unknown>): string {
  const doc = openapiDocument();
  const params = ((operation['parameters'] as unknown[] | undefined) ?? []).map((p) => deref(doc, p));
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const p = params.find((x) => x['in'] === 'path' && x['name'] === name);
    const enumValues = (p?.['schema'] as { enum?: string[] } | undefined)?.enum;
    return encodeURIComponent(String(p?.['example'] ?? enumValues?.[0] ?? '1'));
  });
}

describe('openapi.yaml', () => {
  const { app } = testWorld('default');

  it('is OpenAPI 3.1 and served byte for byte at /openapi.yaml as YAML, without OAuth', async () => {
    const doc = openapiDocument();
    expect(String(doc['openapi'])).toMatch(/^3\.1\.\d+$/);
    const res = await request(app)
      .get('/openapi.yaml')
      .set('Host', HOST)
      .buffer(true)
      .parse((r, done) => {
        let body = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => {
          body += c;
        });
        r.on('end', () => done(null, body));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/yaml/);
    expect(res.body).toBe(readFileSync(OPENAPI_PATH, 'utf8'));
    expect(yamlValue(res.body as string)).toEqual(doc);
  });

  it('resolves every $ref, and every XML answer it declares names a root with its schema in schemas/', () => {
    const doc = openapiDocument();
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) {
        node.forEach(visit);
        return;
      }
      if (!node || typeof node !== 'object') return;
      const o = node as Record<string, unknown>;
      if (typeof o['$ref'] === 'string') expect(() => deref(doc, o), String(o['$ref'])).not.toThrow();
      Object.values(o).forEach(visit);
    };
    visit(doc);
    const schemas = (doc['components'] as { schemas: Record<string, Record<string, unknown>> }).schemas;
    const declared = Object.values(schemas).filter((s) => s['x-xsd'] !== undefined);
    for (const s of declared) {
      const file = String(s['x-xsd']);
      expect(existsSync(join(SCHEMA_DIR, '..', file)), file).toBe(true);
      expect(file).toBe(`schemas/${(s['xml'] as { name: string }).name}.xsd`);
    }
    // And every root schema is one openapi.yaml answers with: no orphan schema.
    expect(declared.map((s) => (s['xml'] as { name: string }).name).sort()).toEqual(schemaRoots().sort());
  });

  it('declares security on every operation: none for the contract and the sign-in page, OAuth for the API', () => {
    for (const { path, method, operation } of documentedOperations()) {
      const security = (operation['security'] ?? openapiDocument()['security']) as Array<Record<string, unknown>>;
      const schemes = security.flatMap((s) => Object.keys(s));
      if (/^\/(schemas|openapi|oauth\/(login|authorize))/.test(path)) expect(schemes, `${method} ${path}`).toEqual([]);
      else if (path.startsWith('/users')) expect(schemes, `${method} ${path}`).toEqual(['oauthUser']);
      else expect(schemes, `${method} ${path}`).toContain('oauthConsumer');
    }
  });

  it('documents every route and method the app has', () => {
    const documented = documentedOperations();
    const missing: string[] = [];
    for (const route of appRoutes(app)) {
      if (CATCH_ALLS.includes(route.path)) continue;
      const pattern = expressPattern(route.path);
      // A route with only `all` handlers (the old authorisation address) answers every method: GET must be documented.
      for (const method of route.methods.length > 0 ? route.methods : ['GET']) {
        const m = method === 'HEAD' ? 'GET' : method;
        if (!documented.some((d) => d.method === m && pattern.test(concrete(d.path, d.operation)))) missing.push(`${m} ${route.path}`);
      }
    }
    expect(missing).toEqual([]);
    expect(appRoutes(app).length).toBeGreaterThan(40);
  });

  it('documents only operations the app has: each reaches its route (not the 404 fallthrough, not 405)', async () => {
    const wrong: string[] = [];
    for (const { path, method, operation } of documentedOperations()) {
      const url = concrete(path, operation);
      const res = await request(app)[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](url).set('Host', HOST).redirects(0);
      if (res.status === 405 || (res.status === 404 && /nothing lives at/.test(res.text))) wrong.push(`${method} ${path} (${url}) -> ${res.status}`);
      expect(documentedPathOf(url), url).toBe(path);
    }
    expect(wrong).toEqual([]);
  });

  it.each([
    ['GET', '/catalog/title/15471', 200, ['catalog_title']],
    ['GET', '/catalog/voice%20over', 200, ['search']],
    ['GET', '/catalog/title/15471/actors', 200, ['people']],
    ['GET', '/users/', 200, ['resource']],
    ['POST', '/users/G/queues/every', 201, ['response']],
    ['POST', '/users/G/queues/every', 412, ['error']],
    ['PUT', '/users/G/queues/disc/5', 405, ['error']],
    ['GET', '/users/G/queues/item/5', 200, ['queue_item']],
    ['GET', '/users/G/queues/item/5', 304, []],
    ['GET', '/users/G/queues/disc/5', 200, ['queue_disc']],
    ['GET', '/users/G/queues/disc/5', 404, ['error']],
    ['GET', '/users/G/lists/7001/15471', 200, ['list_item']],
    ['GET', '/users/G/ratings/title/15471', 200, ['rating_item']],
    ['GET', '/categories/recommendation_source', 200, ['category_scheme']],
    ['GET', '/no/such/place', 404, ['error']],
    ['GET', '/oauth/request_token', 200, []],
    ['GET', '/categories/certificates/bbfc', 200, ['category_scheme']],
  ] as const)('says which root answers %s %s with %i', (method, path, status, roots) => {
    expect(expectedRoots(method, path, status)).toEqual(roots);
  });
});
