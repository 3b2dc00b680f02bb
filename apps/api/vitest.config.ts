import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['src/**/*.test.ts'],
    // The scale-out tests need the build and nginx: their own config (vitest.scale.config.ts).
    exclude: ['**/node_modules/**', 'src/**/*.scale.test.ts'],
    environment: 'node',
    // Room for a machine busy with another build, not a speed check (issue 28).
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Vitest picks one worker on a 2-core machine; two halve the wall time here.
    maxWorkers: 2,
    // One module graph per worker, not per file: every file builds its own app and database
    // (src/test/harness.ts) and no test mocks modules or globals, so nothing leaks between files;
    // the suite's import time drops from ~530 s to ~150 s (bench figure in the issue 24 note).
    isolate: false,
    setupFiles: ['src/test/setup.ts'],
    // The AWS SDK warns once on Node 20 that its releases after January 2027 need Node 22.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
});
