import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Router } from 'express';
import { errors } from '../../domain/api-error.js';
import { packageRoot } from '../../package-root.js';
import { resource } from '../resource.js';
import { sendStoredBytes, XML_CONTENT_TYPE } from '../send-xml.js';

/** The published contract, kept in the repository: one XSD per answer root, and the OpenAPI document. */
const SCHEMA_DIR = join(packageRoot(), 'schemas');

/**
 * `/schemas/<name>.xsd` and `/openapi.yaml`, byte for byte the files in the repository, with no OAuth: a
 * client team's build fetches them before it has credentials. Read once, at the first request.
 */
export function schemaRoutes(): Router {
  const router = Router();
  let schemas: Map<string, Buffer> | undefined;
  let openapi: Buffer | undefined;
  const schemaFiles = () =>
    (schemas ??= new Map(
      readdirSync(SCHEMA_DIR)
        .filter((f) => f.endsWith('.xsd'))
        .sort()
        .map((f) => [f, readFileSync(join(SCHEMA_DIR, f))]),
    ));

  resource(router, '/schemas/:name', [], {
    GET: (req, res) => {
      const name = String(req.params['name'] ?? '');
      const file = schemaFiles().get(name);
      if (!file) {
        const names = [...schemaFiles().keys()].map((f) => `/schemas/${f}`).join(', ');
        throw errors.notFound(`there is no schema ${JSON.stringify(name)}; the schemas are ${names}`);
      }
      sendStoredBytes(res, file, XML_CONTENT_TYPE);
    },
  });

  resource(router, '/openapi.yaml', [], {
    GET: (_req, res) => sendStoredBytes(res, (openapi ??= readFileSync(join(packageRoot(), 'openapi.yaml'))), 'application/yaml;charset=UTF-8'),
  });
  return router;
}
