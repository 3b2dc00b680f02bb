import { defineConfig } from 'vitest/config';

/**
 * The scale-out tests (`*.scale.test.ts`): the built API as several processes behind nginx on
 * PostgreSQL. Apart from the API suite: they need a build and start real processes, one file
 * at a time (each starts its own instances and nginx).
 */
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['src/**/*.scale.test.ts'],
    environment: 'node',
    // Crashes, restarts and 50 concurrent uploads on a busy 2-core machine: room, not a speed check.
    testTimeout: 240_000,
    // Starting the instances runs the migrations and seeds the demo company registry.
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 1,
    setupFiles: ['src/test/setup.ts'],
  },
});
