import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { coverageSpecOf, type CoverageSpec } from '../domain/coverage.js';
import { packageRoot } from '../package-root.js';
import { yamlValue } from '../scenarios/yaml-value.js';

/** The published contract's operations (openapi.yaml at the package root), read once per World. */
export function loadCoverageSpec(): CoverageSpec {
  return coverageSpecOf(yamlValue(readFileSync(join(packageRoot(), 'openapi.yaml'), 'utf8')));
}
