// Sums vitest JSON reports (and interop reports of the same shape) into the closing line CI reads.
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    passed += r.numPassedTests ?? 0;
    failed += (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0) + (r.success === false && !r.numFailedTests ? 1 : 0);
  } catch (e) {
    console.error(`cannot read ${file}: ${e.message}`);
    failed += 1;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
