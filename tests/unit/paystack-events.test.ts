/**
 * Paystack's webhook against the samples Paystack publishes (tests/fixtures/paystack/, verbatim), on both databases:
 * every sample is answered 200 when signed (401 when not) and recorded once, whether or not it matches a gift; with
 * our references substituted each has its effect on the ledger (a first payment confirmed, a renewal recorded, a
 * charge the site did not start kept as an unmatched gift staff assign and receipt, subscriptions followed, refunds
 * in any of their states, disputes flagged), and a failed payment or an expiring card emails the donor Paystack's
 * manage link, which opens the stand-in's manage page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import webhook from '../../netlify/functions/payments-paystack.ts';
import adminGifts from '../../netlify/functions/admin-gifts.ts';
import { deliverDue } from '../../netlify/functions/_shared/platform/outbox.ts';
import { GIFT_COMPLETERS, MANAGE_LINK_PLACEHOLDER } from '../../netlify/functions/_shared/gifts/gift-mail.ts';
import { query } from '../../netlify/functions/_shared/platform/db.ts';
import { context, databases, rows, truncate, useDatabase } from '../support/databases.ts';
import { call, staffToken, useEnv, useJwtSecret } from '../support/admin.ts';
import { GIFT_TABLES, postCheckout } from '../support/gifts.ts';
import { startPaystack, type PaystackStandIn } from '../../support/stand-ins/paystack.ts';
import { startSmtpServer, type TestSmtpServer } from '../../support/stand-ins/smtp.ts';

const FIXTURES = new URL('../fixtures/paystack/', import.meta.url);

/** A published sample exactly as Paystack's documentation shows it. */
function sample(name: string): string {
  return readFileSync(new URL(`${name}.json`, FIXTURES), 'utf8');
}

/** The webhook samples (every fixture but the manage-link answer). */
const SAMPLES = readdirSync(FIXTURES)
  .filter((file) => file.endsWith('.json') && !file.endsWith('.response.json'))
  .map((file) => file.slice(0, -'.json'.length))
  .sort();

/** A sample with our references put in: `patch` changes its parsed `data` in place. */
function withOurs(name: string, patch: (data: Record<string, unknown>) => void): string {
  const event = JSON.parse(sample(name)) as { data: Record<string, unknown> };
  patch(event.data);
  return JSON.stringify(event);
}

/** A nested object of a sample's data, to patch. */
const at = (data: Record<string, unknown>, key: string) => data[key] as Record<string, unknown>;

