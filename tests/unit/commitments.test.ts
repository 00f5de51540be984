/**
 * Commitments on both databases: monthly gifts and sponsorships as promises with an instalment each period, their
 * states over months with a named clock (active → late → lapsed), M-Pesa commitments paid through their own Paybill
 * account (Daraja's published C2B confirmation sample, a masked and a hashed MSISDN), reminders, staff ending a
 * lapsed sponsorship, the rule that no payment by itself sponsors a child, and the copy of the ledger's monthly
 * gifts and sponsor records made by the migration.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import mpesa from '../../netlify/functions/payments-mpesa.ts';
import adminCommitments from '../../netlify/functions/admin-commitments.ts';
import daily from '../../netlify/functions/commitments-daily.ts';
import instalment from '../../netlify/functions/payments-instalment.ts';
import {
  commitmentState,
  instalmentState,
  newAccount,
  periodsDue,
  sponsorshipMinimum,
} from '../../netlify/functions/_shared/gifts/commitment-rules.ts';
import { runCommitments } from '../../netlify/functions/_shared/gifts/commitment-reminders.ts';
import { query } from '../../netlify/functions/_shared/platform/db.ts';
import { databases, rows, useDatabase } from '../support/databases.ts';
import { call, staffToken, useJwtSecret } from '../support/admin.ts';
import type { PaystackStandIn } from '../../support/stand-ins/paystack.ts';
import { postCheckout } from '../support/gifts.ts';
import { rebuilds, sendWebhook, sponsorForm, sponsorshipOf, usePayments } from '../support/payments.ts';

const PAYBILL = '600966';
const PATH_SECRET = 'c2b-path-secret-0123456789abcdef';

/**
 * Daraja's published C2B confirmation ("Masked version", developer.safaricom.co.ke, Customer To Business), verbatim;
 * tests substitute the account, the amount and the TransID where they need to.
 */
const DARAJA_C2B_SAMPLE = `{
  "TransactionType": "Pay Bill",
  "TransID": "RKL51ZDR4F",
  "TransTime": "20231121121325",
  "TransAmount": "5.00",
  "BusinessShortCode": "600966",
  "BillRefNumber": "Sample Transaction",
  "InvoiceNumber": "",
  "OrgAccountBalance": "25.00",
  "ThirdPartyTransID": "",
  "MSISDN": "2547 ***** 126",
  "FirstName": "NICHOLAS",
  "MiddleName": "",
  "LastName": ""
}`;
/** The SHA-256 hashed MSISDN C2B v1 sends instead of the masked one (Daraja's FAQ example). */
const HASHED_MSISDN = '94c2c311d522da950619227b3361752a42042db7e1e699b26e628305c68a88';

function c2b(overrides: Record<string, unknown>) {
  const json = { ...(JSON.parse(DARAJA_C2B_SAMPLE) as Record<string, unknown>), ...overrides };
  return call(mpesa, 'POST', `/api/payments/mpesa/c2b/${PATH_SECRET}`, { json, params: { secret: PATH_SECRET } });
}

function donateForm(overrides: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({
    form: 'donation_intent',
    type: 'monthly',
    cause: 'education',
    amount: '50',
    customAmount: '',
    paymentMethod: 'mpesa',
    name: 'Faith Wanjiku',
    email: 'faith@example.org',
    website: '',
    ...overrides,
  });
}

/** A Nairobi morning on `day`. */
const at = (day: string) => new Date(`${day}T07:00:00+03:00`);

