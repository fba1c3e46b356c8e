import type { Router } from 'express';
import { errors } from '../domain/api-error.js';
import { coverageCtrf, coverageMarkdown } from '../domain/coverage-report.js';
import { consumerCoverage } from '../world/consumer-coverage.js';
import type { World } from '../world/world.js';
import { consumerFor } from './admin-caller.js';
import { adminQuery } from './admin-request.js';

const FORMATS = ['json', 'markdown', 'ctrf'] as const;

/**
 * GET /__admin/coverage?consumer=KEY[&format=json|markdown|ctrf]: what that consumer's verified requests
 * exercised of openapi.yaml since its sandbox was last reset (docs/reference/admin-api.md#coverage).
 */
export function coverageRoutes(router: Router, world: World): void {
  router.get('/coverage', (req, res) => {
    const q = adminQuery(req);
    const consumer = consumerFor(req, q.get('consumer'));
    if (!consumer) throw errors.missingParameter('consumer', 'send ?consumer=<consumer key>');
    const format = q.get('format') ?? 'json';
    if (!(FORMATS as readonly string[]).includes(format)) throw errors.invalidParameter('format', `expected one of ${FORMATS.join(', ')}`);
    const report = consumerCoverage(world, consumer);
    if (format === 'markdown') res.type('text/markdown; charset=utf-8').send(coverageMarkdown(report));
    else if (format === 'ctrf') res.json(coverageCtrf(report, world.realNow()));
    else res.json(report);
  });
}
