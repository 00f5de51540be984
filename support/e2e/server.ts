/**
 * Where the browser tests find what a run starts: the site under test and, beside it, the run's SMTP server and
 * Paystack stand-in. Every port is one the system picks (port 0), so runs side by side never share one:
 *
 * - the site's port is `E2E_PORT` when set, else a free one picked once by the process that loads this module first
 *   (`npm test`'s scripts/test.ts, or Playwright's runner loading playwright.config.ts) and written back to
 *   `E2E_PORT`, so every process started after it (the server, Playwright's workers, which load the config again)
 *   uses the same;
 * - the SMTP server and the Paystack stand-in listen on port 0 in the server's own process
 *   (tests/e2e/support/serve-e2e.ts), which writes their addresses to {@link e2eStandInsFile} before the site
 *   answers; specs read them from there.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../stand-ins/smtp.ts';
import {
  e2eAccountOwner,
  e2eAdmin,
  e2eApplicationsAdmin,
  e2eInboxOwner,
  e2eWeekOwner,
  e2eNotifiedAdmins,
  e2eSessionsOwner,
} from './accounts.ts';

process.env['E2E_PORT'] ||= String(await freePort());

/** Port of the site under test: `E2E_PORT`, or one the system picked for this run. */
export const e2ePort = Number(process.env['E2E_PORT']);

/** Where the browser tests find the site. */
export const e2eBaseURL = `http://localhost:${e2ePort}`;

/** Everything the run keeps on disk (emptied when its server starts): the site's data folder, the mail received. */
export const e2eRunDir = join('.data', `e2e-${e2ePort}`);

/**
 * Where the run's SMTP server (tests/e2e/support/mail-sink.ts) writes each message it accepts, read by
 * tests/e2e/support/mailbox.ts.
 */
export const e2eMailDir = join(e2eRunDir, 'mail');

/** The addresses of the run's SMTP server and Paystack stand-in, written by tests/e2e/support/serve-e2e.ts. */
export const e2eStandInsFile = join(e2eRunDir, 'stand-ins.json');

/** What {@link e2eStandInsFile} holds. */
export interface E2eStandIns {
  /** `smtp://127.0.0.1:<port>`: the site's `SMTP_URL`. */
  readonly smtpUrl: string;
  /** `http://127.0.0.1:<port>`: the site's `PAYSTACK_API_URL`. */
  readonly paystackUrl: string;
}

/**
 * The stand-ins' addresses. Playwright's workers start once the server answers, so there the file exists; the
 * runner also loads specs (to list them) before the server starts, and gets placeholders that no test uses.
 */
function readStandIns(): E2eStandIns {
  try {
    return JSON.parse(readFileSync(e2eStandInsFile, 'utf8')) as E2eStandIns;
  } catch (error) {
    if (process.env['TEST_WORKER_INDEX'] !== undefined) {
      throw new Error(`${e2eStandInsFile} is missing: the server under test was not started by serve-e2e.ts`, {
        cause: error,
      });
    }
    return { smtpUrl: 'smtp://127.0.0.1:0', paystackUrl: 'http://127.0.0.1:0' };
  }
}

const standIns = readStandIns();

/** The run's Paystack stand-in (../stand-ins/paystack.ts): `http://127.0.0.1:<port>`, checkout under `/checkout/`. */
export const e2ePaystackURL = standIns.paystackUrl;

/** Port of the run's Paystack stand-in ({@link e2ePaystackURL}). */
export const e2ePaystackPort = Number(new URL(e2ePaystackURL).port);

/** The run's SMTP server (tests/e2e/support/mail-sink.ts; specs read what it received with mailbox.ts). */
export const e2eSmtpURL = standIns.smtpUrl;

/** The secret key the e2e server signs Paystack calls with and checks webhooks against. */
export const E2E_PAYSTACK_SECRET = 'sk_test_e2e_0123456789abcdef0123456789abcdef';

/** The M-Pesa Paybill and C2B path secret of the e2e server. */
export const E2E_MPESA = { paybill: '600100', pathSecret: 'e2e-c2b-path-secret-0123456789abcdef' } as const;

/**
 * The site the browser tests run against: `npm start`'s server on its own port, with a fresh embedded database per
 * run (set E2E_DATABASE_URL to run against a PostgreSQL server instead) and its own staff accounts, started with its
 * SMTP server and Paystack stand-in by tests/e2e/support/serve-e2e.ts. Playwright starts it (playwright.config.ts),
 * unless `npm test` already has (scripts/test.ts).
 */
export const e2eServer = {
  command: 'node tests/e2e/support/serve-e2e.ts',
  url: `${e2eBaseURL}/`,
  env: {
    E2E_PORT: String(e2ePort),
    // The site's own address in the links it sends (netlify/functions/_shared/platform/outbox.ts).
    PORT: String(e2ePort),
    DATA_DIR: join(e2eRunDir, 'site'),
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
    ADMIN_USERNAME_42: e2eInboxOwner.username,
    ADMIN_PASSWORD_42: e2eInboxOwner.password,
    ADMIN_USERNAME_43: e2eWeekOwner.username,
    ADMIN_PASSWORD_43: e2eWeekOwner.password,
    // Every email goes to the run's SMTP server (SMTP_URL, set by serve-e2e.ts), which specs read with mailbox.ts.
    NOTIFY_TO: 'office@tumaini.example',
    NOTIFY_FROM: 'Tumaini website <website@tumaini.example>',
    // Payments go to the Paystack stand-in (PAYSTACK_API_URL, set by serve-e2e.ts; no PayPal link: the donate form
    // offers card, M-Pesa and bank).
    PAYSTACK_SECRET_KEY: E2E_PAYSTACK_SECRET,
    MPESA_PAYBILL: E2E_MPESA.paybill,
    MPESA_C2B_PATH_SECRET: E2E_MPESA.pathSecret,
    // The daily commitments job takes its clock from the test's call (netlify/functions/commitments-daily.ts), so a
    // month without payment is a named day, not a wait. Never set in production.
    JOBS_CLOCK_FROM_REQUEST: '1',
    // A spec playing a visitor on a network of their own names its address (X-Test-Client-Ip).
    CLIENT_FROM_TEST_HEADER: '1',
    // Every simulated visitor comes from 127.0.0.1; the unit tests prove the real limit.
    TRACK_RATE_LIMIT_PER_MINUTE: '1000',
  },
};

/** Set by scripts/test.ts once it has started {@link e2eServer}: Playwright then uses that one. */
export const E2E_SERVER_STARTED = 'E2E_SERVER_STARTED';
