import { defineConfig } from '@playwright/test';
import { E2E_PORT } from './tests/support/env';

/**
 * Real Chromium from Debian against the production build (`npm run build`), started on a
 * fresh data directory. Every spec runs at desktop (1280) and phone (375) width.
 *
 * A failed test is run once more: a test that fails twice fails the run; one that passes on the
 * second run counts as flaky, and scripts/summary.mjs names it at the end of `npm test` (with
 * its trace kept in artifacts/), so that it is looked into rather than forgotten.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/test-results',
  // Ceilings, not speed checks: a test on a busy machine takes twice its time alone (issue 28).
  timeout: 120_000,
  // A ceiling for what a step waits for, not a speed check: room for four workers on two cores.
  expect: { timeout: 20_000 },
  fullyParallel: true,
  // Most of a test's time is spent waiting (transitions, debounces, jobs, mails): four workers on
  // two cores take the suite from ~20 to ~16 minutes (issue 28).
  workers: 4,
  retries: 1,
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  use: {
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'de-DE',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    { name: 'phone', use: { viewport: { width: 375, height: 740 }, hasTouch: true } },
  ],
  webServer: {
    command: 'node support/server.mjs',
    url: `http://localhost:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
