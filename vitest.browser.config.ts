import { defineConfig } from 'vitest/config';

// Real headless chromium (Debian's /usr/bin/chromium) driven by playwright-core.
export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
