/**
 * The gift ledger (issue 29) on both databases, against the Paystack stand-in (support/stand-ins/paystack.ts): checkout
 * makes a pending gift and sends the tab to the provider; a signed `charge.success` confirms it once with a
 * numbered receipt and its PDF; bad or replayed webhooks change nothing; subscriptions keep a monthly gift's state;
 * reconciliation settles what no webhook did; M-Pesa C2B confirmations; staff-recorded gifts, totals and statements;
 * every confirmation of a sponsorship makes the child sponsored and asks for one rebuild; refunds (Paystack's webhook
 * and staff); PayPal gifts pending until staff confirm them.
 */
import type { Context } from '@netlify/functions';
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import checkout from '../../netlify/functions/payments-checkout.ts';
import mpesa from '../../netlify/functions/payments-mpesa.ts';
import adminGifts from '../../netlify/functions/admin-gifts.ts';
import { copySeedChildren } from '../../netlify/functions/_shared/children/children.ts';
import { reconcile } from '../../netlify/functions/_shared/gifts/reconcile.ts';
import { deliverDue } from '../../netlify/functions/_shared/platform/outbox.ts';
import { GIFT_COMPLETERS } from '../../netlify/functions/_shared/gifts/gift-mail.ts';
import { query } from '../../netlify/functions/_shared/platform/db.ts';
import { context, databases, rows, useDatabase } from '../support/databases.ts';
import { call, staffToken, useJwtSecret } from '../support/admin.ts';
import { postCheckout } from '../support/gifts.ts';
import type { PaystackStandIn } from '../../support/stand-ins/paystack.ts';
import { rebuilds, sendWebhook, sponsorForm, sponsorshipOf, usePayments } from '../support/payments.ts';
import { LANGUAGE_FIELD } from '../../src/lib/forms.ts';
import { startSmtpServer } from '../../support/stand-ins/smtp.ts';
import { trackBodyFromForm } from '../../src/lib/forms.ts';

const PAYBILL = '600100';
const PATH_SECRET = 'c2b-path-secret-0123456789abcdef';

/** The donate form's fields as the browser posts them (JavaScript off: form-encoded, the typed amount wins). */
function donateForm(overrides: Record<string, string> = {}): URLSearchParams {
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
function postJson(body: URLSearchParams, submissionId: string, ctx: Context = context('198.51.100.7')) {
  return checkout(
    new Request('http://localhost/api/payments/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...trackBodyFromForm(body), submissionId }),
    }),
    ctx,
  );
}

const gifts = () =>
  query<{ id: string; state: string; reference: string; receipt_no: number | null; flag: string | null }>(
    'select id::text as id, state, reference, receipt_no::int as receipt_no, flag from gifts order by id',
  );
/** The refund emails queued for donors, oldest first. */
const refundEmails = () =>
  query<{ recipients: string; subject: string; body: string }>(
    "select recipients, subject, body from notification_outbox where source = 'gift_refund' order by id",
  );

const receipts = () =>
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

