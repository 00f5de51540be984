/**
 * The gift checkout on both databases, against the Paystack stand-in (support/stand-ins/paystack.ts): a pending gift
 * and the tab sent to the provider; plans made once; sponsorships at the child's need; bad input, refusals, resends
 * and bursts; each currency's minimum.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import checkout from '../../netlify/functions/payments-checkout.ts';
import { copySeedChildren } from '../../netlify/functions/_shared/children/children.ts';
import { context, databases, rows } from '../support/databases.ts';
import { postCheckout } from '../support/gifts.ts';
import { sendWebhook, sponsorForm } from '../support/payments.ts';
import { LANGUAGE_FIELD } from '../../src/lib/forms.ts';
import { donateForm, gifts, postJson, useGiftLedger } from '../support/gift-ledger.ts';
import type { PaystackStandIn } from '../../support/stand-ins/paystack.ts';

describe.each(databases)('gift checkout on $name', (database) => {
  const stand = useGiftLedger(database);
  let paystack: PaystackStandIn;
  beforeAll(() => {
    paystack = stand();
  });

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
});
