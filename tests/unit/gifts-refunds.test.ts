/**
 * Refunds (Paystack's webhook and staff) and PayPal gifts, on both databases: refunded money leaves the totals;
 * PayPal gifts stay pending until staff confirm them from PayPal's notification.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import adminGifts from '../../netlify/functions/admin-gifts.ts';
import { copySeedChildren } from '../../netlify/functions/_shared/children/children.ts';
import { reconcile } from '../../netlify/functions/_shared/gifts/reconcile.ts';
import { query } from '../../netlify/functions/_shared/platform/db.ts';
import { databases, rows } from '../support/databases.ts';
import { call, staffToken } from '../support/admin.ts';
import { postCheckout } from '../support/gifts.ts';
import { sendWebhook, sponsorForm, sponsorshipOf } from '../support/payments.ts';
import { donateForm, gifts, receipts, refundEmails, startGift, useGiftLedger } from '../support/gift-ledger.ts';
import type { PaystackStandIn } from '../../support/stand-ins/paystack.ts';

describe.each(databases)('refunds and PayPal on $name', (database) => {
  const stand = useGiftLedger(database);
  let paystack: PaystackStandIn;
  beforeAll(() => {
    paystack = stand();
  });

  describe('refunds', () => {
    /** Paystack's refund webhook body, shaped as its documentation shows it. */
    const refundEvent = (
      reference: string,
      amount: number,
      refundReference: string,
      { event = 'refund.processed', currency = 'USD' } = {},
    ) =>
      JSON.stringify({
        event,
        data: {
          status: event.slice('refund.'.length),
          transaction_reference: reference,
          refund_reference: refundReference,
          amount,
          currency,
          processor: 'mpgs_zen',
          customer: { first_name: null, last_name: null, email: 'faith@example.org' },
          integration: 412829,
          domain: 'test',
        },
      });
    const sendRefund = (...args: Parameters<typeof refundEvent>) => {
      const body = refundEvent(...args);
      return sendWebhook(body, paystack.sign(body));
    };

    async function confirmedGift(form = donateForm({ type: 'one-time' })): Promise<string> {
      const reference = await startGift(form);
      paystack.pay(reference);
      const body = paystack.chargeSuccess(reference);
      await sendWebhook(body, paystack.sign(body));
      return reference;
    }

    const ledger = () =>
      rows<{ state: string; refunded: number; note: string | null }>(
        database,
        'select state, refunded_subunits::int as refunded, note from gifts order by id',
      );
    const yearTotal = async () => {
      const res = await call(adminGifts, 'GET', '/api/admin/gifts/summary', { token: await staffToken() });
      return ((await res.json()) as { year: { byCause: unknown[] } }).year.byCause;
    };

    test('a processed refund of the whole gift makes it refunded, once, and the totals leave it out', async () => {
      const reference = await confirmedGift();
      for (let i = 0; i < 3; i += 1) expect((await sendRefund(reference, 5000, '1320133183')).status).toBe(200);
      expect(await ledger()).toMatchObject([{ state: 'refunded', refunded: 5000 }]);
      expect((await ledger())[0]!.note).toContain('Paystack refunded $50.00 (refund 1320133183).');
      expect(await rows(database, "select outcome from payment_events where type = 'refund.processed'")).toEqual([
        { outcome: 'refunded' },
      ]);
      expect(await yearTotal()).toEqual([]);
      expect(await rows(database, "select 1 from events where type = 'gift.refunded'")).toHaveLength(1);
      // The donor hears of it once, however often Paystack repeats the event.
      const [email, ...more] = await refundEmails();
      expect(more).toEqual([]);
      expect(email!.recipients).toBe('faith@example.org');
      expect(email!.subject).toBe("Your refund of $50.00 from Tumaini Children's Foundation");
      expect(email!.body).toContain('We have refunded $50.00 of your gift of $50.00 (receipt ');
      expect(email!.body).toContain('All of the gift has been refunded, so it is not on your yearly statement.');
    });

    test('a fully refunded gift is never confirmed again: a later charge.success keeps it refunded, with its receipt', async () => {
      const reference = await confirmedGift();
      expect((await sendRefund(reference, 5000, '1320133183')).status).toBe(200);
      const [before] = await gifts();
      expect(before).toMatchObject({ state: 'refunded', receipt_no: 1 });
      // The same transaction reported again under another id.
      const event = JSON.parse(paystack.chargeSuccess(reference)) as { data: { id: number } };
      const again = JSON.stringify({ ...event, data: { ...event.data, id: event.data.id + 1 } });
      expect((await sendWebhook(again, paystack.sign(again))).status).toBe(200);
      expect(await gifts()).toEqual([before]);
      expect(await receipts()).toHaveLength(1);
      expect(await rows(database, "select 1 from events where type = 'gift.confirmed'")).toHaveLength(1);
    });

    test('partial refunds are recorded and counted out of the totals; the gift is refunded when all of it is', async () => {
      const reference = await confirmedGift();
      expect(await (await sendRefund(reference, 2000, 'R1')).json()).toMatchObject({ outcome: 'partly-refunded' });
      expect(await ledger()).toMatchObject([{ state: 'confirmed', refunded: 2000 }]);
      expect((await refundEmails()).map((email) => email.body)).toEqual([
        expect.stringContaining('We have refunded $20.00 of your gift of $50.00 (receipt R-000001, '),
      ]);
      expect((await refundEmails())[0]!.body).toContain(
        'Your gift now stands at $30.00, and your yearly statement counts that amount.',
      );
      expect(await yearTotal()).toEqual([{ key: 'education', currency: 'USD', total: 3000, count: 1 }]);
      expect(await (await sendRefund(reference, 3000, 'R2')).json()).toMatchObject({ outcome: 'refunded' });
      expect(await ledger()).toMatchObject([{ state: 'refunded', refunded: 5000 }]);
      expect(await refundEmails()).toHaveLength(2);
      expect((await refundEmails())[1]!.body).toContain('We have refunded $30.00 of your gift of $50.00');
    });

    test('pending, processing and failed refunds, unknown references and other currencies change no money', async () => {
      const reference = await confirmedGift();
      for (const [event, outcome] of [
        ['refund.pending', 'noted'],
        ['refund.processing', 'noted'],
        ['refund.failed', 'flagged'],
      ]) {
        const res = await sendRefund(reference, 5000, `R-${event}`, { event });
        expect(await res.json()).toMatchObject({ outcome });
      }
      const unknown = await sendRefund('TCF-unknown', 5000, 'R9');
      expect(await unknown.json()).toEqual({ outcome: 'unmatched' });
      const pending = await startGift(donateForm({ type: 'one-time', email: 'p@example.org' }));
      expect(await (await sendRefund(pending, 5000, 'R10')).json()).toEqual({ outcome: 'unmatched' });
      expect(await (await sendRefund(reference, 5000, 'R11', { currency: 'KES' })).json()).toMatchObject({
        outcome: 'flagged',
      });
      const all = await rows<{ state: string; refunded: number; flag: string | null }>(
        database,
        'select state, refunded_subunits::int as refunded, flag from gifts order by id',
      );
      expect(all.map((g) => [g.state, g.refunded])).toEqual([
        ['confirmed', 0],
        ['pending', 0],
      ]);
      expect(all[0]!.flag).toContain('Paystack refunded KES 50.00 of a gift in USD');
      expect(await refundEmails()).toEqual([]);
      const noKey = JSON.stringify({
        event: 'refund.processed',
        data: { transaction_reference: reference, amount: 5000, currency: 'USD' },
      });
      expect((await sendWebhook(noKey, paystack.sign(noKey))).status).toBe(400);
      const forged = refundEvent(reference, 5000, 'R12');
      expect((await sendWebhook(forged, 'ab'.repeat(64))).status).toBe(401);
      expect((await ledger())[0]!.refunded).toBe(0);
    });

    test('a refunded sponsorship keeps the sponsor until staff end it', async () => {
      await copySeedChildren();
      const reference = await confirmedGift(sponsorForm());
      await sendRefund(reference, 4000, 'R20');
      expect(await ledger()).toMatchObject([{ state: 'refunded' }]);
      expect((await ledger())[0]!.note).toContain('The sponsorship of amani stays until staff end it in Children.');
      expect(await rows(database, 'select state from sponsorships')).toEqual([{ state: 'active' }]);
      expect(await sponsorshipOf('amani')).toBe('sponsored');
    });

    test('staff mark a gift they recorded refunded, with a reason, audited; not a Paystack one', async () => {
      const token = await staffToken('wanjiru');
      const recorded = await call(adminGifts, 'POST', '/api/admin/gifts', {
        token,
        json: { amount: 2500, currency: 'KES', method: 'cheque', cause: 'water', donorName: 'Mary' },
      });
      const { gift } = (await recorded.json()) as { gift: { id: string } };
      const refund = (json: Record<string, unknown>) =>
        call(adminGifts, 'POST', '/api/admin/gifts/refund', { token, json });
      expect((await refund({ id: gift.id })).status).toBe(400);
      expect((await refund({ id: gift.id, reason: 'Cheque bounced', amount: 3000 })).status).toBe(400);
      expect((await refund({ id: '999999', reason: 'Cheque bounced' })).status).toBe(404);
      // Ids beyond bigint and loose amounts are malformed, not a database error.
      expect((await refund({ id: '9999999999999999999', reason: 'Cheque bounced' })).status).toBe(400);
      for (const amount of ['0x10', '5.005', 5.005]) {
        expect((await refund({ id: gift.id, reason: 'Cheque bounced', amount })).status).toBe(400);
      }
      const paystackGift = await confirmedGift();
      const [{ id: paystackId }] = (await rows<{ id: string }>(
        database,
        'select id::text as id from gifts where reference = $1',
        [paystackGift],
      )) as [{ id: string }];
      expect((await refund({ id: paystackId, reason: 'Asked by phone' })).status).toBe(409);

      const res = await refund({ id: gift.id, reason: 'Cheque bounced' });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { gift: Record<string, unknown> }).gift).toMatchObject({
        state: 'refunded',
        refunded_subunits: 250000,
      });
      // Mary left no address: no refund email.
      expect(await refundEmails()).toEqual([]);
      expect((await refund({ id: gift.id, reason: 'Again' })).status).toBe(409);
      expect(
        await rows(
          database,
          "select payload->>'actor' as actor, payload->>'reason' as reason from events where type = 'admin.gifts.refund'",
        ),
      ).toEqual([{ actor: 'wanjiru', reason: 'Cheque bounced' }]);
      expect((await call(adminGifts, 'POST', '/api/admin/gifts/refund', { json: { id: gift.id } })).status).toBe(401);
    });
  });

  describe('PayPal', () => {
    const LINK = 'https://www.paypal.com/donate/?hosted_button_id=TEST';
    beforeEach(() => {
      process.env['PAYPAL_URL'] = LINK;
    });
    afterEach(() => {
      delete process.env['PAYPAL_URL'];
    });

    test('stores a pending PayPal gift and sends the tab to the link with its reference as item_number', async () => {
      const res = await postCheckout(donateForm({ type: 'one-time', paymentMethod: 'paypal' }));
      expect(res.status).toBe(303);
      const [gift] = await rows<Record<string, unknown>>(
        database,
        'select reference, provider, method, state, amount_subunits::int as amount, currency from gifts',
      );
      expect(gift).toMatchObject({
        provider: 'paypal',
        method: 'paypal',
        state: 'pending',
        amount: 5000,
        currency: 'USD',
      });
      expect(res.headers.get('location')).toBe(`${LINK}&item_number=${String(gift!['reference'])}`);
      expect(paystack.transactions.has(String(gift!['reference']))).toBe(false);
      // Reconciliation asks Paystack only about its own gifts.
      await query("update gifts set ts = now() - interval '2 days'");
      expect(await reconcile()).toMatchObject({ checked: 0 });
    });

    test("staff confirm it from PayPal's notification: receipted once, audited, counted under PayPal", async () => {
      await postCheckout(donateForm({ type: 'one-time', paymentMethod: 'paypal' }));
      const [{ id }] = (await rows<{ id: string }>(database, 'select id::text as id from gifts')) as [{ id: string }];
      const token = await staffToken('wanjiru');
      const confirm = (json: Record<string, unknown>) =>
        call(adminGifts, 'POST', '/api/admin/gifts/confirm', { token, json });
      expect((await confirm({ id, transactionId: '<script>' })).status).toBe(400);
      expect((await confirm({ id: '999999', transactionId: '8MC585209K746392H' })).status).toBe(404);
      const res = await confirm({ id, transactionId: '8MC585209K746392H' });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { gift: Record<string, unknown> }).gift).toMatchObject({
        state: 'confirmed',
        provider_txn: '8MC585209K746392H',
        receipt_no: 1,
      });
      expect((await confirm({ id, transactionId: '8MC585209K746392H' })).status).toBe(409);
      const [receipt] = await receipts();
      expect(receipt!.recipients).toBe('faith@example.org');
      expect(receipt!.body).toContain('Payment method: PayPal');
      expect(await receipts()).toHaveLength(1);
      expect(
        await rows(database, "select payload->>'actor' as actor from events where type = 'admin.gifts.confirm'"),
      ).toEqual([{ actor: 'wanjiru' }]);
      const summary = (await (await call(adminGifts, 'GET', '/api/admin/gifts/summary', { token })).json()) as {
        month: { byMethod: unknown[] };
      };
      expect(summary.month.byMethod).toEqual([{ key: 'paypal', currency: 'USD', total: 5000, count: 1 }]);
      // A Paystack gift is confirmed by Paystack, never here.
      const reference = await startGift(donateForm({ type: 'one-time', email: 'card@example.org' }));
      const [{ id: cardId }] = (await rows<{ id: string }>(
        database,
        'select id::text as id from gifts where reference = $1',
        [reference],
      )) as [{ id: string }];
      expect((await confirm({ id: cardId, transactionId: '8MC585209K746392J' })).status).toBe(409);
    });

    test('a PayPal gift no one confirmed in 30 days is abandoned, and staff can still confirm it when the money comes', async () => {
      await postCheckout(donateForm({ type: 'one-time', paymentMethod: 'paypal' }));
      const [{ id }] = (await rows<{ id: string }>(database, 'select id::text as id from gifts')) as [{ id: string }];
      const days = (n: number) => new Date(Date.now() + n * 86_400_000);
      expect(await reconcile(days(29))).toMatchObject({ abandoned: 0 });
      expect(await rows(database, 'select state from gifts')).toEqual([{ state: 'pending' }]);
      expect(await reconcile(days(31))).toMatchObject({ abandoned: 1 });
      expect(await rows(database, 'select state, note from gifts')).toEqual([
        { state: 'abandoned', note: 'No PayPal payment confirmed within 30 days' },
      ]);
      expect(await reconcile(days(32))).toMatchObject({ abandoned: 0 });

      const token = await staffToken('wanjiru');
      const res = await call(adminGifts, 'POST', '/api/admin/gifts/confirm', {
        token,
        json: { id, transactionId: '8MC585209K746392H' },
      });
      expect(res.status).toBe(200);
      expect(await rows(database, 'select state, receipt_no::int as receipt_no from gifts')).toEqual([
        { state: 'confirmed', receipt_no: 1 },
      ]);
      expect(await receipts()).toHaveLength(1);
    });

    test('one PayPal transaction confirms one gift: the same id on a second gift is refused and it stays pending', async () => {
      await postCheckout(donateForm({ type: 'one-time', paymentMethod: 'paypal' }));
      await postCheckout(donateForm({ type: 'one-time', paymentMethod: 'paypal', email: 'second@example.org' }));
      const [first, second] = await rows<{ id: string; reference: string }>(
        database,
        'select id::text as id, reference from gifts order by id',
      );
      const token = await staffToken('wanjiru');
      const confirm = (json: Record<string, unknown>) =>
        call(adminGifts, 'POST', '/api/admin/gifts/confirm', { token, json });
      // Two staff confirming both gifts with it at the same moment: one is confirmed, the other refused.
      const answers = await Promise.all(
        [first!, second!].map((gift) => confirm({ id: gift.id, transactionId: '8MC585209K746392H' })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const [paid, unpaid] = answers[0]!.status === 200 ? [first!, second!] : [second!, first!];

      // Typed in small letters it is still the same PayPal payment.
      const res = await confirm({ id: unpaid.id, transactionId: '8mc585209k746392h' });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({
        issues: [
          {
            path: 'transactionId',
            message: `PayPal transaction 8MC585209K746392H is already on gift ${paid.reference}`,
          },
        ],
      });
      expect(await rows(database, 'select state, receipt_no from gifts where id = $1', [unpaid.id])).toEqual([
        { state: 'pending', receipt_no: null },
      ]);
      expect(await receipts()).toHaveLength(1);

      // Even written past the check (two staff at the same moment), the database keeps one gift per transaction.
      await expect(
        query("update gifts set provider_txn = '8MC585209K746392H' where id = $1", [unpaid.id]),
      ).rejects.toMatchObject({ code: '23505', constraint: 'gifts_paypal_transaction_key' });
    });
  });
});