describe('commitment rules (pure, with a named clock)', () => {
  const commitment = { ended_at: null, paused_at: null, provider_stopped_at: null, starts_on: '2026-01-01' };
  const schedule = { starts_on: '2026-01-01', interval_months: 1, due_day: 10 };

  test('an instalment is due until its day, late after it, missed 14 days after it, paid once a gift pays it', () => {
    const due = { due_on: '2026-02-10', gift_id: null };
    expect(instalmentState(due, at('2026-02-10'))).toBe('due');
    expect(instalmentState(due, at('2026-02-11'))).toBe('late');
    expect(instalmentState(due, at('2026-02-24'))).toBe('late');
    expect(instalmentState(due, at('2026-02-25'))).toBe('missed');
    expect(instalmentState({ ...due, gift_id: '7' }, at('2026-05-01'))).toBe('paid');
  });

  test('over months without payment a commitment goes active → late → lapsed', () => {
    const stateOn = (day: string) => {
      const instalments = periodsDue(schedule, day).map((p, i) => ({
        due_on: p.dueOn,
        gift_id: i === 0 ? '1' : null,
      }));
      return commitmentState(commitment, instalments, at(day));
    };
    expect(stateOn('2026-01-10')).toBe('active');
    expect(stateOn('2026-02-11')).toBe('active');
    expect(stateOn('2026-02-25')).toBe('late');
    expect(stateOn('2026-03-24')).toBe('late');
    expect(stateOn('2026-03-25')).toBe('lapsed');
  });

  test('staff and the provider have the last word: ended, paused, stopped', () => {
    expect(commitmentState({ ...commitment, starts_on: null }, [], at('2026-05-01'))).toBe('pending');
    expect(commitmentState({ ...commitment, provider_stopped_at: '2026-01-20' }, [], at('2026-01-21'))).toBe('lapsed');
    expect(commitmentState({ ...commitment, paused_at: '2026-01-20' }, [], at('2026-09-01'))).toBe('paused');
    expect(commitmentState({ ...commitment, ended_at: '2026-01-20' }, [], at('2026-09-01'))).toBe('ended');
  });

  test('an account number is short, unambiguous and within Daraja’s 20 characters', () => {
    for (let i = 0; i < 200; i += 1) expect(newAccount()).toMatch(/^TUM[234679ACDEFGHJKMNPQRTUVWXYZ]{5}$/);
  });

  test('quarterly instalments fall every three months', () => {
    expect(periodsDue({ ...schedule, interval_months: 3 }, '2026-07-10').map((p) => p.dueOn)).toEqual([
      '2026-01-10',
      '2026-04-10',
      '2026-07-10',
    ]);
  });
});

