/**
 * What the gifts checkout carries on both databases, against the Paystack stand-in: every choice of the
 * donate and sponsor forms reaches the provider with the charge, and a submission kept offline and resent by the
 * page (JSON with the browser's submission id) is stored once, however often it arrives, and answered with its
 * checkout address each time.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import checkout from '../../netlify/functions/payments-checkout.ts';
import { context, databases, rows, truncate, useDatabase } from '../support/databases.ts';
import { startPaystack, type PaystackStandIn } from '../../support/stand-ins/paystack.ts';

const TABLES = ['events', 'gifts', 'payment_events', 'paystack_plans', 'notification_outbox', 'rate_limits'];

const donation = {
  type: 'donation_intent',
  payload: {
    type: 'monthly',
    cause: 'water',
    amount: 100,
    paymentMethod: 'card',
    name: 'Grace Wanjiru',
    email: 'grace@example.org',
    newsletter: false,
    anonymous: false,
    timestamp: '2026-11-26T07:30:00.000Z',
  },
};

const sponsorship = {
  type: 'sponsorship_application',
  payload: {
    childId: 'amani',
    name: 'Esther Moraa',
    email: 'esther@example.org',
    sponsorshipType: 'group',
    paymentMethod: 'annual',
    timestamp: '2026-11-26T07:30:00.000Z',
  },
};

function postJson(body: unknown, ip = '198.51.100.7'): Promise<Response> {
  return checkout(
    new Request('http://localhost/api/payments/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    context(ip),
  );
}

describe.each(databases)('checkout choices on $name', (database) => {
  useDatabase(database);
  let paystack: PaystackStandIn;
  const saved: Record<string, string | undefined> = {};

  beforeAll(async () => {
    paystack = await startPaystack();
    for (const key of ['PAYSTACK_SECRET_KEY', 'PAYSTACK_API_URL', 'SMTP_URL']) saved[key] = process.env[key];
    process.env['PAYSTACK_SECRET_KEY'] = paystack.secretKey;
    process.env['PAYSTACK_API_URL'] = paystack.url;
    delete process.env['SMTP_URL'];
  });
  afterAll(async () => {
    await paystack.close();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });
  beforeEach(() => truncate(database, TABLES));

  test("a donation's amount, frequency and cause leave for Paystack with the charge", async () => {
    const res = await postJson(donation);
    expect(res.status).toBe(201);
    const [gift] = await rows<{ reference: string }>(database, 'select reference from gifts');
    const txn = paystack.transactions.get(gift!.reference)!;
    expect(txn).toMatchObject({ amount: 10_000, currency: 'USD', channels: ['card'] });
    expect(txn.plan).toHaveProperty('plan_code');
    expect(txn.metadata).toMatchObject({ form: 'donation_intent', frequency: 'monthly', cause: 'water' });
    expect(txn.metadata).not.toHaveProperty('child_id');
  });

  test("a sponsorship's child, type and frequency leave for Paystack with the charge", async () => {
    const res = await postJson(sponsorship);
    expect(res.status).toBe(201);
    const [gift] = await rows<{ reference: string }>(database, 'select reference from gifts');
    const txn = paystack.transactions.get(gift!.reference)!;
    // Group sponsorship is $20 a month: a yearly payment is $240.
    expect(txn).toMatchObject({ amount: 24_000, currency: 'USD' });
    expect(txn.metadata).toMatchObject({
      form: 'sponsorship_application',
      frequency: 'annual',
      child_id: 'amani',
      sponsorship_type: 'group',
    });
    expect(txn.metadata).not.toHaveProperty('cause');
  });

  test('a gift form over 32 KB posted without JavaScript gets a 413 page that says the limit, and nothing leaves for Paystack', async () => {
    const res = await checkout(
      new Request('http://localhost/api/payments/checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ form: 'donation_intent', name: 'x'.repeat(33 * 1024) }).toString(),
      }),
      context('198.51.100.9'),
    );
    expect(res.status).toBe(413);
    expect(await res.text()).toContain('The form is larger than 32 KB.');
    expect(await rows(database, 'select reference from gifts')).toEqual([]);
  });

  test('a kept submission resent three times is stored once and answered with the same checkout each time', async () => {
    const body = { ...donation, submissionId: '5f0c1a52-9d1b-4c8e-9a53-2b1c0e0f6a11' };
    const answers = [];
    for (let time = 0; time < 3; time += 1) {
      const res = await postJson(body);
      expect(res.status).toBe(201);
      answers.push(((await res.json()) as { checkoutUrl: string }).checkoutUrl);
    }
    expect(answers[0]).toMatch(new RegExp(`^${paystack.url}/checkout/[0-9a-f]+$`));
    expect(new Set(answers).size).toBe(1);
    expect(await rows(database, 'select 1 from gifts')).toHaveLength(1);
    expect(await rows(database, "select 1 from events where type = 'donation_intent'")).toHaveLength(1);
  });

  test('a resent submission with a bad field gets 400 with the issue as JSON, and nothing is stored', async () => {
    const res = await postJson({
      ...donation,
      payload: { ...donation.payload, email: 'grace@example' },
      submissionId: 'a1b2c3d4-resend',
    });
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { issues: { path: string }[] };
    expect(answer.issues.map((issue) => issue.path)).toEqual(['payload.email']);
    expect(await rows(database, 'select 1 from gifts')).toHaveLength(0);
  });
});
