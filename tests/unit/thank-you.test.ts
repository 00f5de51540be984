/**
 * The thank-you page Paystack sends donors back to, on both databases: confirmed once, still processing, not paid
 * (with a way to try again), or unknown; a forged reference asks Paystack nothing; limited per client.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import thankYou from '../../netlify/functions/thank-you.ts';
import { query } from '../../netlify/functions/_shared/platform/db.ts';
import { context, databases, rows, truncate, useDatabase } from '../support/databases.ts';
import { GIFT_TABLES, postCheckout } from '../support/gifts.ts';
import { donationForm } from '../support/payments.ts';
import { useEnv, useJwtSecret, usePaystack } from '../support/admin.ts';

const SITE = 'http://localhost:8888';

describe.each(databases)('the thank-you page on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  const standIn = usePaystack();
  useEnv({ SITE_URL: SITE, URL: undefined, SMTP_URL: undefined });
  beforeEach(async () => {
    await truncate(database, GIFT_TABLES);
    // Receipt numbers start again at 1, whatever the file's other tests confirmed before.
    await query('delete from receipt_counter');
  });

  /** A card checkout of $50 to Education by Faith; the gift's reference. */
  async function checkoutGift(): Promise<string> {
    const res = await postCheckout(donationForm());
    expect(res.status).toBe(303);
    const [gift] = await rows<{ reference: string }>(database, 'select reference from gifts');
    return gift!.reference;
  }

  const visit = (query: string, ip = '203.0.113.40') =>
    thankYou(new Request(`${SITE}/thank-you?${query}`), context(ip));

  const ledger = () =>
    rows<{ state: string; receipt_no: number | null; receipts: number; events: number }>(
      database,
      `select state, receipt_no::int as receipt_no,
         (select count(*)::int from notification_outbox where source = 'gift_receipt') as receipts,
         (select count(*)::int from payment_events) as events
       from gifts`,
    );

  test('checkout sends Paystack the thank-you page as callback_url', async () => {
    const reference = await checkoutGift();
    expect(standIn.current.transactions.get(reference)?.callback_url).toBe(`${SITE}/thank-you`);
  });

  test('still processing while Paystack has no payment; confirmed once it has, and a refresh confirms nothing twice', async () => {
    const reference = await checkoutGift();
    const waiting = await visit(`trxref=${reference}&reference=${reference}`);
    expect(waiting.status).toBe(200);
    const processing = await waiting.text();
    expect(processing).toContain('Your payment is being processed');
    expect(processing).toContain('$50.00');
    expect(await ledger()).toEqual([{ state: 'pending', receipt_no: null, receipts: 0, events: 0 }]);

    standIn.current.pay(reference);
    for (let visitNo = 0; visitNo < 3; visitNo += 1) {
      const res = await visit(`trxref=${reference}&reference=${reference}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('Thank you: your gift has arrived');
      expect(html).toContain('<strong>$50.00</strong>, a one-time Education (donation)');
      expect(html).toContain('Your receipt is on its way');
      expect(html).toContain(`href="${SITE}/my-giving/"`);
      // Nothing about who gave.
      expect(html).not.toContain('faith@example.org');
      expect(html).not.toContain('Faith');
    }
    expect(await ledger()).toEqual([{ state: 'confirmed', receipt_no: 1, receipts: 1, events: 1 }]);
    // The stand-in serves the whole block: only this gift's verifies count.
    expect(standIn.current.calls.filter((call) => call === `GET /transaction/verify/${reference}`)).toHaveLength(2);
  });

  test('not paid when Paystack says the payment failed, with a way to try again; the gift is left as it was', async () => {
    const reference = await checkoutGift();
    standIn.current.transactions.get(reference)!.status = 'failed';
    const res = await visit(`reference=${reference}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Your payment did not go through');
    expect(html).toContain('<a href="/donate/">Try again</a>');
    expect(await ledger()).toEqual([{ state: 'pending', receipt_no: null, receipts: 0, events: 0 }]);
  });

  test('a forged or malformed reference is a 404 that asks Paystack nothing and stores nothing', async () => {
    await checkoutGift();
    const before = standIn.current.calls.length;
    for (const query of [
      'reference=TCF-0000000000deadbeef00',
      'reference=%3Cscript%3E',
      '',
      'trxref=x%27%20or%201=1',
    ]) {
      const res = await visit(query);
      expect(res.status, query).toBe(404);
      expect(await res.text()).toContain('We cannot find this payment');
    }
    expect(standIn.current.calls.length).toBe(before);
    expect(await ledger()).toEqual([{ state: 'pending', receipt_no: null, receipts: 0, events: 0 }]);
  });

  test('is limited per client', async () => {
    for (let n = 0; n < 30; n += 1) expect((await visit('reference=nothing', '192.0.2.77')).status).toBe(404);
    expect((await visit('reference=nothing', '192.0.2.77')).status).toBe(429);
    expect((await visit('reference=nothing', '192.0.2.78')).status).toBe(404);
  });
});
