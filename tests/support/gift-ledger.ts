/**
 * What the gift ledger's tests share: its Paybill and C2B path, the donate form as a browser posts it (and as the page
 * resends it), the ledger's rows and the donor emails it queued, a started gift, and the payment set-up of a describe
 * block over one database.
 */
import type { Context } from '@netlify/functions';
import { afterEach, beforeAll, beforeEach, expect } from 'vitest';
import checkout from '../../netlify/functions/payments-checkout.ts';
import { query } from '../../netlify/functions/_shared/platform/db.ts';
import { trackBodyFromForm } from '../../src/lib/forms.ts';
import { useJwtSecret } from './admin.ts';
import { context, useDatabase, type TestDatabase } from './databases.ts';
import { postCheckout } from './gifts.ts';
import type { PaystackStandIn } from '../../support/stand-ins/paystack.ts';
import { usePayments } from './payments.ts';

export const PAYBILL = '600100';
export const PATH_SECRET = 'c2b-path-secret-0123456789abcdef';

/** The donate form's fields as the browser posts them (JavaScript off: form-encoded, the typed amount wins). */
export function donateForm(overrides: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({
    form: 'donation_intent',
    type: 'monthly',
    cause: 'education',
    amount: '50',
    customAmount: '',
    paymentMethod: 'card',
    name: 'Faith Wanjiku',
    email: 'faith@example.org',
    phone: '',
    address: '',
    newsletter: 'on',
    website: '',
    ...overrides,
  });
}

/** A form as the page resends it once the connection returns: JSON with the submission's id. */
export function postJson(body: URLSearchParams, submissionId: string, ctx: Context = context('198.51.100.7')) {
  return checkout(
    new Request('http://localhost/api/payments/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...trackBodyFromForm(body), submissionId }),
    }),
    ctx,
  );
}

export const gifts = () =>
  query<{ id: string; state: string; reference: string; receipt_no: number | null; flag: string | null }>(
    'select id::text as id, state, reference, receipt_no::int as receipt_no, flag from gifts order by id',
  );
/** The refund emails queued for donors, oldest first. */
export const refundEmails = () =>
  query<{ recipients: string; subject: string; body: string }>(
    "select recipients, subject, body from notification_outbox where source = 'gift_refund' order by id",
  );

export const receipts = () =>
  query<{
    recipients: string;
    subject: string;
    body: string;
    attachments: { filename: string; content: string }[];
    complete: { kind: string; data: { receipt: Record<string, unknown> } } | null;
  }>(
    `select recipients, subject, body, attachments, complete from notification_outbox where source = 'gift_receipt'
     order by id`,
  );


  /** Starts a checkout and returns the gift's reference. */
export async function startGift(form: URLSearchParams = donateForm({ type: 'one-time' })): Promise<string> {
  const res = await postCheckout(form);
  expect(res.status).toBe(303);
  const [gift] = (await gifts()).slice(-1);
  return gift!.reference;
}

/**
 * The ledger over `database` for the enclosing describe block: its tables emptied before each test, the Paystack
 * stand-in started (its failure switch reset before each test) and the payment settings restored after each; returns
 * a getter for the stand-in.
 */
export function useGiftLedger(database: TestDatabase): () => PaystackStandIn {
  useDatabase(database);
  useJwtSecret();
  const stand = usePayments(database, { paybill: PAYBILL, pathSecret: PATH_SECRET });
  let paystack: PaystackStandIn;
  beforeAll(() => {
    paystack = stand();
  });
  beforeEach(() => {
    paystack.failInitialize = undefined;
  });
  afterEach(() => {
    process.env['PAYSTACK_SECRET_KEY'] = paystack.secretKey;
    for (const key of ['GIFT_MINIMUM_USD', 'GIFT_MINIMUM_KES', 'MPESA_MINIMUM_KES']) delete process.env[key];
  });
  return stand;
}
