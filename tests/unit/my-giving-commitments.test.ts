/**
 * A donor's monthly gifts and sponsorships on My giving, on both databases: each with the state of its instalments,
 * an M-Pesa one with its Paybill account and Ratiba steps; "Update card or cancel" goes to Paystack's manage page
 * (the stand-in's), "Stop" stops an M-Pesa one, "Change amount" ends one and starts one at the new amount. Another
 * donor's commitment is never shown nor changed (404), and a refused action changes nothing.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import myGiving from '../../netlify/functions/my-giving.ts';
import thankYou from '../../netlify/functions/thank-you.ts';
import { query } from '../../netlify/functions/_shared/platform/db.ts';
import { context, databases, rows, truncate, useDatabase } from '../support/databases.ts';
import { useEnv, useJwtSecret, usePaystack } from '../support/admin.ts';
import { donorSessionCookie } from '../support/donor.ts';
import { postCheckout } from '../support/gifts.ts';
import { donationForm, sendWebhook } from '../support/payments.ts';
import { randomBytes } from 'node:crypto';

const TABLES = [
  'events',
  'gifts',
  'payment_events',
  'paystack_plans',
  'sponsorships',
  'notification_outbox',
  'rate_limits',
  'donor_sign_in_links',
  'donor_sessions',
  'commitments',
  'commitment_instalments',
];
const SITE = 'http://localhost:8888';
const ALICE = 'alice@example.org';
const BOB = 'bob@example.org';
const PAYBILL = '600100';

/** A started commitment of `email`; its id. */
async function commitment(
  email: string,
  fields: { method: 'card' | 'mpesa' | 'other'; account?: string; subscription?: string; amount?: number },
): Promise<string> {
  const [row] = await query<{ id: string }>(
    `insert into commitments (kind, cause, donor_name, donor_email, amount_subunits, currency, method, interval_months,
       due_day, starts_on, state, account, subscription_code)
     values ('donation', 'education', 'Donor', $1, $2, $3, $4, 1, 5, '2026-08-01', 'active', $5, $6)
     returning id::text as id`,
    [
      email,
      fields.amount ?? (fields.method === 'card' ? 2500 : 150000),
      fields.method === 'card' ? 'USD' : 'KES',
      fields.method,
      fields.account ?? null,
      fields.subscription ?? null,
    ],
  );
  return row!.id;
}

