/**
 * Paystack's signed webhooks and reconciliation on both databases: `charge.success` confirms a gift once with a
 * numbered receipt and its PDF; bad or replayed events change nothing; subscriptions keep a monthly gift's state;
 * reconciliation settles what no webhook did.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { reconcile } from '../../netlify/functions/_shared/gifts/reconcile.ts';
import { query } from '../../netlify/functions/_shared/platform/db.ts';
import { databases, rows } from '../support/databases.ts';
import { sendWebhook, sponsorForm } from '../support/payments.ts';
import { donateForm, gifts, receipts, startGift, useGiftLedger } from '../support/gift-ledger.ts';
import type { PaystackStandIn } from '../../support/stand-ins/paystack.ts';

describe.each(databases)('Paystack webhooks on $name', (database) => {
  const stand = useGiftLedger(database);
  let paystack: PaystackStandIn;
  beforeAll(() => {
    paystack = stand();
  });

  describe('webhook', () => {
    test('a signed charge.success confirms the gift with receipt 1, queued for the donor with its PDF to draw', async () => {
      const reference = await startGift();
      paystack.pay(reference);
      const body = paystack.chargeSuccess(reference);
      const res = await sendWebhook(body, paystack.sign(body));
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ outcome: 'confirmed' });
      expect(await gifts()).toMatchObject([{ state: 'confirmed', receipt_no: 1 }]);
      const [receipt] = await receipts();
      expect(receipt!.recipients).toBe('faith@example.org');
      expect(receipt!.subject).toBe("Your receipt R-000001 from Tumaini Children's Foundation");
      expect(receipt!.body).toContain('Amount: $50.00');
      expect(receipt!.body).toContain('Payment method: Card');
      expect(receipt!.body).toContain('Education (donation)');
      // The PDF is drawn when the email is sent, from the receipt the row describes.
      expect(receipt!.attachments).toEqual([]);
      expect(receipt!.complete).toMatchObject({
        kind: 'receipt_pdf',
        data: { receipt: { number: 1, amountSubunits: 5000, currency: 'USD', method: 'Card' } },
      });
    });

    test('refuses a wrong, missing or re-serialised signature with 401 and stores nothing', async () => {
      const reference = await startGift();
      paystack.pay(reference);
      const body = paystack.chargeSuccess(reference);
      const reserialised = JSON.stringify(JSON.parse(body), null, 2);
      for (const [text, signature] of [
        [body, null],
        [body, 'ab'.repeat(64)],
        [body, paystack.sign(body).slice(0, 127)],
        [reserialised, paystack.sign(body)],
        [body, paystack.sign(body).replace(/^./, (c) => (c === '0' ? '1' : '0'))],
      ] as const) {
        expect((await sendWebhook(text, signature)).status).toBe(401);
      }
      expect(await gifts()).toMatchObject([{ state: 'pending', receipt_no: null }]);
      expect(await rows(database, 'select 1 from payment_events')).toEqual([]);
    });

    test('malformed JSON gets a clear answer; a reference the site did not make becomes an unmatched gift', async () => {
      const reference = await startGift();
      const malformed = '{"event": "charge.success", ';
      expect((await sendWebhook(malformed, paystack.sign(malformed))).status).toBe(400);
      paystack.pay(reference);
      const unknown = paystack.chargeSuccess(reference).replace(reference, 'TCF-unknown');
      const res = await sendWebhook(unknown, paystack.sign(unknown));
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ outcome: 'unmatched' });
      expect(await gifts()).toMatchObject([
        { state: 'pending', reference },
        { state: 'unmatched', reference: 'TCF-unknown', receipt_no: null },
      ]);
      expect(await rows(database, 'select outcome from payment_events')).toEqual([{ outcome: 'unmatched' }]);
      expect(await receipts()).toEqual([]);
    });

    test('a signed event with a NUL, a reference Paystack would never make or an impossible date is a 400', async () => {
      const reference = await startGift();
      paystack.pay(reference);
      const event = JSON.parse(paystack.chargeSuccess(reference)) as { data: Record<string, unknown> };
      for (const data of [
        { reference: `${reference}\u0000` },
        { reference: `${reference}'; drop table gifts; --` },
        { reference: 'x'.repeat(101) },
        { paid_at: '2026-13-45T99:99:99.000Z' },
        { customer: { email: 'faith\u0000@example.org' } },
      ]) {
        const body = JSON.stringify({ ...event, data: { ...event.data, ...data } });
        const res = await sendWebhook(body, paystack.sign(body));
        expect(res.status, JSON.stringify(data)).toBe(400);
      }
      expect(await gifts()).toMatchObject([{ state: 'pending', receipt_no: null }]);
      expect(await rows(database, 'select 1 from payment_events')).toEqual([]);
    });

    test('an amount or currency that does not match is recorded and flagged, never confirmed', async () => {
      const first = await startGift();
      const second = await startGift(donateForm({ type: 'one-time', email: 'b@example.org' }));
      for (const [reference, change] of [
        [first, (data: Record<string, unknown>) => ({ ...data, amount: 500 })],
        [second, (data: Record<string, unknown>) => ({ ...data, currency: 'KES' })],
      ] as const) {
        paystack.pay(reference);
        const event = JSON.parse(paystack.chargeSuccess(reference)) as { data: Record<string, unknown> };
        const body = JSON.stringify({ ...event, data: change(event.data) });
        const res = await sendWebhook(body, paystack.sign(body));
        expect(await res.json()).toMatchObject({ outcome: 'flagged' });
      }
      const all = await gifts();
      expect(all.map((g) => g.state)).toEqual(['pending', 'pending']);
      expect(all[0]!.flag).toContain('Paystack charged $5.00');
      expect(all[1]!.flag).toContain('KES 50.00');
      expect(await receipts()).toEqual([]);
    });

    test('the same event replayed 100 times, 25 at once, leaves one confirmed gift and one receipt', async () => {
      const reference = await startGift();
      paystack.pay(reference);
      const body = paystack.chargeSuccess(reference);
      const signature = paystack.sign(body);
      for (let round = 0; round < 4; round += 1) {
        const answers = await Promise.all(Array.from({ length: 25 }, () => sendWebhook(body, signature)));
        expect(answers.map((res) => res.status)).toEqual(Array(25).fill(200));
      }
      expect(await gifts()).toMatchObject([{ state: 'confirmed', receipt_no: 1 }]);
      expect(await receipts()).toHaveLength(1);
      expect(await rows(database, 'select 1 from payment_events')).toHaveLength(1);
    });

    test('a confirmed sponsorship creates the sponsor record for the child', async () => {
      const reference = await startGift(sponsorForm());
      paystack.pay(reference);
      const body = paystack.chargeSuccess(reference);
      await sendWebhook(body, paystack.sign(body));
      const [gift] = await gifts();
      expect(
        await rows(
          database,
          'select child_id, sponsor_name, sponsor_email, amount_subunits, currency, frequency, state, gift_ref, created_by from sponsorships',
        ),
      ).toEqual([
        {
          child_id: 'amani',
          sponsor_name: 'Esther Achieng',
          sponsor_email: 'esther@example.org',
          amount_subunits: 4000,
          currency: 'USD',
          frequency: 'monthly',
          state: 'active',
          gift_ref: gift!.id,
          created_by: 'paystack',
        },
      ]);
    });

    test('subscription events keep the monthly gift active, failed or cancelled; later charges are renewals', async () => {
      const reference = await startGift(donateForm());
      const txn = paystack.pay(reference);
      const charge = paystack.chargeSuccess(reference);
      await sendWebhook(charge, paystack.sign(charge));
      const [{ plan_code: planCode }] = (await rows<{ plan_code: string }>(
        database,
        'select plan_code from gifts',
      )) as [{ plan_code: string }];
      const event = (name: string, data: unknown) => {
        const body = JSON.stringify({ event: name, data });
        return sendWebhook(body, paystack.sign(body));
      };
      const subscription = {
        subscription_code: 'SUB_vsyqdmlzble3uii',
        email_token: 'd7gofp6yppn3qz7',
        amount: 5000,
        status: 'active',
        plan: { plan_code: planCode, interval: 'monthly' },
        customer: { email: 'faith@example.org', customer_code: 'CUS_x' },
      };
      expect((await event('subscription.create', subscription)).status).toBe(200);
      const state = async () =>
        (
          await rows<{ s: string; c: string }>(
            database,
            'select subscription_state as s, subscription_code as c from gifts where parent_id is null',
          )
        )[0];
      expect(await state()).toEqual({ s: 'active', c: 'SUB_vsyqdmlzble3uii' });

      const { data } = JSON.parse(charge) as { data: Record<string, unknown> };
      const renewal = JSON.stringify({
        event: 'charge.success',
        data: { ...data, id: txn.id + 1, reference: 'auto-renew-1' },
      });
      expect(await (await sendWebhook(renewal, paystack.sign(renewal))).json()).toMatchObject({ outcome: 'renewal' });
      expect((await gifts()).map((g) => [g.state, g.receipt_no])).toEqual([
        ['confirmed', 1],
        ['confirmed', 2],
      ]);

      await event('invoice.payment_failed', {
        invoice_code: 'INV_1',
        subscription: { subscription_code: 'SUB_vsyqdmlzble3uii', status: 'attention' },
      });
      expect((await state())!.s).toBe('failed');
      await event('subscription.disable', { ...subscription, status: 'complete' });
      expect((await state())!.s).toBe('cancelled');
      const other = await event('subscription.disable', { ...subscription, subscription_code: 'SUB_other' });
      expect(other.status).toBe(200);
      expect(await other.json()).toEqual({ outcome: 'unmatched' });
    });
  });

  describe('reconciliation', () => {
    test('confirms paid gifts over an hour old, abandons unpaid ones after a day, leaves young ones alone', async () => {
      const paid = await startGift();
      const unpaid = await startGift(donateForm({ type: 'one-time', email: 'u@example.org' }));
      const young = await startGift(donateForm({ type: 'one-time', email: 'y@example.org' }));
      paystack.pay(paid);
      paystack.pay(young);
      await query("update gifts set ts = now() - interval '2 days' where reference in ($1, $2)", [paid, unpaid]);
      const report = await reconcile(new Date());
      expect(report).toMatchObject({ checked: 2, confirmed: 1, abandoned: 1 });
      const byRef = Object.fromEntries((await gifts()).map((g) => [g.reference, g.state]));
      expect(byRef).toEqual({ [paid]: 'confirmed', [unpaid]: 'abandoned', [young]: 'pending' });
      // An hour later on the injected clock the young one is checked too.
      expect(await reconcile(new Date(Date.now() + 61 * 60_000))).toMatchObject({ checked: 1, confirmed: 1 });
      expect(await receipts()).toHaveLength(2);
    });

    test('a webhook arriving while a verify runs for the same gift leaves exactly one confirmation', async () => {
      const reference = await startGift();
      paystack.pay(reference);
      await query("update gifts set ts = now() - interval '2 hours'");
      const body = paystack.chargeSuccess(reference);
      // Reconcile has picked the gift and is asking Paystack when both webhooks arrive; its answer comes meanwhile.
      const verify = paystack.holdVerify(reference);
      const reconciling = reconcile();
      await verify.requested;
      const webhooks = Promise.all([sendWebhook(body, paystack.sign(body)), sendWebhook(body, paystack.sign(body))]);
      verify.release();
      const [report] = await Promise.all([reconciling, webhooks]);
      expect(report.checked).toBe(1);
      expect(report.confirmed + report.unchanged).toBe(1);
      expect(await gifts()).toMatchObject([{ state: 'confirmed', receipt_no: 1 }]);
      expect(await receipts()).toHaveLength(1);
    });
  });

});
