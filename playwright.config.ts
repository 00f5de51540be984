import { defineConfig } from '@playwright/test';
import { e2eAdmin, e2eNotifiedAdmins, e2eSmtpPort } from './tests/e2e/support/admin.ts';
import { chromiumArgs, testBrowserPath } from './tests/e2e/support/chromium.ts';

/** Port of the site under test; set E2E_PORT to run two suites side by side. */
const port = Number(process.env['E2E_PORT'] ?? 8899);
const dataDir = `.data/e2e-${port}`;

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
    baseURL: `http://localhost:${port}`,
    // A trace records every action with screenshots: about a third of the suite's CPU time when kept for every test.
    // CI retries a failed test once and traces that retry; locally, rerun a failure with `--trace on`.
    trace: 'on-first-retry',
    launchOptions: { executablePath: testBrowserPath(), args: chromiumArgs },
  },
  projects: [
    // A password change ends every session of the staff account, those of the other specs included: run it last.
    { name: 'chromium', testIgnore: '**/staff-account.spec.ts', teardown: 'staff-account' },
    { name: 'staff-account', testMatch: '**/staff-account.spec.ts' },
  ],
  webServer: {
    // A fresh embedded database per run (set E2E_DATABASE_URL to run against a PostgreSQL server instead).
    command: `rm -rf ${dataDir} && node scripts/serve.ts`,
    url: `http://localhost:${port}/`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: process.env['E2E_DATABASE_URL'] ?? '',
      ADMIN_USERNAME: e2eAdmin.username,
      ADMIN_PASSWORD: e2eAdmin.password,
      ADMIN_USERNAME_2: e2eNotifiedAdmins[0].username,
      ADMIN_PASSWORD_2: e2eNotifiedAdmins[0].password,
      ADMIN_USERNAME_3: e2eNotifiedAdmins[1].username,
      ADMIN_PASSWORD_3: e2eNotifiedAdmins[1].password,
      // Notifications go to a real SMTP server that tests/e2e/notifications.spec.ts runs while it needs one; the
      // other specs' emails simply wait in the outbox.
      SMTP_URL: `smtp://127.0.0.1:${e2eSmtpPort(port)}`,
      NOTIFY_TO: 'office@tumaini.example',
      NOTIFY_FROM: 'Tumaini website <website@tumaini.example>',
      // Every simulated visitor comes from 127.0.0.1; the unit tests prove the real limit.
      TRACK_RATE_LIMIT_PER_MINUTE: '1000',
    },
  },
});
