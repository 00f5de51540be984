import {
  e2eAccountOwner,
  e2eAdmin,
  e2eApplicationsAdmin,
  e2eNotifiedAdmins,
  e2eSessionsOwner,
  e2eSmtpPort,
} from './admin.ts';

/** Port of the site under test; set E2E_PORT to run two suites side by side. */
export const e2ePort = Number(process.env['E2E_PORT'] ?? 8899);

/** Where the browser tests find the site. */
export const e2eBaseURL = `http://localhost:${e2ePort}`;

const dataDir = `.data/e2e-${e2ePort}`;

/** Port of the Paystack stand-in the whole run shares (tests/support/paystack.ts, started by ./global-setup.ts). */
export const e2ePaystackPort = e2ePort - 6300;

/** The secret key the e2e server signs Paystack calls with and checks webhooks against. */
export const E2E_PAYSTACK_SECRET = 'sk_test_e2e_0123456789abcdef0123456789abcdef';

/** The M-Pesa Paybill and C2B path secret of the e2e server. */
export const E2E_MPESA = { paybill: '600100', pathSecret: 'e2e-c2b-path-secret-0123456789abcdef' } as const;

/**
 * The site the browser tests run against: `npm start`'s server on its own port, with a fresh embedded database per
 * run (set E2E_DATABASE_URL to run against a PostgreSQL server instead) and its own staff accounts. Playwright starts
 * it (playwright.config.ts), unless `npm test` already has (scripts/test.ts).
 */
export const e2eServer = {
  command: `rm -rf ${dataDir} && node scripts/serve.ts`,
  url: `${e2eBaseURL}/`,
  env: {
    PORT: String(e2ePort),
    DATA_DIR: dataDir,
    DATABASE_URL: process.env['E2E_DATABASE_URL'] ?? '',
    ADMIN_USERNAME: e2eAdmin.username,
    ADMIN_PASSWORD: e2eAdmin.password,
    ADMIN_USERNAME_2: e2eNotifiedAdmins[0].username,
    ADMIN_PASSWORD_2: e2eNotifiedAdmins[0].password,
    ADMIN_USERNAME_3: e2eNotifiedAdmins[1].username,
    ADMIN_PASSWORD_3: e2eNotifiedAdmins[1].password,
    ADMIN_USERNAME_4: e2eAccountOwner.username,
    ADMIN_PASSWORD_4: e2eAccountOwner.password,
    ADMIN_USERNAME_5: e2eSessionsOwner.username,
    ADMIN_PASSWORD_5: e2eSessionsOwner.password,
    ADMIN_USERNAME_32: e2eApplicationsAdmin.username,
    ADMIN_PASSWORD_32: e2eApplicationsAdmin.password,
    // Every email goes to the run's real SMTP server (support/mail-sink.ts), which specs read with support/mailbox.ts.
    SMTP_URL: `smtp://127.0.0.1:${e2eSmtpPort(e2ePort)}`,
    NOTIFY_TO: 'office@tumaini.example',
    NOTIFY_FROM: 'Tumaini website <website@tumaini.example>',
    // Payments go to the Paystack stand-in (no PayPal link: the donate form offers card, M-Pesa and bank).
    PAYSTACK_SECRET_KEY: E2E_PAYSTACK_SECRET,
    PAYSTACK_API_URL: `http://127.0.0.1:${e2ePaystackPort}`,
    MPESA_PAYBILL: E2E_MPESA.paybill,
    MPESA_C2B_PATH_SECRET: E2E_MPESA.pathSecret,
    // Every simulated visitor comes from 127.0.0.1; the unit tests prove the real limit.
    TRACK_RATE_LIMIT_PER_MINUTE: '1000',
  },
};

/** Set by scripts/test.ts once it has started {@link e2eServer}: Playwright then uses that one. */
export const E2E_SERVER_STARTED = 'E2E_SERVER_STARTED';
