/**
 * A successful Paystack charge is answered as soon as it is stored, on both databases: "received", then settled after
 * the answer, each once, with its own receipt number, and its receipt sent; a repeat is "duplicate". A charge stored
 * by an instance that stopped before settling it is settled by the scheduled sweep once it is a minute old, and the
 * thank-you page's verify settles it first when it asks.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import webhook from '../../netlify/functions/payments-paystack.ts';
import reconcileJob from '../../netlify/functions/payments-reconcile.ts';
import { chargeEventKey, settlePaystackCharge } from '../../netlify/functions/_shared/gifts/paystack-charges.ts';
import { storeEvent } from '../../netlify/functions/_shared/gifts/payment-events.ts';
import { SWEEP_AFTER_MS, settleStoredEvents } from '../../netlify/functions/_shared/gifts/paystack-events.ts';
import type { PaystackTransaction } from '../../netlify/functions/_shared/gifts/paystack.ts';
import { query } from '../../netlify/functions/_shared/platform/db.ts';
import { context, databases, rows, useDatabase } from '../support/databases.ts';
import { postCheckout } from '../support/gifts.ts';
import type { PaystackStandIn } from '../../support/stand-ins/paystack.ts';
import { usePayments } from '../support/payments.ts';
import { startSmtpServer, type TestSmtpServer } from '../../support/stand-ins/smtp.ts';

describe.each(databases)('Paystack charges answered first on $name', (database) => {
  useDatabase(database);
  const standIn = usePayments(database, { paybill: '600100', pathSecret: 'answer-first-path-secret-0123' });
  let paystack: PaystackStandIn;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    paystack = standIn();
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());
  beforeEach(() => {
    smtp.messages.length = 0;
  });

  /** Work the platform keeps running after an answer (`context.waitUntil`), to wait for. */
  const after: Promise<unknown>[] = [];
  async function afterAnswers(): Promise<void> {
    while (after.length > 0) await Promise.all(after.splice(0));
  }

  /** Posts Paystack's signed `charge.success` of `reference` as the platform runs the webhook. */
  async function chargeSucceeded(reference: string): Promise<string> {
    const body = paystack.chargeSuccess(reference);
    const res = await webhook(
      new Request('http://localhost/api/payments/paystack', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': paystack.sign(body) },
        body,
      }),
      context('52.31.139.75', { waitUntil: (promise: Promise<unknown>) => void after.push(promise) }),
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as { outcome: string }).outcome;
  }

  /** Donations paid by card through the site's checkout: their references. */
  async function paidGifts(count: number): Promise<string[]> {
    const references: string[] = [];
    for (let i = 0; i < count; i++) {
      const res = await postCheckout(
        new URLSearchParams({
          form: 'donation_intent',
          type: 'one-time',
          cause: 'water',
          amount: '',
          customAmount: String(20 + i),
          paymentMethod: 'card',
          name: `Donor ${i}`,
          email: `donor-${i}@example.org`,
          phone: '',
          address: '',
          website: '',
        }),
      );
      expect(res.status).toBe(303);
      const [gift] = await rows<{ reference: string }>(
        database,
        'select reference from gifts order by id desc limit 1',
      );
      paystack.pay(gift!.reference);
      references.push(gift!.reference);
    }
    return references;
  }

  const ledger = () =>
    rows<{ state: string; receipt_no: number | null; receipts: number }>(
      database,
      `select state, receipt_no::int as receipt_no,
         (select count(*)::int from notification_outbox o where o.source = 'gift_receipt' and o.record_id = g.id::text)
           as receipts
       from gifts g order by receipt_no nulls last`,
    );
  const unsettled = async () => (await rows(database, 'select 1 from payment_events where payload is not null')).length;

  /** The stored charge of `reference` as an instance that stopped before settling it left it. */
  async function storedOnly(reference: string): Promise<PaystackTransaction> {
    const body = paystack.chargeSuccess(reference);
    const charge = (JSON.parse(body) as { data: PaystackTransaction }).data;
    expect(await storeEvent('paystack', chargeEventKey(charge), 'charge.success', body)).toBe(true);
    return charge;
  }

  test('charges are answered "received" as soon as they are stored, then each is confirmed, receipted and sent once', async () => {
    process.env['SMTP_URL'] = smtp.url;
    const references = await paidGifts(6);
    // All at once, the second one twice (Paystack retrying while its first call is under way).
    const outcomes = await Promise.all([...references, references[1]!].map(chargeSucceeded));
    expect(outcomes.toSorted()).toEqual([...Array<string>(1).fill('duplicate'), ...Array<string>(6).fill('received')]);

    await afterAnswers();
    expect(await ledger()).toEqual([1, 2, 3, 4, 5, 6].map((n) => ({ state: 'confirmed', receipt_no: n, receipts: 1 })));
    expect(await unsettled()).toBe(0);
    expect(await rows(database, 'select distinct outcome from payment_events')).toEqual([{ outcome: 'confirmed' }]);
    expect(
      smtp.messages
        .filter((mail) => mail.subject.startsWith('Your receipt'))
        .map((mail) => mail.to)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4, 5].map((i) => [`donor-${i}@example.org`]));
    expect(await chargeSucceeded(references[3]!)).toBe('duplicate');
  });

  test('a charge an instance stored and never settled is settled once by the sweep when a minute old; a repeat changes nothing', async () => {
    const [reference] = await paidGifts(1);
    await storedOnly(reference!);
    expect(await chargeSucceeded(reference!)).toBe('duplicate');
    await afterAnswers();
    expect(await ledger()).toEqual([{ state: 'pending', receipt_no: null, receipts: 0 }]);

    // Left to the instance that received it for a minute, then swept.
    expect(await settleStoredEvents(new Date())).toBe(0);
    expect(await settleStoredEvents(new Date(Date.now() + SWEEP_AFTER_MS + 1_000))).toBe(1);
    expect(await ledger()).toEqual([{ state: 'confirmed', receipt_no: 1, receipts: 1 }]);
    expect(await settleStoredEvents(new Date(Date.now() + SWEEP_AFTER_MS + 1_000))).toBe(0);
    expect(await unsettled()).toBe(0);
  });

  test('the scheduled payments job sweeps stored charges', async () => {
    const [reference] = await paidGifts(1);
    await storedOnly(reference!);
    await query(`update payment_events set ts = now() - interval '2 minutes'`);
    const res = await reconcileJob(new Request('http://localhost/.netlify/functions/payments-reconcile'), context());
    expect(await res.json()).toMatchObject({ stored: 1 });
    expect(await ledger()).toEqual([{ state: 'confirmed', receipt_no: 1, receipts: 1 }]);
  });

  test("the thank-you page's verify settles a stored charge itself, and the sweep then finds nothing", async () => {
    const [reference] = await paidGifts(1);
    const charge = await storedOnly(reference!);
    expect(await settlePaystackCharge(charge, 'verify')).toMatchObject({ outcome: 'confirmed' });
    expect(await settleStoredEvents(new Date(Date.now() + SWEEP_AFTER_MS + 1_000))).toBe(0);
    expect(await ledger()).toEqual([{ state: 'confirmed', receipt_no: 1, receipts: 1 }]);
  });
});
