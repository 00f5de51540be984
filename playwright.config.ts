import { defineConfig } from '@playwright/test';
import { testBrowserArgs, testBrowserPath } from './support/browser/chromium.ts';
import { E2E_SERVER_STARTED, e2eBaseURL, e2eServer } from './support/e2e/server.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env['CI'] ? 2 : 3,
  retries: process.env['CI'] ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env['CI'] ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: e2eBaseURL,
    // A trace records every action with screenshots: about a third of the suite's CPU time when kept for every test.
    // CI retries a failed test once and traces that retry; locally, rerun a failure with `--trace on`.
    trace: 'on-first-retry',
    launchOptions: { executablePath: testBrowserPath(), args: testBrowserArgs },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [
        '**/samu-records.spec.ts',
        '**/samu-events-team.spec.ts',
        '**/samu-site.spec.ts',
        '**/child-exit.spec.ts',
      ],
    },
    // Changes which children and events every page lists, and the words every page shows: runs once the specs that
    // read those lists and words are done.
    {
      name: 'samu-records',
      testMatch: ['**/samu-records.spec.ts', '**/samu-events-team.spec.ts', '**/samu-site.spec.ts'],
      dependencies: ['chromium'],
    },
    // Takes a child off /sponsor and names the daily commitments job's clock, which other specs' commitments follow:
    // runs alone, last.
    { name: 'child-exit', testMatch: ['**/child-exit.spec.ts'], dependencies: ['samu-records'] },
  ],
  // Every port of a run is free: the site's is E2E_PORT or one picked when this file is first loaded, and the server
  // starts the run's SMTP server and Paystack stand-in on ports of their own (support/e2e/server.ts).
  webServer: {
    ...e2eServer,
    timeout: 240_000,
    // `npm test` starts the server while the unit tests run (scripts/test.ts); a bare `playwright test` starts its own.
    reuseExistingServer: Boolean(process.env[E2E_SERVER_STARTED]),
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