describe.each(databases)('gifts on $name', (database) => {
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

  /** Starts a checkout and returns the gift's reference. */
  async function startGift(form: URLSearchParams = donateForm({ type: 'one-time' })): Promise<string> {
    const res = await postCheckout(form);
    expect(res.status).toBe(303);
    const [gift] = (await gifts()).slice(-1);
    return gift!.reference;
  }

  describe('checkout', () => {
    test('stores a pending gift and sends the tab to the checkout Paystack made for its reference', async () => {
      const res = await postCheckout(donateForm({ type: 'one-time' }));
      expect(res.status).toBe(303);
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      const [gift] = await rows<Record<string, unknown>>(
        database,
        `select reference, state, kind, frequency, cause, amount_subunits::int as amount, currency, method,
           donor_email, checkout_url from gifts`,
      );
      expect(gift).toMatchObject({
        state: 'pending',
        kind: 'donation',
        frequency: 'one-time',
        cause: 'education',
        amount: 5000,
        currency: 'USD',
        method: 'card',
        donor_email: 'faith@example.org',
      });
      const txn = paystack.transactions.get(String(gift!['reference']));
      expect(txn).toMatchObject({ amount: 5000, currency: 'USD', channels: ['card'] });
      expect(res.headers.get('location')).toBe(`${paystack.url}/checkout/${txn!.access_code}`);
      expect(gift!['checkout_url']).toBe(res.headers.get('location'));
      const events = await rows<{ type: string }>(database, 'select type from events order by id');
      expect(events.map((e) => e.type)).toEqual(['donation_intent', 'gift.pending']);
      const staff = await rows(database, "select 1 from notification_outbox where kind = 'submission'");
      expect(staff).toHaveLength(1);
    });

    test('charges M-Pesa in shillings at 135 per dollar, on the mobile money channel', async () => {
      await postCheckout(donateForm({ type: 'one-time', amount: '', customAmount: '12.5', paymentMethod: 'mpesa' }));
      const [gift] = await rows<{ amount: number; currency: string; reference: string }>(
        database,
        'select amount_subunits::int as amount, currency, reference from gifts',
      );
      expect(gift).toMatchObject({ amount: 168750, currency: 'KES' });
      expect(paystack.transactions.get(gift!.reference)).toMatchObject({ amount: 168750, channels: ['mobile_money'] });
    });

    test('a monthly gift checks out on a plan of its amount, made once', async () => {
      const before = paystack.plans.length;
      await postCheckout(donateForm());
      await postCheckout(donateForm({ email: 'second@example.org' }));
      const made = paystack.plans.slice(before);
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ amount: 5000, currency: 'USD', interval: 'monthly' });
      const planCodes = await rows<{ plan_code: string }>(database, 'select plan_code from gifts');
      expect(planCodes).toEqual([{ plan_code: made[0]!.plan_code }, { plan_code: made[0]!.plan_code }]);
    });

    test("a sponsorship is the child's monthly need in dollars", async () => {
      await postCheckout(sponsorForm());
      const [gift] = await rows(
        database,
        'select kind, child_id, frequency, amount_subunits::int as amount from gifts',
      );
      // Amani needs KES 5,400 a month: $40.
      expect(gift).toEqual({ kind: 'sponsorship', child_id: 'amani', frequency: 'monthly', amount: 4000 });
    });

    test('a child staff added in /samu can be sponsored; one who left the programme or is a draft cannot', async () => {
      await rows(
        database,
        `insert into children (slug, name, age, monthly_need, status, programme) values
           ('baraka', 'Baraka', 8, 6750, 'published', 'in'),
           ('zawadi', 'Zawadi', 10, 5400, 'published', 'left'),
           ('imani', 'Imani', 7, 5400, 'draft', 'in')`,
      );
      expect((await postCheckout(sponsorForm({ childId: 'baraka' }))).status).toBe(303);
      for (const childId of ['zawadi', 'imani'])
        expect((await postCheckout(sponsorForm({ childId }))).status).toBe(400);
      // Baraka needs KES 6,750 a month: $50.
      expect(await rows(database, 'select child_id, amount_subunits::int as amount from gifts')).toEqual([
        { child_id: 'baraka', amount: 5000 },
      ]);
    });

    test('bad input gets the form back with what to fix, and nothing is stored', async () => {
      for (const form of [
        donateForm({ amount: '2' }),
        donateForm({ email: 'not-an-email' }),
        donateForm({ cause: 'yachts' }),
        sponsorForm({ childId: 'nobody' }),
        new URLSearchParams({ form: 'contact_submit', name: 'x' }),
      ]) {
        const res = await postCheckout(form);
        expect(res.status).toBe(400);
        expect(res.headers.get('content-type')).toContain('text/html');
      }
      const json = await checkout(
        new Request('http://localhost/api/payments/checkout', {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: '{}',
        }),
        context(),
      );
      expect(json.status).toBe(415);
      expect((await checkout(new Request('http://localhost/api/payments/checkout'), context())).status).toBe(405);
      expect(await gifts()).toEqual([]);
      expect(await rows(database, 'select 1 from events')).toEqual([]);
    });

    test('PayPal without a configured link is refused and stores nothing', async () => {
      expect((await postCheckout(donateForm({ paymentMethod: 'paypal' }))).status).toBe(400);
      expect(await gifts()).toEqual([]);
    });

    test('when Paystack refuses, the visitor is told and the gift is marked failed', async () => {
      paystack.failInitialize = 503;
      const res = await postCheckout(donateForm({ type: 'one-time' }));
      expect(res.status).toBe(502);
      expect(await res.text()).toContain('Nothing was charged');
      expect((await gifts()).map((g) => g.state)).toEqual(['failed']);
    });

    test('the same submission sent 10 times at once makes one gift, and every answer is its one Paystack checkout', async () => {
      const id = '5f0c1a52-9d1b-4c8e-9a53-2b1c0e0f6a11';
      const form = donateForm({ type: 'one-time', submissionId: id });
      const callsBefore = paystack.calls.length;
      // The new tab's own post and the page's resends, all arriving together.
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          i % 2 === 0 ? postCheckout(form, context('198.51.100.9')) : postJson(form, id),
        ),
      );
      const locations = await Promise.all(
        answers.map(async (res) =>
          res.status === 303
            ? res.headers.get('location')
            : ((await res.json()) as { checkoutUrl?: string }).checkoutUrl,
        ),
      );
      expect(answers.map((res) => res.status)).toEqual(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? 303 : 201)));
      const [gift, ...more] = await rows<{ reference: string; checkout_url: string }>(
        database,
        'select reference, checkout_url from gifts',
      );
      expect(more).toEqual([]);
      const txn = paystack.transactions.get(gift!.reference);
      expect(locations).toEqual(Array.from({ length: 10 }, () => `${paystack.url}/checkout/${txn!.access_code}`));
      expect(gift!.checkout_url).toBe(locations[0]);
      const initialized = paystack.calls.slice(callsBefore).filter((call) => call === 'POST /transaction/initialize');
      expect(initialized).toHaveLength(1);
      expect(await rows(database, "select 1 from events where type = 'donation_intent'")).toHaveLength(1);
    });

    test('a gift whose checkout address was never saved gets a working checkout when its form is resent', async () => {
      const checkoutPage = async (res: Response) => {
        const location = ((await res.json()) as { checkoutUrl: string }).checkoutUrl;
        expect(location.startsWith(`${paystack.url}/checkout/`)).toBe(true);
        const page = await fetch(location);
        expect(page.status).toBe(200);
        return { location, reference: /<p id="reference">([^<]+)</.exec(await page.text())?.[1] ?? '' };
      };
      // Stopped before Paystack was asked: the same reference is asked for again.
      const first = 'aaaaaaaa-0000-4000-8000-000000000001';
      expect((await postJson(donateForm({ type: 'one-time' }), first)).status).toBe(201);
      const [before] = await rows<{ reference: string }>(database, 'select reference from gifts');
      paystack.transactions.delete(before!.reference);
      await rows(database, 'update gifts set checkout_url = null');
      const again = await checkoutPage(await postJson(donateForm({ type: 'one-time' }), first));
      expect(again.reference).toBe(before!.reference);
      expect(await rows(database, 'select checkout_url from gifts')).toEqual([{ checkout_url: again.location }]);

      // Stopped after Paystack made the checkout: Paystack refuses its reference twice, so the gift takes a new one.
      const second = 'aaaaaaaa-0000-4000-8000-000000000002';
      expect((await postJson(donateForm({ type: 'one-time' }), second)).status).toBe(201);
      const latest = 'select reference, checkout_url, state from gifts where id = (select max(id) from gifts)';
      const [lost] = await rows<{ reference: string }>(database, latest);
      await rows(database, 'update gifts set checkout_url = null where reference = $1', [lost!.reference]);
      const retried = await checkoutPage(await postJson(donateForm({ type: 'one-time' }), second));
      expect(retried.reference).not.toBe(lost!.reference);
      expect(await rows(database, 'select 1 from gifts')).toHaveLength(2);
      expect(await rows(database, latest)).toEqual([
        { reference: retried.reference, checkout_url: retried.location, state: 'pending' },
      ]);
      // A third resend finds the saved address, and paying there confirms the one gift.
      const third = (await (await postJson(donateForm({ type: 'one-time' }), second)).json()) as {
        checkoutUrl: string;
      };
      expect(third.checkoutUrl).toBe(retried.location);
      paystack.pay(retried.reference);
      const body = paystack.chargeSuccess(retried.reference);
      expect((await sendWebhook(body, paystack.sign(body))).status).toBe(200);
      expect((await gifts()).map((g) => g.state)).toEqual(['pending', 'confirmed']);
    });

    test('a resend after Paystack refused the first checkout tries again', async () => {
      const id = 'bbbbbbbb-0000-4000-8000-000000000001';
      paystack.failInitialize = 503;
      expect((await postJson(donateForm({ type: 'one-time' }), id)).status).toBe(502);
      expect((await gifts()).map((g) => g.state)).toEqual(['failed']);
      paystack.failInitialize = undefined;
      const res = await postJson(donateForm({ type: 'one-time' }), id);
      expect(res.status).toBe(201);
      expect(((await res.json()) as { checkoutUrl: string }).checkoutUrl).toMatch(`${paystack.url}/checkout/`);
      expect(await rows(database, 'select state, note from gifts')).toEqual([{ state: 'pending', note: null }]);
    });

    test('20 monthly checkouts of one amount at once make one Paystack plan', async () => {
      const before = paystack.plans.length;
      const client = context('198.51.100.20');
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => postCheckout(donateForm({ email: `monthly${i}@example.org` }), client)),
      );
      expect(answers.map((res) => res.status)).toEqual(Array.from({ length: 20 }, () => 303));
      const made = paystack.plans.slice(before);
      expect(made).toHaveLength(1);
      const codes = await rows<{ plan_code: string }>(database, 'select distinct plan_code from gifts');
      expect(codes).toEqual([{ plan_code: made[0]!.plan_code }]);
      expect(await rows(database, 'select plan_code from paystack_plans')).toEqual([{ plan_code: made[0]!.plan_code }]);
    });

    test('a child who has a sponsor cannot be checked out again: nothing is charged, a waiting child is offered', async () => {
      await copySeedChildren();
      await rows(
        database,
        `insert into sponsorships (child_id, sponsor_name, amount_subunits, currency, frequency, created_by)
         values ('amani', 'Earlier Sponsor', 4000, 'USD', 'monthly', 'staff:test')`,
      );
      const [waiting] = await rows<{ slug: string; name: string }>(
        database,
        `select slug, name from children where slug <> 'amani' order by position, id limit 1`,
      );
      const callsBefore = paystack.calls.length;
      const page = await postCheckout(sponsorForm());
      expect(page.status).toBe(409);
      expect(page.headers.get('content-type')).toContain('text/html');
      const html = await page.text();
      expect(html).toContain('Amani already has a sponsor');
      expect(html).toContain('nothing was charged');
      expect(html).toContain(`href="/sponsor?child=${waiting!.slug}#child-${waiting!.slug}"`);
      expect(html).toContain('href="/sponsor/"');

      const resent = await postJson(sponsorForm(), 'cccccccc-0000-4000-8000-000000000001');
      expect(resent.status).toBe(409);
      const refusal = (await resent.json()) as { issues: { path: string; message: string }[]; waitingChild: unknown };
      expect(refusal.issues).toEqual([
        {
          path: 'payload.childId',
          message: `Amani already has a sponsor. ${waiting!.name} is still waiting: choose ${waiting!.name} on the sponsor page.`,
        },
      ]);
      expect(refusal.waitingChild).toEqual({
        id: waiting!.slug,
        name: waiting!.name,
        url: `/sponsor?child=${waiting!.slug}#child-${waiting!.slug}`,
      });
      expect(await gifts()).toEqual([]);
      expect(paystack.calls.slice(callsBefore)).toEqual([]);

      // From the Kiswahili sponsor page, the same answer in Kiswahili, its links to the Kiswahili sponsor page.
      const swahili = await postCheckout(sponsorForm({ [LANGUAGE_FIELD]: 'sw' }));
      expect(swahili.status).toBe(409);
      const swHtml = await swahili.text();
      expect(swHtml).toContain('Amani tayari ana mfadhili');
      expect(swHtml).toContain('hakuna pesa iliyotozwa');
      expect(swHtml).toContain(`href="/sw/sponsor?child=${waiting!.slug}#child-${waiting!.slug}"`);
      expect(swHtml).toContain('href="/sw/sponsor/"');
      expect(swHtml).not.toContain('already has a sponsor');
      expect(await gifts()).toEqual([]);
    });

    test('amounts are read strictly and each currency has its configured minimum', async () => {
      for (const customAmount of ['0x10', '5.005', '1e3', '-10', '10 000']) {
        const res = await postCheckout(donateForm({ type: 'one-time', amount: '', customAmount }));
        expect(res.status, customAmount).toBe(400);
      }
      const json = await postJson(
        donateForm({ type: 'one-time', amount: '', customAmount: '12.505' }),
        'dddddddd-0001',
      );
      expect(json.status).toBe(400);
      expect(await json.json()).toMatchObject({
        issues: [
          { path: 'payload.amount', message: 'Amount must be a number with at most 2 decimals, such as 50 or 12.50' },
        ],
      });
      process.env['GIFT_MINIMUM_KES'] = '1000';
      const mpesa = await postJson(
        donateForm({ type: 'one-time', paymentMethod: 'mpesa', amount: '5' }),
        'dddddddd-0002',
      );
      expect(mpesa.status).toBe(400);
      expect(await mpesa.json()).toMatchObject({
        issues: [{ path: 'payload.amount', message: 'The smallest gift in KES is KES 1,000.00' }],
      });
      expect(await gifts()).toEqual([]);
      // $7.41 is KES 1,000.35: enough. Card gifts keep the dollar minimum.
      expect(
        (await postCheckout(donateForm({ type: 'one-time', paymentMethod: 'mpesa', amount: '7.41' }))).status,
      ).toBe(303);
      expect((await postCheckout(donateForm({ type: 'one-time', amount: '5' }))).status).toBe(303);
      expect(await rows(database, 'select amount_subunits::int as amount, currency from gifts order by id')).toEqual([
        { amount: 100035, currency: 'KES' },
        { amount: 500, currency: 'USD' },
      ]);
    });

    test('without keys the tab goes to the marked placeholder page, as before payments were connected', async () => {
      delete process.env['PAYSTACK_SECRET_KEY'];
      const res = await postCheckout(donateForm({ type: 'one-time' }));
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toMatch(/^https:\/\/payments\.example\.org\/tumaini-children\?amount=50/);
      expect((await gifts()).map((g) => g.state)).toEqual(['pending']);
    });
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

  describe('M-Pesa C2B', () => {
    const confirmation = (overrides: Record<string, unknown> = {}) => ({
      TransactionType: 'Pay Bill',
      TransID: 'RKTQDM7W6S',
      TransTime: '20261125063845',
      TransAmount: '2700.00',
      BusinessShortCode: PAYBILL,
      BillRefNumber: 'Amani',
      InvoiceNumber: '',
      OrgAccountBalance: '',
      ThirdPartyTransID: '',
      MSISDN: '2547 ***** 126',
      FirstName: 'John',
      MiddleName: '',
      LastName: 'Kamau',
      ...overrides,
    });
    const c2b = (secret: string, json: unknown) =>
      call(mpesa, 'POST', `/api/payments/mpesa/c2b/${secret}`, { json, params: { secret } });

    test('records a confirmed gift towards the care of the child the account names, once per TransID', async () => {
      const res = await c2b(PATH_SECRET, confirmation());
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ ResultCode: 0 });
      expect((await c2b(PATH_SECRET, confirmation())).status).toBe(200);
      expect(
        await rows(
          database,
          'select provider, kind, child_id, amount_subunits::int as amount, currency, state, donor_name from gifts',
        ),
      ).toEqual([
        {
          provider: 'mpesa',
          kind: 'donation',
          child_id: 'amani',
          amount: 270000,
          currency: 'KES',
          state: 'confirmed',
          donor_name: 'John Kamau',
        },
      ]);
      // A one-off payment is not a sponsorship (commitments.test.ts: only a commitment's first instalment starts one).
      expect(await rows(database, 'select created_by from sponsorships')).toEqual([]);
    });

    test("a confirmation that cannot be recorded is a 400 with Daraja's rejection code, never a 5xx", async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ TransAmount: '0.001' }, 'C2B00013'],
        [{ TransAmount: 0.001 }, 'C2B00013'],
        [{ TransAmount: '5.005' }, 'C2B00013'],
        [{ TransAmount: '0x10' }, 'C2B00013'],
        [{ TransAmount: '1e3' }, 'C2B00013'],
        [{ TransAmount: '0' }, 'C2B00013'],
        [{ TransAmount: '-100' }, 'C2B00013'],
        [{ TransTime: '20261399999999' }, 'C2B00016'],
        [{ TransTime: '20260230120000' }, 'C2B00016'],
        [{ MSISDN: '2'.repeat(20_000) }, 'C2B00011'],
        [{ BillRefNumber: 'x'.repeat(61) }, 'C2B00012'],
        [{ FirstName: 'John\u0007' }, 'C2B00016'],
        [{ BusinessShortCode: '174379' }, 'C2B00015'],
      ];
      for (const [overrides, code] of cases) {
        const res = await c2b(PATH_SECRET, confirmation(overrides));
        expect(res.status, JSON.stringify(overrides).slice(0, 60)).toBe(400);
        expect(await res.json()).toMatchObject({ ResultCode: code, ResultDesc: 'Rejected' });
      }
      // A NUL never reaches the database either.
      const nul = await c2b(PATH_SECRET, confirmation({ BillRefNumber: 'Amani\u0000' }));
      expect(nul.status).toBe(400);
      expect(await gifts()).toEqual([]);
      expect(await rows(database, 'select 1 from payment_events')).toEqual([]);
    });

    test('the validation URL rejects with the documented code what could not be recorded, and accepts the rest', async () => {
      const validate = (json: unknown) =>
        call(mpesa, 'POST', `/api/payments/mpesa/c2b/${PATH_SECRET}/validation`, {
          json,
          params: { secret: PATH_SECRET },
        });
      for (const [overrides, code] of [
        [{ TransAmount: '0.001' }, 'C2B00013'],
        [{ MSISDN: '2'.repeat(20_000) }, 'C2B00011'],
        [{ BusinessShortCode: '174379' }, 'C2B00015'],
        [{ TransTime: '20261399999999' }, 'C2B00016'],
      ] as const) {
        const res = await validate(confirmation(overrides));
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ ResultCode: code, ResultDesc: 'Rejected' });
      }
      // Small amounts are never refused: they are recorded and flagged once confirmed.
      for (const TransAmount of ['2700.00', '1', 1]) {
        const res = await validate(confirmation({ TransAmount }));
        expect(await res.json()).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
      }
      expect((await validate({ hello: 'world' })).status).toBe(200);
      const wrongPath = await call(mpesa, 'POST', '/api/payments/mpesa/c2b/guess/validation', {
        json: confirmation(),
        params: { secret: 'guess' },
      });
      expect(wrongPath.status).toBe(404);
      expect(await gifts()).toEqual([]);
    });

    test('a payment below the Paybill minimum is recorded and flagged, and naming a child sponsors no one', async () => {
      const res = await c2b(PATH_SECRET, confirmation({ TransAmount: '1.00' }));
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ ResultCode: 0 });
      // Naming a child makes it a gift towards her care, whatever the amount.
      expect(
        await rows(database, 'select kind, child_id, amount_subunits::int as amount, state, flag from gifts'),
      ).toEqual([
        {
          kind: 'donation',
          child_id: 'amani',
          amount: 100,
          state: 'confirmed',
          flag:
            'This M-Pesa payment of KES 1.00 is below the smallest Paybill gift of KES 100.00, so it pays no ' +
            'instalment and sponsors no one: check it.',
        },
      ]);
      expect(await rows(database, 'select 1 from sponsorships')).toEqual([]);
      // The minimum is configurable; at or above it a payment is recorded as before.
      process.env['MPESA_MINIMUM_KES'] = '50';
      await c2b(PATH_SECRET, confirmation({ TransID: 'RKTQDM7W7T', TransAmount: '50' }));
      expect(await rows(database, "select flag from gifts where reference = 'mpesa-RKTQDM7W7T'")).toEqual([
        { flag: null },
      ]);
    });

    test('a wrong path is 404, a wrong short code or shape 400, and nothing is stored', async () => {
      expect((await c2b('guess', confirmation())).status).toBe(404);
      expect((await c2b(`${PATH_SECRET}x`, confirmation())).status).toBe(404);
      expect((await c2b(PATH_SECRET, confirmation({ BusinessShortCode: '174379' }))).status).toBe(400);
      expect((await c2b(PATH_SECRET, confirmation({ TransAmount: 'lots' }))).status).toBe(400);
      expect((await c2b(PATH_SECRET, { hello: 'world' })).status).toBe(400);
      expect(await gifts()).toEqual([]);
    });
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
