/**
 * The gift ledger as staff see it, on both databases: lists, donor histories, totals, gifts staff record, yearly
 * statements and the receipt over real SMTP; and every confirmation of a sponsorship makes the child sponsored and
 * asks for one rebuild, whatever the path.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import mpesa from '../../netlify/functions/payments-mpesa.ts';
import adminGifts from '../../netlify/functions/admin-gifts.ts';
import { reconcile } from '../../netlify/functions/_shared/gifts/reconcile.ts';
import { deliverDue } from '../../netlify/functions/_shared/platform/outbox.ts';
import { GIFT_COMPLETERS } from '../../netlify/functions/_shared/gifts/gift-mail.ts';
import { query } from '../../netlify/functions/_shared/platform/db.ts';
import { databases, rows } from '../support/databases.ts';
import { call, staffToken } from '../support/admin.ts';
import { rebuilds, sendWebhook, sponsorForm, sponsorshipOf } from '../support/payments.ts';
import { startSmtpServer } from '../../support/stand-ins/smtp.ts';
import { donateForm, gifts, PATH_SECRET, PAYBILL, receipts, startGift, useGiftLedger } from '../support/gift-ledger.ts';
import type { PaystackStandIn } from '../../support/stand-ins/paystack.ts';

describe.each(databases)('gifts for staff on $name', (database) => {
  const stand = useGiftLedger(database);
  let paystack: PaystackStandIn;
  beforeAll(() => {
    paystack = stand();
  });

  describe('staff view', () => {
    test('lists gifts with cause, frequency, email and state; a donor history; totals', async () => {
      const reference = await startGift(donateForm());
      await startGift(donateForm({ type: 'one-time', email: 'other@example.org', cause: 'water' }));
      paystack.pay(reference, 'mobile_money');
      const body = paystack.chargeSuccess(reference);
      await sendWebhook(body, paystack.sign(body));
      const token = await staffToken();
      const list = (await (await call(adminGifts, 'GET', '/api/admin/gifts', { token })).json()) as {
        gifts: Record<string, unknown>[];
        eventsThrough: string;
      };
      // The confirmation's event is the newest: the live stream catches up from it (admin-resources.test.ts).
      const [newest] = await rows<{ id: string }>(database, `select max(id)::text as id from events`);
      expect(list.eventsThrough).toBe(newest?.id);
      expect(list.gifts.map((g) => [g['cause'], g['frequency'], g['donor_email'], g['state']])).toEqual([
        ['water', 'one-time', 'other@example.org', 'pending'],
        ['education', 'monthly', 'faith@example.org', 'confirmed'],
      ]);
      expect(list.gifts[1]!['provider_url']).toMatch(/^https:\/\/dashboard\.paystack\.com\/#\/transactions\/\d+$/);
      const history = (await (
        await call(adminGifts, 'GET', '/api/admin/gifts?email=FAITH@example.org', { token })
      ).json()) as { gifts: unknown[] };
      expect(history.gifts).toHaveLength(1);
      type Totals = { byCause: unknown[]; byMethod: unknown[] };
      const summary = (await (await call(adminGifts, 'GET', '/api/admin/gifts/summary', { token })).json()) as {
        connected: unknown;
        month: Totals;
        year: Totals;
      };
      expect(summary.connected).toEqual({ paystack: true, mpesa: true });
      expect(summary.month.byCause).toEqual([{ key: 'education', currency: 'USD', total: 5000, count: 1 }]);
      expect(summary.year.byMethod).toEqual([{ key: 'mpesa', currency: 'USD', total: 5000, count: 1 }]);
      expect((await call(adminGifts, 'GET', '/api/admin/gifts')).status).toBe(401);
      expect((await call(adminGifts, 'GET', '/api/admin/gifts?state=lost', { token })).status).toBe(400);
    });

    test('staff record a cash gift: confirmed, receipted, audited with who recorded it; bad input changes nothing', async () => {
      const token = await staffToken('wanjiru');
      for (const amount of [-5, '0x10', '5.005', 5.005, '1e3']) {
        const bad = await call(adminGifts, 'POST', '/api/admin/gifts', {
          token,
          json: { amount, currency: 'KES', method: 'cash' },
        });
        expect(bad.status, String(amount)).toBe(400);
      }
      const res = await call(adminGifts, 'POST', '/api/admin/gifts', {
        token,
        json: {
          amount: 2500,
          currency: 'KES',
          method: 'cash',
          cause: 'water',
          donorName: 'Mary',
          donorEmail: 'mary@example.org',
          receivedAt: '2026-11-20',
          note: 'Gala night',
        },
      });
      expect(res.status).toBe(201);
      const { gift } = (await res.json()) as { gift: Record<string, unknown> };
      expect(gift).toMatchObject({
        state: 'confirmed',
        recorded_by: 'staff:wanjiru',
        amount_subunits: 250000,
        receipt_no: 1,
        method: 'cash',
      });
      expect(
        await rows(database, "select payload->>'actor' as actor from events where type = 'admin.gifts.create'"),
      ).toEqual([{ actor: 'wanjiru' }]);
      expect((await receipts())[0]!.body).toContain('Payment method: Cash');
    });

    test('a yearly statement lists every confirmed gift of the donor that year at what was kept of it, with a PDF', async () => {
      const token = await staffToken();
      const ids: string[] = [];
      for (const amount of [10, 20, 50, 40]) {
        const res = await call(adminGifts, 'POST', '/api/admin/gifts', {
          token,
          json: { amount, currency: 'USD', method: 'bank_transfer', donorName: 'Mary', donorEmail: 'mary@example.org' },
        });
        ids.push(String(((await res.json()) as { gift: { id: string } }).gift.id));
      }
      const refund = (json: Record<string, unknown>) =>
        call(adminGifts, 'POST', '/api/admin/gifts/refund', { token, json });
      expect((await refund({ id: ids[2], reason: 'Paid twice by mistake', amount: 15 })).status).toBe(200);
      expect((await refund({ id: ids[3], reason: 'Cheque bounced' })).status).toBe(200);
      // The year as the gifts were confirmed in it: Nairobi's.
      const year = Number(new Intl.DateTimeFormat('en', { timeZone: 'Africa/Nairobi', year: 'numeric' }).format());
      const res = await call(adminGifts, 'POST', '/api/admin/gifts/statement', {
        token,
        json: { email: 'mary@example.org', year },
      });
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ sent: true, gifts: 3 });
      const [statement] = await rows<{ body: string; attachments: { filename: string }[] }>(
        database,
        "select body, attachments from notification_outbox where source = 'gift_statement'",
      );
      expect(statement!.body).toContain('$35.00 ($50.00 given, $15.00 refunded)');
      expect(statement!.body).not.toContain('$40.00');
      expect(statement!.body).toContain('Total: $65.00');
      expect(statement!.attachments[0]!.filename).toBe(`statement-${year}.pdf`);
      expect(
        (
          await call(adminGifts, 'POST', '/api/admin/gifts/statement', {
            token,
            json: { email: 'none@example.org', year },
          })
        ).status,
      ).toBe(404);
    });

    test('the receipt reaches a real SMTP server with the PDF attached', async () => {
      const smtp = await startSmtpServer();
      try {
        const reference = await startGift();
        paystack.pay(reference);
        const body = paystack.chargeSuccess(reference);
        await sendWebhook(body, paystack.sign(body));
        process.env['SMTP_URL'] = smtp.url;
        await deliverDue({ completers: GIFT_COMPLETERS });
        const mail = smtp.messages.find((message) => message.to.includes('faith@example.org'));
        expect(mail?.subject).toBe("Your receipt R-000001 from Tumaini Children's Foundation");
        expect(mail?.attachments[0]).toMatchObject({
          filename: 'receipt-R-000001.pdf',
          contentType: 'application/pdf',
        });
        expect(mail?.attachments[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
      } finally {
        delete process.env['SMTP_URL'];
        await smtp.close();
      }
    });
  });

  describe('a confirmed sponsorship makes the child sponsored and asks for one rebuild, on every path', () => {
    test('the Paystack webhook; a duplicate asks for nothing more', async () => {
      // No one has opened Children in /samu yet: the seed child gets its record when the gift is confirmed.
      expect(await rows(database, 'select 1 from children')).toEqual([]);
      const reference = await startGift(sponsorForm());
      paystack.pay(reference);
      const body = paystack.chargeSuccess(reference);
      expect(await (await sendWebhook(body, paystack.sign(body))).json()).toMatchObject({ outcome: 'confirmed' });
      expect(await rebuilds()).toEqual(['sponsorship started for child amani']);
      expect(await sponsorshipOf('amani')).toBe('sponsored');
      // The child's audit trail in /samu says why.
      expect(
        await rows(database, "select payload->>'change' as change from events where type = 'admin.children.update'"),
      ).toEqual([{ change: 'sponsored (confirmed gift through paystack)' }]);
      expect(await (await sendWebhook(body, paystack.sign(body))).json()).toMatchObject({ outcome: 'duplicate' });
      expect(await rebuilds()).toHaveLength(1);
    });

    test('reconciliation', async () => {
      expect(await sponsorshipOf('amani')).toBe('waiting');
      const reference = await startGift(sponsorForm());
      paystack.pay(reference);
      await query("update gifts set ts = now() - interval '2 hours'");
      expect(await reconcile()).toMatchObject({ checked: 1, confirmed: 1 });
      expect(await rebuilds()).toEqual(['sponsorship started for child amani']);
      expect(await sponsorshipOf('amani')).toBe('sponsored');
      expect(await reconcile()).toMatchObject({ checked: 0 });
      expect(await rebuilds()).toHaveLength(1);
    });

    test('M-Pesa sent to the Paybill with the child as the account is a gift, not a sponsorship: no rebuild', async () => {
      const callback = {
        TransactionType: 'Pay Bill',
        TransID: 'RKTQDM7W6T',
        TransTime: '20261125063845',
        TransAmount: '5400.00',
        BusinessShortCode: PAYBILL,
        BillRefNumber: 'AMANI',
        MSISDN: '2547 ***** 126',
        FirstName: 'John',
      };
      for (let i = 0; i < 2; i += 1) {
        const res = await call(mpesa, 'POST', `/api/payments/mpesa/c2b/${PATH_SECRET}`, {
          json: callback,
          params: { secret: PATH_SECRET },
        });
        expect(res.status).toBe(200);
      }
      expect(await rebuilds()).toEqual([]);
      expect(await sponsorshipOf('amani')).toBe('waiting');
    });

    test('a gift staff record for a child is a gift towards her care, not a sponsorship', async () => {
      const token = await staffToken('wanjiru');
      const gift = { amount: 5400, currency: 'KES', method: 'cash', childId: 'amani', donorName: 'Mary' };
      expect((await call(adminGifts, 'POST', '/api/admin/gifts', { token, json: gift })).status).toBe(201);
      expect(await rebuilds()).toEqual([]);
      expect(await sponsorshipOf('amani')).toBe('waiting');
      expect(await rows(database, "select created_by from sponsorships where state = 'active'")).toEqual([]);
    });

    test('a donation asks for no rebuild', async () => {
      const reference = await startGift();
      paystack.pay(reference);
      const body = paystack.chargeSuccess(reference);
      await sendWebhook(body, paystack.sign(body));
      expect(await gifts()).toMatchObject([{ state: 'confirmed' }]);
      expect(await rebuilds()).toEqual([]);
    });
  });

});