function call(path: string, cookie: string, body?: Record<string, string>): Promise<Response> {
  return myGiving(
    new Request(`${SITE}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: body ? { cookie, origin: SITE, 'content-type': 'application/x-www-form-urlencoded' } : { cookie },
      ...(body ? { body: new URLSearchParams(body).toString() } : {}),
    }),
  );
}

const state = async (id: string) =>
  (
    await query<{ state: string; amount: number; ended_by: string | null }>(
      'select state, amount_subunits::int as amount, ended_by from commitments where id = $1',
      [id],
    )
  )[0];

describe.each(databases)('My giving commitments on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  const standIn = usePaystack();
  useEnv({ SITE_URL: SITE, URL: undefined, SMTP_URL: undefined, MPESA_PAYBILL: PAYBILL });
  beforeEach(async () => {
    await truncate(database, TABLES);
  });

  test('lists the donor’s own commitments with each instalment’s state and the M-Pesa steps', async () => {
    const mpesa = await commitment(ALICE, { method: 'mpesa', account: 'TUM4821' });
    await commitment(ALICE, { method: 'card', subscription: 'SUB_alice' });
    await commitment(BOB, { method: 'mpesa', account: 'TUMBOB22', amount: 777700 });
    const [gift] = await query<{ id: string }>(
      `insert into gifts (reference, provider, kind, frequency, amount_subunits, currency, method, state, donor_email,
         recorded_by, confirmed_at, receipt_no)
       values ('MPESA1', 'mpesa', 'donation', 'monthly', 150000, 'KES', 'mpesa', 'confirmed', $1, 'mpesa', now(), 1)
       returning id::text as id`,
      [ALICE],
    );
    await query(
      `insert into commitment_instalments (commitment_id, period, due_on, gift_id) values
         ($1, '2026-08-01', '2026-08-05', $2), ($1, '2026-09-01', '2026-09-05', null)`,
      [mpesa, gift!.id],
    );
    const res = await call('/my-giving/account', await donorSessionCookie(ALICE));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h2>Monthly gifts and sponsorships</h2>');
    expect(html).toContain('KES 1,500.00 a month, Education (donation)');
    expect(html).toContain('<td>5 August 2026</td><td>Paid</td>');
    expect(html).toContain('<td>5 September 2026</td><td>Missed</td>');
    expect(html).toContain(`account number: <strong>TUM4821</strong> (Paybill <strong>${PAYBILL}</strong>)`);
    expect(html).toContain('Ratiba');
    expect(html).toContain(`action="/my-giving/commitments/${mpesa}/stop"`);
    expect(html).toContain('Update card or cancel');
    expect(html).not.toContain('TUMBOB22');
    expect(html).not.toContain('7,777.00');
    // Paystack's page is a permitted destination of the page's forms.
    expect(res.headers.get('content-security-policy')).toContain(
      `form-action 'self' https://paystack.com ${standIn.current.url}`,
    );
  });

  test('"Update card or cancel" opens Paystack’s manage page for the donor’s own card gift only', async () => {
    standIn.current.subscriptions.set('SUB_alice', {
      id: 1,
      email: ALICE,
      plan_code: 'PLN_x',
      email_token: 'tok123',
      customer_code: 'CUS_alice',
      authorization_code: 'AUTH_alice',
      status: 'active',
      start_date: null,
    });
    const mine = await commitment(ALICE, { method: 'card', subscription: 'SUB_alice' });
    const theirs = await commitment(BOB, { method: 'card', subscription: 'SUB_bob' });
    const cookie = await donorSessionCookie(ALICE);
    const res = await call(`/my-giving/commitments/${mine}/card`, cookie, {});
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(
      `${standIn.current.url}/manage/subscriptions/SUB_alice?subscription_token=tok123`,
    );
    const before = standIn.current.calls.length;
    const refused = await call(`/my-giving/commitments/${theirs}/card`, cookie, {});
    expect(refused.status).toBe(404);
    expect(standIn.current.calls.length).toBe(before);
    // Without a session: sign in first, nothing asked of Paystack.
    const anonymous = await myGiving(
      new Request(`${SITE}/my-giving/commitments/${mine}/card`, { method: 'POST', headers: { origin: SITE } }),
    );
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/my-giving/');
    expect(standIn.current.calls.length).toBe(before);
  });

  test('"Stop" stops the donor’s own M-Pesa gift; another donor’s, or a card gift, is refused and unchanged', async () => {
    const mine = await commitment(ALICE, { method: 'mpesa', account: 'TUM4821' });
    const card = await commitment(ALICE, { method: 'card', subscription: 'SUB_alice' });
    const theirs = await commitment(BOB, { method: 'mpesa', account: 'TUMBOB22' });
    const cookie = await donorSessionCookie(ALICE);
    expect((await call(`/my-giving/commitments/${theirs}/stop`, cookie, {})).status).toBe(404);
    expect((await call(`/my-giving/commitments/${card}/stop`, cookie, {})).status).toBe(409);
    expect(await state(theirs)).toMatchObject({ state: 'active' });
    expect(await state(card)).toMatchObject({ state: 'active' });
    const cross = await myGiving(
      new Request(`${SITE}/my-giving/commitments/${mine}/stop`, {
        method: 'POST',
        headers: { cookie, 'sec-fetch-site': 'cross-site' },
      }),
    );
    expect(cross.status).toBe(403);
    expect(await state(mine)).toMatchObject({ state: 'active' });

    const res = await call(`/my-giving/commitments/${mine}/stop`, cookie, {});
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/my-giving/account?done=stopped');
    expect(await state(mine)).toMatchObject({ state: 'ended', ended_by: 'donor' });
    const page = await (await call('/my-giving/account?done=stopped', cookie)).text();
    expect(page).toContain('Your monthly gift is stopped');
  });

  test('"Change amount" ends the gift and starts one at the new amount; bad amounts and others’ gifts change nothing', async () => {
    const mine = await commitment(ALICE, { method: 'mpesa', account: 'TUM4821' });
    const theirs = await commitment(BOB, { method: 'mpesa', account: 'TUMBOB22' });
    const cookie = await donorSessionCookie(ALICE);
    for (const amount of ['', 'abc', '-5', '0']) {
      const res = await call(`/my-giving/commitments/${mine}/amount`, cookie, { amount });
      expect(res.status, amount).toBe(400);
    }
    expect((await call(`/my-giving/commitments/${theirs}/amount`, cookie, { amount: '2000' })).status).toBe(404);
    expect(await rows(database, 'select count(*)::int as n from commitments')).toEqual([{ n: 2 }]);

    const res = await call(`/my-giving/commitments/${mine}/amount`, cookie, { amount: '2000' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/my-giving/account?done=changed');
    expect(await state(mine)).toMatchObject({ state: 'ended', ended_by: 'donor', amount: 150000 });
    const [replacement] = await rows<{
      amount: number;
      state: string;
      method: string;
      account: string;
      due_day: number;
    }>(
      database,
      `select amount_subunits::int as amount, state, method, account, due_day from commitments
       where id not in ($1, $2)`,
      [mine, theirs],
    );
    expect(replacement).toMatchObject({ amount: 200000, state: 'active', method: 'mpesa', due_day: 5 });
    expect(replacement!.account).toMatch(/^TUM[A-Z0-9]{5}$/);
    expect(await state(theirs)).toMatchObject({ state: 'active', amount: 150000 });
  });

  test('"Change amount" of a sponsorship keeps the sponsor with their child', async () => {
    const [sponsorship] = await rows<{ id: string }>(
      database,
      `insert into sponsorships (child_id, sponsor_name, sponsor_email, amount_subunits, currency, created_by)
       values ('imani', 'Alice Hall', $1, 540000, 'KES', 'paystack') returning id::text as id`,
      [ALICE],
    );
    const mine = await commitment(ALICE, { method: 'mpesa', account: 'TUM4821' });
    await rows(
      database,
      `update commitments set kind = 'sponsorship', child_id = 'imani', amount_subunits = 540000, sponsorship_id = $2 where id = $1`,
      [mine, sponsorship!.id],
    );
    const cookie = await donorSessionCookie(ALICE);

    const res = await call(`/my-giving/commitments/${mine}/amount`, cookie, { amount: '6000' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/my-giving/account?done=changed');
    const [replacement] = await rows<{
      amount: number;
      state: string;
      sponsorship: string | null;
      child: string | null;
    }>(
      database,
      `select amount_subunits::int as amount, state, sponsorship_id::text as sponsorship, child_id as child
       from commitments where id <> $1`,
      [mine],
    );
    expect(replacement).toEqual({ amount: 600000, state: 'active', sponsorship: sponsorship!.id, child: 'imani' });
    expect(await rows(database, 'select state from sponsorships')).toEqual([{ state: 'active' }]);
  });

  test('the thank-you page of an M-Pesa monthly gift shows its account and how to pay it', async () => {
    const res = await postCheckout(
      donationForm({ type: 'monthly', amount: '20', paymentMethod: 'mpesa' }),
      context('198.51.100.77'),
    );
    expect(res.status).toBe(303);
    const [gift] = await rows<{ reference: string }>(database, 'select reference from gifts');
    const [started] = await rows<{ account: string }>(database, 'select account from commitments');
    const page = await thankYou(new Request(`${SITE}/thank-you?reference=${gift!.reference}`), context('192.0.2.50'));
    const html = await page.text();
    expect(html).toContain(`<strong>${started!.account}</strong>`);
    expect(html).toContain('Ratiba');
  });

  /** Sends a signed Paystack event from the stand-in to the site's webhook; expects 200. */
  async function event(body: string): Promise<void> {
    expect((await sendWebhook(body, standIn.current.sign(body))).status).toBe(200);
  }

  /**
   * Alice's $25 monthly card gift through checkout, paid at the stand-in, with the charge.success and the
   * subscription.create Paystack sends (carrying the customer, the saved card and the email token when `keys`);
   * the commitment's id and the subscription's code.
   */
  async function cardGift(keys = true): Promise<{ id: string; code: string }> {
    standIn.current.subscriptions.clear();
    expect(
      (
        await postCheckout(
          donationForm({ type: 'monthly', amount: '25', name: 'Alice Card', email: ALICE }),
          context('198.51.100.78'),
        )
      ).status,
    ).toBe(303);
    const [gift] = await rows<{ reference: string }>(database, 'select reference from gifts order by id desc limit 1');
    standIn.current.pay(gift!.reference);
    await event(standIn.current.chargeSuccess(gift!.reference));
    const code = standIn.current.subscribe(gift!.reference);
    const made = standIn.current.subscriptions.get(code)!;
    await event(
      JSON.stringify({
        event: 'subscription.create',
        data: {
          domain: 'test',
          status: 'active',
          subscription_code: code,
          ...(keys ? { email_token: made.email_token } : {}),
          amount: 2500,
          plan: { plan_code: made.plan_code, amount: 2500, interval: 'monthly', currency: 'USD' },
          ...(keys ? { authorization: { authorization_code: made.authorization_code, reusable: true } } : {}),
          customer: { email: ALICE, ...(keys ? { customer_code: made.customer_code } : {}) },
        },
      }),
    );
    const [row] = await rows<{ id: string; subscription_code: string }>(
      database,
      `select id::text as id, subscription_code from commitments where state = 'active'`,
    );
    expect(row!.subscription_code).toBe(code);
    return { id: row!.id, code };
  }

  const active = (code: string) => standIn.current.subscriptions.get(code)?.status;

  for (const keys of [true, false]) {
    test(`"Change amount" of a card gift moves it at Paystack: a new subscription on the same card, the old one disabled (keys ${keys ? 'from subscription.create' : 'fetched from Paystack'})`, async () => {
      const { id, code } = await cardGift(keys);
      const cookie = await donorSessionCookie(ALICE);
      const page = await (await call('/my-giving/account', cookie)).text();
      expect(page).toContain(`action="/my-giving/commitments/${id}/amount"`);
      expect(page).toContain('Change amount');

      const res = await call(`/my-giving/commitments/${id}/amount`, cookie, { amount: '40' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/my-giving/account?done=changed');
      expect(active(code)).toBe('cancelled');
      const old = standIn.current.subscriptions.get(code)!;
      const [made] = [...standIn.current.subscriptions].filter(([, s]) => s.status === 'active');
      expect(made![1]).toMatchObject({
        email: ALICE,
        customer_code: old.customer_code,
        authorization_code: old.authorization_code,
      });
      const plan = standIn.current.plans.find((p) => p.plan_code === made![1].plan_code);
      expect(plan).toMatchObject({ amount: 4000, currency: 'USD', interval: 'monthly' });
      // First charged when the new commitment's first instalment is due, next month: not twice this month.
      expect(made![1].start_date).toMatch(/^\d{4}-\d{2}-\d{2}T09:00:00\+03:00$/);
      expect(await state(id)).toMatchObject({ state: 'ended', ended_by: 'donor', amount: 2500 });
      const [replacement] = await rows<{ amount: number; state: string; method: string; subscription_code: string }>(
        database,
        `select amount_subunits::int as amount, state, method, subscription_code from commitments where id <> $1`,
        [id],
      );
      expect(replacement).toMatchObject({ amount: 4000, state: 'active', method: 'card', subscription_code: made![0] });
      const after = await (await call('/my-giving/account?done=changed', cookie)).text();
      expect(after).toContain('$40.00 a month, Education (donation)');

      // Paystack's disable of the old subscription changes nothing more; the new one's first charge pays the new
      // commitment, and its failed payment later emails the donor about this gift.
      await event(
        JSON.stringify({ event: 'subscription.disable', data: { subscription_code: code, status: 'complete' } }),
      );
      expect(await rows(database, `select count(*)::int as n from commitments where state = 'active'`)).toEqual([
        { n: 1 },
      ]);
      const charge = {
        id: 9_100_001,
        status: 'success',
        reference: `renewal_${randomBytes(4).toString('hex')}`,
        amount: 4000,
        currency: 'USD',
        channel: 'card',
        paid_at: new Date().toISOString(),
        customer: { email: ALICE, customer_code: old.customer_code },
        plan: { plan_code: made![1].plan_code },
      };
      await event(JSON.stringify({ event: 'charge.success', data: charge }));
      const [paid] = await rows<{ n: number }>(
        database,
        `select count(*)::int as n from commitment_instalments i join commitments c on c.id = i.commitment_id
         where c.amount_subunits = 4000 and i.gift_id is not null`,
      );
      expect(paid).toEqual({ n: 1 });
      const [newGift] = await rows<{ subscription_code: string; state: string }>(
        database,
        'select subscription_code, state from gifts where reference = $1',
        [charge.reference],
      );
      expect(newGift).toEqual({ subscription_code: made![0], state: 'confirmed' });
    });
  }

  test('a moved card gift whose first new charge fails emails the donor the manage link', async () => {
    const { id } = await cardGift();
    expect(
      (await call(`/my-giving/commitments/${id}/amount`, await donorSessionCookie(ALICE), { amount: '40' })).status,
    ).toBe(303);
    const [moved] = await rows<{ code: string }>(
      database,
      `select subscription_code as code from commitments where state = 'active'`,
    );
    await event(
      JSON.stringify({
        event: 'invoice.payment_failed',
        data: {
          invoice_code: 'INV_moved1',
          status: 'failed',
          amount: 4000,
          subscription: { subscription_code: moved!.code },
        },
      }),
    );
    const mails = await rows<{ recipients: string; body: string }>(
      database,
      `select recipients, body from notification_outbox where source = 'gift_payment_failed'`,
    );
    expect(mails).toEqual([{ recipients: ALICE, body: expect.any(String) as unknown }]);
    expect(mails[0]!.body).toContain("Paystack could not take this month's payment of $40.00");
    expect(mails[0]!.body).toContain('Education (donation)');
  });

  test('"Change amount" of a card gift Paystack refuses changes nothing here nor at Paystack, and says so', async () => {
    const { id, code } = await cardGift();
    const cookie = await donorSessionCookie(ALICE);
    // The saved card is no longer one Paystack can charge.
    standIn.current.subscriptions.get(code)!.authorization_code = 'AUTH_gone';
    await query(`update commitments set paystack_authorization = 'AUTH_gone' where id = $1`, [id]);
    const res = await call(`/my-giving/commitments/${id}/amount`, cookie, { amount: '40' });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('Paystack could not move your card gift to the new amount');
    expect(active(code)).toBe('active');
    expect([...standIn.current.subscriptions.values()].filter((s) => s.status === 'active')).toHaveLength(1);
    expect(await state(id)).toMatchObject({ state: 'active', amount: 2500 });
    expect(await rows(database, 'select count(*)::int as n from commitments')).toEqual([{ n: 1 }]);
  });

  test('a card gift’s amount: bad amounts and another donor’s gift are refused before Paystack is asked', async () => {
    const { id, code } = await cardGift();
    const theirs = await commitment(BOB, { method: 'card', subscription: 'SUB_bob' });
    const cookie = await donorSessionCookie(ALICE);
    const before = standIn.current.calls.length;
    for (const amount of ['', 'abc', '-5', '0', '0.001', '99999999999']) {
      const res = await call(`/my-giving/commitments/${id}/amount`, cookie, { amount });
      expect(res.status, amount).toBe(400);
    }
    expect((await call(`/my-giving/commitments/${theirs}/amount`, cookie, { amount: '40' })).status).toBe(404);
    expect((await call(`/my-giving/commitments/${theirs}/amount`, await donorSessionCookie(BOB), {})).status).toBe(400);
    expect(standIn.current.calls.length).toBe(before);
    expect(active(code)).toBe('active');
    expect(await state(id)).toMatchObject({ state: 'active', amount: 2500 });
    expect(await state(theirs)).toMatchObject({ state: 'active', amount: 2500 });
  });
});