describe.each(databases)('Paystack events on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  // Saved before and restored after the block; the stand-in's address and key are set once it has started.
  useEnv({
    PAYSTACK_SECRET_KEY: undefined,
    PAYSTACK_API_URL: undefined,
    SMTP_URL: undefined,
    BUILD_HOOK_DEBOUNCE_MS: '0',
  });
  let paystack: PaystackStandIn;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    paystack = await startPaystack();
    smtp = await startSmtpServer();
    process.env['PAYSTACK_SECRET_KEY'] = paystack.secretKey;
    process.env['PAYSTACK_API_URL'] = paystack.url;
  });
  afterAll(async () => {
    await paystack.close();
    await smtp.close();
  });
  beforeEach(async () => {
    await truncate(database, GIFT_TABLES);
    await query('delete from receipt_counter');
    smtp.messages.length = 0;
  });

  function send(body: string, signature: string | null = paystack.sign(body)): Promise<Response> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (signature !== null) headers['x-paystack-signature'] = signature;
    return webhook(
      new Request('http://localhost/api/payments/paystack', { method: 'POST', headers, body }),
      context('52.31.139.75'),
    );
  }

  async function answer(body: string): Promise<Record<string, unknown>> {
    const res = await send(body);
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  }

  const ledger = () =>
    rows<{
      id: string;
      state: string;
      reference: string;
      receipt_no: number | null;
      flag: string | null;
      note: string | null;
      subscription_state: string | null;
      refunded: number;
    }>(
      database,
      `select id::text as id, state, reference, receipt_no::int as receipt_no, flag, note, subscription_state,
         refunded_subunits::int as refunded from gifts order by id`,
    );
  const storedEvents = () =>
    rows<{ type: string; outcome: string }>(database, 'select type, outcome from payment_events order by id');
  const outbox = (source: string) =>
    rows<{ recipients: string; subject: string; body: string }>(
      database,
      'select recipients, subject, body from notification_outbox where source = $1 order by id',
      [source],
    );

  /** A donation paid by card through the site's checkout: its reference. */
  async function paidGift(type: 'one-time' | 'monthly', email = 'faith@example.org'): Promise<string> {
    const res = await postCheckout(
      new URLSearchParams({
        form: 'donation_intent',
        type,
        cause: 'education',
        amount: '50',
        customAmount: '',
        paymentMethod: 'card',
        name: 'Faith Wanjiku',
        email,
        phone: '',
        address: '',
        website: '',
      }),
    );
    expect(res.status).toBe(303);
    const [gift] = await rows<{ reference: string }>(database, 'select reference from gifts order by id desc limit 1');
    paystack.pay(gift!.reference);
    return gift!.reference;
  }

  /** A monthly card gift, confirmed, whose subscription Paystack made: its subscription code. */
  async function monthlyGift(email = 'faith@example.org'): Promise<{ reference: string; code: string }> {
    const reference = await paidGift('monthly', email);
    expect(await answer(paystack.chargeSuccess(reference))).toMatchObject({ outcome: 'confirmed' });
    const code = paystack.subscribe(reference);
    const plan = paystack.transactions.get(reference)!.plan as { plan_code: string };
    const created = withOurs('subscription.create', (data) => {
      data['subscription_code'] = code;
      at(data, 'plan')['plan_code'] = plan.plan_code;
      at(data, 'customer')['email'] = email;
    });
    expect(await answer(created)).toMatchObject({ outcome: 'updated' });
    return { reference, code };
  }

  test('every published sample is answered 200 when signed and recorded once; unsigned, 401 and nothing stored', async () => {
    expect(SAMPLES).toHaveLength(18);
    for (const name of SAMPLES) {
      const unsigned = await send(sample(name), null);
      expect(unsigned.status, name).toBe(401);
    }
    expect(await storedEvents()).toEqual([]);
    for (const name of SAMPLES) {
      const first = await send(sample(name));
      expect(first.status, name).toBe(200);
      const again = await send(sample(name));
      expect(again.status, name).toBe(200);
      const repeated = (await again.json()) as { outcome: string; cards?: { outcome: string }[] };
      expect(repeated.cards?.[0]?.outcome ?? repeated.outcome, name).toBe('duplicate');
    }
    // One row per sample (the expiring-cards sample lists one card), whatever it matched.
    const stored = await storedEvents();
    expect(stored).toHaveLength(SAMPLES.length);
    expect(new Set(stored.map((row) => row.type))).toEqual(
      new Set(SAMPLES.map((name) => (JSON.parse(sample(name)) as { event: string }).event)),
    );
    // No sample names a gift of ours: the charges are kept as unmatched gifts, the rest recorded as unmatched.
    expect(stored.filter((row) => row.outcome !== 'unmatched')).toEqual([]);
    expect((await ledger()).map((gift) => [gift.reference, gift.state, gift.receipt_no])).toEqual([
      ['qTPrJoy9Bx', 'unmatched', null],
      ['uybxnzf71231', 'unmatched', null],
      ['683e6787-7645-557a-a270-c9035c3a2b65', 'unmatched', null],
      ['T173424527684156', 'unmatched', null],
    ]);
    expect(await rows(database, 'select 1 from notification_outbox')).toEqual([]);
  });

  test('charge.success: a first payment is confirmed and receipted once; its PDF is drawn when the email is sent', async () => {
    const reference = await paidGift('one-time');
    const body = withOurs('charge.success', (data) => {
      data['reference'] = reference;
      data['amount'] = 5000;
      data['currency'] = 'USD';
      at(data, 'customer')['email'] = 'faith@example.org';
    });
    expect(await answer(body)).toMatchObject({ outcome: 'confirmed' });
    expect(await answer(body)).toEqual({ outcome: 'duplicate' });
    expect(await ledger()).toMatchObject([{ reference, state: 'confirmed', receipt_no: 1 }]);
    expect(
      await rows(
        database,
        "select attachments, complete->>'kind' as kind from notification_outbox where source = 'gift_receipt'",
      ),
    ).toEqual([{ attachments: [], kind: 'receipt_pdf' }]);
    process.env['SMTP_URL'] = smtp.url;
    try {
      // A sender without the receipt's completer leaves it to one that has it.
      expect(await deliverDue()).toMatchObject({ sent: 0 });
      expect(await deliverDue({ completers: GIFT_COMPLETERS })).toMatchObject({ sent: 1 });
    } finally {
      delete process.env['SMTP_URL'];
    }
    const [mail] = smtp.messages;
    expect(mail?.subject).toBe("Your receipt R-000001 from Tumaini Children's Foundation");
    expect(mail?.attachments[0]?.filename).toBe('receipt-R-000001.pdf');
    expect(mail?.attachments[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test("charge.success of a subscription: a renewal of the donor's monthly gift, receipted", async () => {
    const { reference } = await monthlyGift();
    const plan = paystack.transactions.get(reference)!.plan as { plan_code: string };
    await query(`update gifts set subscription_state = 'failed'`);
    const renewal = withOurs('charge.success-subscription', (data) => {
      data['amount'] = 5000;
      data['currency'] = 'USD';
      at(data, 'customer')['email'] = 'faith@example.org';
      at(data, 'plan')['plan_code'] = plan.plan_code;
    });
    expect(await answer(renewal)).toMatchObject({ outcome: 'renewal' });
    expect(
      (await ledger()).map((gift) => [gift.reference, gift.state, gift.receipt_no, gift.subscription_state]),
    ).toEqual([
      [reference, 'confirmed', 1, 'active'],
      ['683e6787-7645-557a-a270-c9035c3a2b65', 'confirmed', 2, null],
    ]);
    // The first payment and the renewal each paid one instalment of the commitment the checkout made.
    expect(
      await rows(
        database,
        `select g.reference from commitment_instalments i join gifts g on g.id = i.gift_id order by i.period`,
      ),
    ).toEqual([{ reference }, { reference: '683e6787-7645-557a-a270-c9035c3a2b65' }]);
  });

  test('charges the site did not start (Virtual Terminal, Pesalink) are unmatched gifts staff assign; then receipted', async () => {
    expect(await answer(sample('charge.success-virtual-terminal'))).toMatchObject({ outcome: 'unmatched' });
    expect(await answer(sample('charge.success-pesalink'))).toMatchObject({ outcome: 'unmatched' });
    const [terminal, pesalink] = await ledger();
    expect(terminal).toMatchObject({ state: 'unmatched', receipt_no: null });
    expect(terminal!.note).toContain("Paystack's Virtual Terminal (VT_68SBY77G)");
    expect(pesalink!.note).toContain('bank transfer');
    const listed = await call(adminGifts, 'GET', '/api/admin/gifts?state=unmatched', { token: await staffToken() });
    const { gifts } = (await listed.json()) as { gifts: Record<string, unknown>[] };
    expect(gifts.map((gift) => [gift['amount_subunits'], gift['currency'], gift['method']])).toEqual([
      [1000, 'KES', 'bank'],
      [10000, 'KES', 'card'],
    ]);
    // Nothing counts them until they are assigned.
    const summary = await call(adminGifts, 'GET', '/api/admin/gifts/summary', { token: await staffToken() });
    expect(((await summary.json()) as { year: { byCause: unknown[] } }).year.byCause).toEqual([]);

    const token = await staffToken('achieng');
    const assign = (json: Record<string, unknown>) =>
      call(adminGifts, 'POST', '/api/admin/gifts/assign', { token, json });
    expect((await assign({ id: terminal!.id, cause: 'water', childId: 'amani' })).status).toBe(400);
    expect((await assign({ id: terminal!.id, cause: 'nothing' })).status).toBe(400);
    expect((await assign({ id: terminal!.id, donorEmail: 'not an email' })).status).toBe(400);
    expect((await assign({ id: '999999' })).status).toBe(404);
    expect((await ledger())[0]).toMatchObject({ state: 'unmatched', receipt_no: null });

    const res = await assign({
      id: terminal!.id,
      cause: 'water',
      donorName: 'Grace Muthoni',
      donorEmail: 'grace@example.org',
      note: 'Gala night, table 4',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { gift: Record<string, unknown> }).gift).toMatchObject({
      state: 'confirmed',
      cause: 'water',
      donor_email: 'grace@example.org',
      receipt_no: 1,
    });
    expect((await assign({ id: terminal!.id, cause: 'water' })).status).toBe(409);
    expect(
      await rows(database, "select payload->>'actor' as actor from events where type = 'admin.gifts.assign'"),
    ).toEqual([{ actor: 'achieng' }]);
    const [receipt] = await outbox('gift_receipt');
    expect(receipt).toMatchObject({ recipients: 'grace@example.org' });
    expect(receipt!.body).toContain('Amount: KES 100.00');
    expect(receipt!.body).toContain('Water');
  });

  test('subscription.create, not_renew and disable follow the monthly gift and its commitment; unknown codes are recorded unmatched', async () => {
    const { code } = await monthlyGift();
    const state = async () => (await ledger())[0]!.subscription_state;
    const commitment = async () =>
      (
        await rows<{ subscription_code: string | null; state: string; stop_reason: string | null }>(
          database,
          'select subscription_code, state, stop_reason from commitments',
        )
      )[0];
    expect(await state()).toBe('active');
    // The commitment the checkout made learns the subscription, so Paystack's later events reach it.
    expect(await commitment()).toMatchObject({ subscription_code: code, state: 'active', stop_reason: null });
    const notRenew = withOurs('subscription.not_renew', (data) => {
      data['subscription_code'] = code;
    });
    expect(await answer(notRenew)).toMatchObject({ outcome: 'updated' });
    expect(await state()).toBe('cancelled');
    expect(await commitment()).toMatchObject({
      state: 'lapsed',
      stop_reason: 'Paystack reported subscription.not_renew: the card subscription will not renew.',
    });
    await query(`update gifts set subscription_state = 'active'`);
    const disable = withOurs('subscription.disable', (data) => {
      data['subscription_code'] = code;
    });
    expect(await answer(disable)).toMatchObject({ outcome: 'updated' });
    expect(await answer(disable)).toEqual({ outcome: 'duplicate' });
    expect(await state()).toBe('cancelled');
    expect(await answer(sample('subscription.disable'))).toEqual({ outcome: 'unmatched' });
  });

  test('invoice.create and invoice.update are recorded against the monthly gift and change nothing', async () => {
    const { code } = await monthlyGift();
    for (const name of ['invoice.create', 'invoice.update']) {
      const body = withOurs(name, (data) => {
        at(data, 'subscription')['subscription_code'] = code;
      });
      expect(await answer(body)).toMatchObject({ outcome: 'noted' });
      expect(await answer(body)).toEqual({ outcome: 'duplicate' });
    }
    expect((await ledger()).map((gift) => [gift.state, gift.subscription_state])).toEqual([['confirmed', 'active']]);
    expect(await outbox('gift_payment_failed')).toEqual([]);
  });

  test('invoice.payment_failed marks the monthly gift failed and emails the donor the manage link, once', async () => {
    const { code } = await monthlyGift();
    const failed = withOurs('invoice.payment_failed', (data) => {
      at(data, 'subscription')['subscription_code'] = code;
      data['amount'] = 5000;
    });
    expect(await answer(failed)).toMatchObject({ outcome: 'updated' });
    expect(await answer(failed)).toEqual({ outcome: 'duplicate' });
    expect((await ledger())[0]!.subscription_state).toBe('failed');
    const queued = await outbox('gift_payment_failed');
    expect(queued).toHaveLength(1);
    expect(queued[0]!.body).toContain(MANAGE_LINK_PLACEHOLDER);

    process.env['SMTP_URL'] = smtp.url;
    try {
      await deliverDue({ completers: GIFT_COMPLETERS });
    } finally {
      delete process.env['SMTP_URL'];
    }
    const mail = smtp.messages.find((message) => message.subject.includes('did not go through'));
    expect(mail?.to).toEqual(['faith@example.org']);
    expect(mail?.text).toContain("this month's payment of $50.00");
    expect(mail?.text).toContain('/my-giving');
    expect(mail?.text).not.toContain(MANAGE_LINK_PLACEHOLDER);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/manage\/subscriptions\/\S+)/.exec(mail?.text ?? '')?.[1];
    expect(link).toContain(`/manage/subscriptions/${code}?subscription_token=`);
    expect(paystack.calls).toContain(`GET /subscription/${code}/manage/link`);
    const page = await fetch(link!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Manage your subscription');
  });

  test('subscription.expiring_cards (a list) emails each donor whose card expires the manage link, once', async () => {
    const { code } = await monthlyGift();
    const expiring = withOurs('subscription.expiring_cards', (data) => {
      const [card] = data as unknown as { subscription: { subscription_code: string } }[];
      card!.subscription.subscription_code = code;
    });
    expect(await answer(expiring)).toEqual({ outcome: 'noted', cards: [{ outcome: 'emailed', giftId: '1' }] });
    expect(await answer(expiring)).toEqual({ outcome: 'noted', cards: [{ outcome: 'duplicate' }] });
    const [queued] = await outbox('gift_card_expiring');
    expect(queued).toMatchObject({ recipients: 'faith@example.org' });
    expect(queued!.body).toContain('visa ending with 4081, expires at the end of 12/2021');
    expect(await outbox('gift_card_expiring')).toHaveLength(1);
  });

  test('refund events: pending and processing noted, failed flagged, processed with its amount as a string refunded', async () => {
    const reference = await paidGift('one-time');
    await answer(paystack.chargeSuccess(reference));
    const ours = (name: string) =>
      withOurs(name, (data) => {
        data['transaction_reference'] = reference;
        data['currency'] = 'USD';
      });
    expect(await answer(ours('refund.pending'))).toMatchObject({ outcome: 'noted' });
    expect(await answer(ours('refund.processing'))).toMatchObject({ outcome: 'noted' });
    expect((await ledger())[0]).toMatchObject({ state: 'confirmed', refunded: 0, flag: null });
    expect(await answer(ours('refund.failed'))).toMatchObject({ outcome: 'flagged' });
    expect((await ledger())[0]!.flag).toContain('Paystack could not refund $200.00');
    // The published sample's amount is the string "5000": all of the $50.00 gift.
    expect(JSON.parse(sample('refund.processed'))).toMatchObject({ data: { amount: '5000' } });
    expect(await answer(ours('refund.processed'))).toMatchObject({ outcome: 'refunded' });
    expect(await answer(ours('refund.processed'))).toEqual({ outcome: 'duplicate' });
    expect((await ledger())[0]).toMatchObject({ state: 'refunded', refunded: 5000 });
    expect(await outbox('gift_refund')).toHaveLength(1);
  });

  test('charge.dispute.create, remind and resolve flag the gift for staff', async () => {
    const reference = await paidGift('one-time');
    await answer(paystack.chargeSuccess(reference));
    const ours = (name: string) =>
      withOurs(name, (data) => {
        at(data, 'transaction')['reference'] = reference;
      });
    expect(await answer(ours('charge.dispute.create'))).toMatchObject({ outcome: 'flagged' });
    expect((await ledger())[0]!.flag).toBe(
      "The donor's bank disputes this payment (Paystack dispute 358950 (chargeback)): answer it on Paystack by " +
        '25 November 2020.',
    );
    expect(await answer(ours('charge.dispute.create'))).toEqual({ outcome: 'duplicate' });
    expect(await answer(ours('charge.dispute.remind'))).toMatchObject({ outcome: 'flagged' });
    expect((await ledger())[0]!.flag).toMatch(/^Reminder: the donor's bank disputes/);
    expect(await answer(ours('charge.dispute.resolve'))).toMatchObject({ outcome: 'flagged' });
    expect((await ledger())[0]!.flag).toMatch(/^Paystack dispute 358949 \(chargeback\) was resolved: auto-accepted\./);
    expect((await ledger())[0]!.state).toBe('confirmed');
  });

  test('an event type the ledger has no use for is recorded once and answered 200; bad data for a known type is 400', async () => {
    const transfer = JSON.stringify({ event: 'transfer.success', data: { amount: 30000, reference: 'x' } });
    expect(await answer(transfer)).toEqual({ outcome: 'ignored' });
    expect(await answer(transfer)).toEqual({ outcome: 'duplicate' });
    const broken = JSON.stringify({ event: 'refund.processed', data: { amount: 'five', currency: 'USD' } });
    const res = await send(broken);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'Not a Paystack refund' });
    expect(await storedEvents()).toEqual([{ type: 'transfer.success', outcome: 'ignored' }]);
  });
});