describe.each(databases)('commitments on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  const stand = usePayments(database, { paybill: PAYBILL, pathSecret: PATH_SECRET });
  let paystack: PaystackStandIn;
  beforeAll(() => {
    paystack = stand();
  });

  const commitments = () =>
    rows<{ id: string; state: string; account: string | null; method: string; amount: number; starts_on: string }>(
      database,
      `select id::text as id, state, account, method, amount_subunits::int as amount, starts_on::text as starts_on
       from commitments order by id`,
    );
  const instalments = () =>
    rows<{ period: string; paid: boolean }>(
      database,
      'select period::text as period, gift_id is not null as paid from commitment_instalments order by period',
    );
  /** Moves the commitment's start (and its paid first instalment) to `period`, as if it had started then. */
  async function startedIn(period: string, dueDay = 10) {
    await query(`update commitments set starts_on = $1, due_day = $2`, [period, dueDay]);
    await query(`update commitment_instalments set period = $1, due_on = $2`, [period, `${period.slice(0, 8)}10`]);
  }

  test('monthly M-Pesa: an account number, a one-off checkout on mobile money, and no Paystack plan', async () => {
    expect((await postCheckout(donateForm())).status).toBe(303);
    const [commitment] = await commitments();
    expect(commitment).toMatchObject({ state: 'pending', method: 'mpesa', amount: 675000 });
    expect(commitment!.account).toMatch(/^TUM[A-Z0-9]{5}$/);
    expect(paystack.plans).toEqual([]);
    const [gift] = await rows<{ reference: string; plan_code: string | null }>(
      database,
      'select reference, plan_code from gifts',
    );
    expect(gift!.plan_code).toBeNull();
    expect(paystack.transactions.get(gift!.reference)).toMatchObject({ channels: ['mobile_money'] });
    // A card monthly gift still gets its plan, and its commitment keeps it.
    expect((await postCheckout(donateForm({ paymentMethod: 'card', email: 'card@example.org' }))).status).toBe(303);
    expect(paystack.plans).toHaveLength(1);
    expect(await rows(database, "select plan_code from commitments where method = 'card'")).toEqual([
      { plan_code: paystack.plans[0]!.plan_code },
    ]);
  });

  test('a monthly M-Pesa sponsorship: paid with its account it sponsors the child; months without payment make it late, then lapsed; staff end it and the child waits again', async () => {
    expect((await postCheckout(sponsorForm({ payWith: 'mpesa' }))).status).toBe(303);
    const [pending] = await commitments();
    // The first month paid straight to the Paybill with the account (Daraja's sample, our account and amount).
    const first = await c2b({ BillRefNumber: pending!.account, TransAmount: '5400.00', TransTime: '20260110090000' });
    expect(await first.json()).toMatchObject({ ResultCode: 0, outcome: 'confirmed' });
    expect((await commitments())[0]).toMatchObject({ state: 'active', starts_on: '2026-01-01' });
    expect(await sponsorshipOf('amani')).toBe('sponsored');
    expect(await rebuilds()).toEqual(['sponsorship started for child amani']);

    // The second month, typed in lower case with a space, from a hashed MSISDN: matched on the account alone.
    const typed = `${pending!.account!.slice(0, 3).toLowerCase()} ${pending!.account!.slice(3)}`;
    const second = await c2b({
      TransID: 'RKL51ZDR4G',
      BillRefNumber: typed,
      TransAmount: '5400.00',
      TransTime: '20260209090000',
      MSISDN: HASHED_MSISDN,
    });
    expect(second.status).toBe(200);
    expect(await instalments()).toEqual([
      { period: '2026-01-01', paid: true },
      { period: '2026-02-01', paid: true },
    ]);

    // No payment in March or April.
    expect(await runCommitments(at('2026-03-20'))).toMatchObject({ changed: 0 });
    expect((await commitments())[0]!.state).toBe('active');
    expect(await runCommitments(at('2026-03-25'))).toMatchObject({ changed: 1 });
    expect((await commitments())[0]!.state).toBe('late');
    await runCommitments(at('2026-04-25'));
    expect((await commitments())[0]!.state).toBe('lapsed');
    // Staff are asked to contact the sponsor; the child stays sponsored until they decide.
    const token = await staffToken('wanjiru');
    const listed = (await (await call(adminCommitments, 'GET', '/api/admin/commitments', { token })).json()) as {
      commitments: { id: string; state: string; contact_due_at: string | null; instalments: { state: string }[] }[];
      counts: Record<string, number>;
    };
    expect(listed.counts).toMatchObject({ lapsed: 1, late: 0 });
    expect(listed.commitments[0]).toMatchObject({ state: 'lapsed' });
    expect(listed.commitments[0]!.contact_due_at).not.toBeNull();
    expect(listed.commitments[0]!.instalments.map((i) => i.state)).toEqual(['paid', 'paid', 'missed', 'missed']);
    expect(await sponsorshipOf('amani')).toBe('sponsored');
    // Running again changes nothing and asks nothing twice.
    expect(await runCommitments(at('2026-04-26'))).toMatchObject({ changed: 0 });

    const ended = await call(adminCommitments, 'POST', '/api/admin/commitments/decide', {
      token,
      json: { id: pending!.id, action: 'end', note: 'No answer after two calls' },
    });
    expect(ended.status).toBe(200);
    expect((await commitments())[0]!.state).toBe('ended');
    expect(await sponsorshipOf('amani')).toBe('waiting');
    expect(await rebuilds()).toEqual(['sponsorship started for child amani', 'sponsorship ended for child amani']);
    expect(
      await rows(
        database,
        "select payload->>'actor' as actor, payload->>'action' as action from events where type = 'admin.commitments.decide'",
      ),
    ).toEqual([{ actor: 'staff:wanjiru', action: 'end' }]);
    expect(
      await rows(
        database,
        "select payload->>'change' as change from events where type = 'admin.children.update' order by id desc limit 1",
      ),
    ).toEqual([{ change: 'sponsorship ended: the sponsor stopped paying; waiting again' }]);
    // An ended commitment cannot be ended twice.
    expect(
      (
        await call(adminCommitments, 'POST', '/api/admin/commitments/decide', {
          token,
          json: { id: pending!.id, action: 'end' },
        })
      ).status,
    ).toBe(409);
  });

  test('the first payment through Paystack’s one-off M-Pesa checkout starts the commitment too', async () => {
    await postCheckout(sponsorForm({ payWith: 'mpesa' }));
    const [gift] = await rows<{ reference: string }>(database, 'select reference from gifts');
    paystack.pay(gift!.reference, 'mobile_money');
    const body = paystack.chargeSuccess(gift!.reference);
    const res = await sendWebhook(body, paystack.sign(body));
    expect(res.status).toBe(200);
    expect((await commitments())[0]!.state).toBe('active');
    expect(await sponsorshipOf('amani')).toBe('sponsored');
    // The receipt carries the account number and how to pay it each month.
    const [receipt] = await rows<{ body: string }>(
      database,
      "select body from notification_outbox where source = 'gift_receipt'",
    );
    const account = (await commitments())[0]!.account!;
    expect(receipt!.body).toContain(`account number ${account}`);
    expect(receipt!.body).toContain('Ratiba');
  });

  test('KES 1 to the Paybill naming a child is a gift towards her care: she stays waiting', async () => {
    const res = await c2b({ BillRefNumber: 'AMANI', TransAmount: '1.00' });
    expect(res.status).toBe(200);
    expect(await rows(database, 'select kind, child_id, amount_subunits::int as amount, state from gifts')).toEqual([
      { kind: 'donation', child_id: 'amani', amount: 100, state: 'confirmed' },
    ]);
    expect(await rows(database, 'select 1 from sponsorships')).toEqual([]);
    expect(await sponsorshipOf('amani')).toBe('waiting');
    expect(await rebuilds()).toEqual([]);
    // Nor does a large one-off payment.
    await c2b({ TransID: 'RKL51ZDR4H', BillRefNumber: 'amani', TransAmount: '500000.00' });
    expect(await sponsorshipOf('amani')).toBe('waiting');
  });

  test('KES 1 to a sponsorship’s own account pays no instalment and starts nothing', async () => {
    await postCheckout(sponsorForm({ payWith: 'mpesa' }));
    const [pending] = await commitments();
    await c2b({ BillRefNumber: pending!.account, TransAmount: '1.00' });
    expect((await commitments())[0]!.state).toBe('pending');
    expect(await instalments()).toEqual([]);
    expect(await sponsorshipOf('amani')).toBe('waiting');
    const [gift] = await rows<{ note: string }>(database, 'select note from gifts where provider = $1', ['mpesa']);
    expect(gift!.note).toContain('Not counted as an instalment');
  });

  test('a sponsorship below the minimum pays its instalments but sponsors no one', async () => {
    expect(sponsorshipMinimum('KES')).toBe(202500);
    await postCheckout(sponsorForm({ payWith: 'mpesa' }));
    await query('update commitments set amount_subunits = 100000');
    const [pending] = await commitments();
    await c2b({ BillRefNumber: pending!.account, TransAmount: '1000.00' });
    expect((await commitments())[0]!.state).toBe('active');
    expect(await sponsorshipOf('amani')).toBe('waiting');
  });

  test('a C2B to an account no commitment has is kept as a gift and flagged for staff', async () => {
    const res = await c2b({ BillRefNumber: 'TUM9999X', TransAmount: '1500.00', MSISDN: HASHED_MSISDN });
    expect(res.status).toBe(200);
    const [gift] = await rows<{ state: string; amount: number; flag: string; donor_phone: string }>(
      database,
      'select state, amount_subunits::int as amount, flag, donor_phone from gifts',
    );
    expect(gift).toMatchObject({ state: 'confirmed', amount: 150000 });
    expect(gift!.flag).toContain('TUM9999X');
  });

  test('a reminder goes three days before an unpaid M-Pesa instalment, once; none when paid or not active', async () => {
    await postCheckout(sponsorForm({ payWith: 'mpesa' }));
    const [pending] = await commitments();
    await c2b({ BillRefNumber: pending!.account, TransAmount: '5400.00', TransTime: '20260110090000' });
    await startedIn('2026-01-01');
    const reminders = () =>
      rows<{ recipients: string; subject: string; body: string }>(
        database,
        "select recipients, subject, body from notification_outbox where source = 'commitment_reminder' order by id",
      );
    expect((await runCommitments(at('2026-02-06'))).reminders).toBe(0);
    expect((await runCommitments(at('2026-02-07'))).reminders).toBe(1);
    expect((await runCommitments(at('2026-02-07'))).reminders).toBe(0);
    const [reminder] = await reminders();
    expect(reminder!.recipients).toBe('esther@example.org');
    expect(reminder!.subject).toBe('Your sponsorship of KES 5,400.00 is due on 2026-02-10');
    expect(reminder!.body).toContain(`Business number ${PAYBILL}, account number ${pending!.account}`);
    expect(reminder!.body).toContain(`/api/payments/instalment?account=${pending!.account}`);
    // March is paid early: no reminder for it.
    await c2b({ TransID: 'RKL51ZDR4J', BillRefNumber: pending!.account, TransAmount: '5400.00' });
    await c2b({ TransID: 'RKL51ZDR4K', BillRefNumber: pending!.account, TransAmount: '5400.00' });
    expect((await runCommitments(at('2026-03-07'))).reminders).toBe(0);
    // Paused: none for April.
    await query("update commitments set paused_at = now(), state = 'paused'");
    expect((await runCommitments(at('2026-04-07'))).reminders).toBe(0);
    expect(await reminders()).toHaveLength(1);
  });

  test('the reminder’s one-payment link opens a mobile money checkout for the open month, the same one each time', async () => {
    await postCheckout(sponsorForm({ payWith: 'mpesa' }));
    const [pending] = await commitments();
    await c2b({ BillRefNumber: pending!.account, TransAmount: '5400.00' });
    const open = () => call(instalment, 'GET', `/api/payments/instalment?account=${pending!.account}`);
    const first = await open();
    expect(first.status).toBe(303);
    expect((await open()).headers.get('location')).toBe(first.headers.get('location'));
    const [gift] = await rows<{ reference: string }>(
      database,
      "select reference from gifts where reference like 'TCF-I-%'",
    );
    expect(paystack.transactions.get(gift!.reference)).toMatchObject({ amount: 540000, channels: ['mobile_money'] });
    expect((await call(instalment, 'GET', '/api/payments/instalment?account=TUM22222')).status).toBe(404);
    expect((await call(instalment, 'GET', '/api/payments/instalment?account=%3Cx%3E')).status).toBe(400);
  });

  test('the daily job takes its clock from the request only when tests allow it', async () => {
    const run = (now: string) =>
      daily(
        new Request('http://localhost/.netlify/functions/commitments-daily', {
          method: 'POST',
          body: JSON.stringify({ now }),
        }),
      );
    process.env['JOBS_CLOCK_FROM_REQUEST'] = '1';
    expect(await (await run('2030-01-01T04:00:00Z')).json()).toMatchObject({ now: '2030-01-01T04:00:00.000Z' });
    delete process.env['JOBS_CLOCK_FROM_REQUEST'];
    expect(await (await run('2030-01-01T04:00:00Z')).json()).not.toMatchObject({ now: '2030-01-01T04:00:00.000Z' });
  });

  test('the migration copies monthly gifts (with their renewals) and sponsor records into commitments', async () => {
    const insertGift = (values: Record<string, unknown>) =>
      query(
        `insert into gifts (reference, provider, kind, frequency, cause, child_id, amount_subunits, currency, method,
           state, donor_name, donor_email, recorded_by, confirmed_at, parent_id, subscription_code, subscription_state)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) returning id::text as id`,
        [
          values['reference'],
          values['provider'] ?? 'paystack',
          values['kind'] ?? 'donation',
          values['frequency'] ?? 'monthly',
          values['cause'] ?? 'education',
          values['child_id'] ?? null,
          values['amount'] ?? 5000,
          values['currency'] ?? 'USD',
          values['method'] ?? 'card',
          values['state'] ?? 'confirmed',
          'Faith',
          'faith@example.org',
          'paystack',
          values['confirmed_at'] ?? '2026-09-05T09:00:00+03:00',
          values['parent_id'] ?? null,
          values['subscription_code'] ?? null,
          values['subscription_state'] ?? null,
        ],
      );
    const [card] = await insertGift({ reference: 'A', subscription_code: 'SUB_a', subscription_state: 'active' });
    await insertGift({ reference: 'A2', parent_id: (card as { id: string }).id, confirmed_at: '2026-10-05T09:00:00Z' });
    await insertGift({ reference: 'B', frequency: 'one-time' });
    await insertGift({ reference: 'C', subscription_code: 'SUB_c', subscription_state: 'cancelled' });
    await query(
      `insert into sponsorships (child_id, sponsor_name, sponsor_email, amount_subunits, currency, frequency, created_by)
       values ('amani', 'Mary', 'mary@example.org', 540000, 'KES', 'monthly', 'staff:wanjiru')`,
    );
    const sql = readFileSync('netlify/database/migrations/20261127060000_commitments.sql', 'utf8');
    const copy = sql.slice(sql.indexOf('-- The copy of what the ledger held before'));
    for (const statement of copy.split(/;\s*\n/).filter((part) => part.replace(/--.*$/gm, '').trim() !== '')) {
      await query(statement);
    }
    const copied = await rows<Record<string, unknown>>(
      database,
      `select kind, method, subscription_code, starts_on::text as starts_on, due_day, child_id, state,
         provider_stopped_at is not null as stopped, sponsorship_id is not null as sponsor
       from commitments order by id`,
    );
    expect(copied).toEqual([
      expect.objectContaining({
        kind: 'donation',
        method: 'card',
        subscription_code: 'SUB_a',
        starts_on: '2026-09-01',
        due_day: 5,
        stopped: false,
      }),
      expect.objectContaining({ kind: 'donation', method: 'card', subscription_code: 'SUB_c', stopped: true }),
      expect.objectContaining({
        kind: 'sponsorship',
        method: 'other',
        child_id: 'amani',
        state: 'active',
        sponsor: true,
      }),
    ]);
    expect(await rows(database, 'select period::text as period from commitment_instalments order by period')).toEqual([
      { period: '2026-09-01' },
      { period: '2026-09-01' },
      { period: '2026-10-01' },
    ]);
    expect(
      await rows(database, 'select s.child_id from commitments c join sponsorships s on s.id = c.sponsorship_id'),
    ).toEqual([{ child_id: 'amani' }]);
  });
});
