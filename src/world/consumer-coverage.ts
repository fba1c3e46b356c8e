import { errors } from '../domain/api-error.js';
import { coverageReport, type CoverageReport } from '../domain/coverage-report.js';
import { CoverageTally } from '../domain/coverage.js';
import type { World } from './world.js';

/**
 * A consumer's coverage report, read without opening its sandbox (a consumer with none held has exercised
 * nothing since its last reset). 404 for a key that is not a consumer of the scenario (or of open mode).
 */
export function consumerCoverage(world: World, consumer: string): CoverageReport {
  if (!world.consumer(consumer))
    throw errors.notFound(`no consumer ${JSON.stringify(consumer)} in this scenario; use a key listed in the README or GET /__admin/sandboxes`);
  const tally = world.sandboxes.peek(consumer, world.realNow())?.coverage ?? new CoverageTally();
  return coverageReport(consumer, world.coverageSpec, tally);
}
