/**
 * What the payment handler tests share: the Paystack stand-in and the M-Pesa settings for a describe block (the env
 * restored after it), the sponsor form as a browser posts it, a signed webhook's delivery, and what the
 * public site follows (rebuilds asked for, a child's sponsorship state as /samu shows it).
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import webhook from '../../netlify/functions/payments-paystack.ts';
import adminChildren from '../../netlify/functions/admin-children.ts';
import { query } from '../../netlify/functions/_shared/platform/db.ts';
import { call, staffToken } from './admin.ts';
import { context, truncate, type TestDatabase } from './databases.ts';
import { GIFT_TABLES } from './gifts.ts';
import { startPaystack, type PaystackStandIn } from '../../support/stand-ins/paystack.ts';

/** The env every payment test sets (saved and restored around the block). */
const PAYMENT_ENV = [
  'PAYSTACK_SECRET_KEY',
  'PAYSTACK_API_URL',
  'MPESA_PAYBILL',
  'MPESA_C2B_PATH_SECRET',
  'SMTP_URL',
  'NOTIFY_TO',
  'BUILD_HOOK_DEBOUNCE_MS',
  'NETLIFY_BUILD_HOOK_URL',
  'PAYPAL_URL',
  'GIFT_MINIMUM_USD',
  'GIFT_MINIMUM_KES',
  'MPESA_MINIMUM_KES',
  'JOBS_CLOCK_FROM_REQUEST',
] as const;

/**
 * Starts the Paystack stand-in and points the payment env at it and at `mpesa` for the enclosing describe block (no
 * SMTP, no build hook, builds asked for at once), and empties the ledger's tables of `database` and its receipt
 * counter before each test; returns a getter for the stand-in.
 */
export function usePayments(
  database: TestDatabase,
  mpesa: { paybill: string; pathSecret: string },
): () => PaystackStandIn {
  let paystack: PaystackStandIn | undefined;
  const saved: Record<string, string | undefined> = {};
  beforeEach(async () => {
    await truncate(database, GIFT_TABLES);
    await query('delete from receipt_counter');
  });
  beforeAll(async () => {
    paystack = await startPaystack();
    for (const key of PAYMENT_ENV) saved[key] = process.env[key];
    process.env['PAYSTACK_SECRET_KEY'] = paystack.secretKey;
    process.env['PAYSTACK_API_URL'] = paystack.url;
    process.env['MPESA_PAYBILL'] = mpesa.paybill;
    process.env['MPESA_C2B_PATH_SECRET'] = mpesa.pathSecret;
    process.env['BUILD_HOOK_DEBOUNCE_MS'] = '0';
    delete process.env['SMTP_URL'];
    delete process.env['NETLIFY_BUILD_HOOK_URL'];
  });
  afterAll(async () => {
    await paystack?.close();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });
  return () => {
    if (!paystack) throw new Error('usePayments: the stand-in starts in beforeAll');
    return paystack;
  };
}

/** The donate form's fields as the browser posts them: Faith's $50 card gift to Education, once. */
export function donationForm(overrides: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({
    form: 'donation_intent',
    type: 'one-time',
    cause: 'education',
    amount: '50',
    paymentMethod: 'card',
    name: 'Faith Wanjiku',
    email: 'faith@example.org',
    website: '',
    ...overrides,
  });
}

/** The sponsor form's fields as the browser posts them. */
export function sponsorForm(overrides: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({
    form: 'sponsorship_application',
    childId: 'amani',
    name: 'Esther Achieng',
    email: 'esther@example.org',
    sponsorshipType: 'full',
    paymentMethod: 'monthly',
    website: '',
    ...overrides,
  });
}

/** Delivers a Paystack webhook body with its signature header (none when null), from Paystack's address. */
export function sendWebhook(body: string, signature: string | null): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null) headers['x-paystack-signature'] = signature;
  return webhook(
    new Request('http://localhost/api/payments/paystack', { method: 'POST', headers, body }),
    context('52.31.139.75'),
  );
}

/** The site builds asked for, by reason. */
export async function rebuilds(): Promise<string[]> {
  return (
    await query<{ message: string }>("select message from site_builds where event = 'requested' order by id")
  ).map((row) => row.message);
}

/** A child's sponsorship state as /samu's Children tab shows it. */
export async function sponsorshipOf(slug: string): Promise<unknown> {
  const res = await call(adminChildren, 'GET', '/api/admin/children', { token: await staffToken() });
  const list = ((await res.json()) as { children: Record<string, unknown>[] }).children;
  return list.find((child) => child['slug'] === slug)?.['sponsorship_state'];
}
