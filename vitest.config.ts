import { defineConfig } from 'vitest/config';

// Unit tests sit beside pure code (src/**/*.test.ts); HTTP tests live in test/.
// Browser tests need Debian's chromium and run through vitest.browser.config.ts; tests of the container image
// need a Docker engine and the built image, and run from test/container/run.sh.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['test/browser/**', 'test/container/**', 'node_modules/**', 'dist/**'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Every XML answer a test receives is checked against schemas/ and openapi.yaml (docs/decisions/0070).
    setupFiles: ['test/support/validate-answers-setup.ts'],
  },
});
