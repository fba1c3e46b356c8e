import { defineConfig } from 'vitest/config';

// The tests that need a Docker engine and the built image (RENTALSIM_IMAGE, default rentalsim): run by
// test/container/run.sh after it builds the image, never by `npm test`.
export default defineConfig({
  test: {
    include: ['test/container/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    fileParallelism: false,
    env: {
      // Ryuk, the reaper Testcontainers starts from its own image, cannot be pulled here: each test file stops
      // its containers in afterAll, and run.sh removes whatever a crashed run left.
      TESTCONTAINERS_RYUK_DISABLED: process.env['TESTCONTAINERS_RYUK_DISABLED'] ?? 'true',
      // Where a test reaches the containers. Testcontainers works it out from the default bridge network's
      // gateway when it runs inside a container (a /.dockerenv file), and these engines have no bridge
      // (dockerd --bridge=none): the containers run on the host network, reached on loopback.
      TESTCONTAINERS_HOST_OVERRIDE: process.env['TESTCONTAINERS_HOST_OVERRIDE'] ?? '127.0.0.1',
    },
  },
});
