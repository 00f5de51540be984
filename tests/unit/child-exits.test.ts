/**
 * A child leaving the programme, on both databases: staff record the exit; each of the child's sponsorship
 * commitments pauses (a card's subscription disabled at the Paystack stand-in) and its sponsor is emailed, without
 * the internal reason, an offer of waiting children by signed one-click links. A link's GET only shows its button;
 * its POST moves the commitment to the child (who becomes sponsored) or ends it. A tampered link, or one for another
 * offer, is refused; a child someone else took is explained. Unanswered offers are reminded once at 30 days and end
 * 14 days later.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import children from '../../netlify/functions/admin-children.ts';
import exits from '../../netlify/functions/admin-child-exits.ts';
import choice from '../../netlify/functions/sponsorship-choice.ts';
import webhook from '../../netlify/functions/payments-paystack.ts';
import { runExitOffers } from '../../netlify/functions/_shared/children/exit-choices.ts';
import { runCommitments } from '../../netlify/functions/_shared/gifts/commitment-reminders.ts';
import { nairobiToday } from '../../src/lib/events.ts';
import { call, keepReplyTemplates, usePaystack } from '../support/admin.ts';
import { context, databases, rows, useDatabase } from '../support/databases.ts';
import { useStaffDesk } from '../support/staff-desk.ts';

type Json = Record<string, unknown>;

const TABLES = [
  'children',
  'child_consents',
  'child_exits',
  'exit_offers',
  'sponsorships',
  'commitments',
  'commitment_instalments',
  'paystack_plans',
  'gifts',
  'payment_events',
  'events',
  'site_builds',
  'notification_outbox',
  'admin_users',
  'admin_sessions',
];
const ALICE = 'alice@example.org';
const BOB = 'bob@example.org';
const REASON = 'Father took the family to Mombasa after a custody dispute';
const DAY = 86_400_000;

function newChild(slug: string, name: string, age: number): Json {
  return {
    slug,
    name,
    age,
    location: 'Kibera',
    school: 'Olympic Primary School',
    grade: 'Grade 4',
    story: `${name.split(' ')[0]} loves maths and football.`,
    needs: 'School fees',
    monthly_need: 5400,
    interests: 'Football',
    family: 'Lives with her mother.',
    achievements: 'Class prefect',
    dream_job: 'Pilot',
    status: 'published',
    guardian_name: 'Lucy Wairimu',
    guardian_relation: 'Mother',
    given_on: nairobiToday(),
    covers: 'profile',
    form_ref: `CF-${slug}`,
  };
}

/** A press or a view of a link's page, by its path. */
function open(path: string, method: 'GET' | 'POST'): Promise<Response> {
  const token = path.split('/').pop() ?? '';
  return choice(new Request(`http://localhost:8888${path}`, { method }), context('203.0.113.9', { params: { token } }));
}

describe.each(databases)('a child leaves the programme on $name', (database) => {
  useDatabase(database);
  const desk = useStaffDesk(database, TABLES);
  keepReplyTemplates();
  const standIn = usePaystack();
  let child: string;
  let aliceCommitment: string;
  let bobCommitment: string;
  let oldCode: string;

  /** A Paystack customer with a saved card and a subscription to a $25 monthly plan, as a card sponsorship has. */
  async function cardSubscription(email: string) {
    const api = async (path: string, body: Json) =>
      (
        (await (
          await fetch(`${standIn.current.url}${path}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${standIn.current.secretKey}`, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json()) as { data: Json }
      ).data;
    const plan = String(
      (await api('/plan', { name: 'Sponsor', amount: 2500, interval: 'monthly', currency: 'USD' }))['plan_code'],
    );
    const reference = String(
      (await api('/transaction/initialize', { email, amount: 2500, currency: 'USD', plan }))['reference'],
    );
    standIn.current.pay(reference);
    const code = standIn.current.subscribe(reference);
    return { code, plan, ...standIn.current.subscriptions.get(code)! };
  }

  async function commitment(email: string, name: string, card?: Awaited<ReturnType<typeof cardSubscription>>) {
    const [row] = await rows<{ id: string }>(
      database,
      `insert into commitments (kind, child_id, donor_name, donor_email, amount_subunits, currency, method,
         interval_months, due_day, starts_on, state, subscription_code, plan_code, paystack_customer,
         paystack_authorization, paystack_email_token)
       values ('sponsorship', 'imani-leaves', $1, $2, 2500, 'USD', $3, 1, 5, '2026-08-01', 'active', $4, $5, $6, $7, $8)
       returning id::text as id`,
      [
        name,
        email,
        card ? 'card' : 'other',
        card?.code ?? null,
        card?.plan ?? null,
        card?.customer_code ?? null,
        card?.authorization_code ?? null,
        card?.email_token ?? null,
      ],
    );
    return row!.id;
  }

  const record = (body: Json) =>
    call(exits, 'POST', `/api/admin/child-exits/${child}`, { token: desk.token, params: { child }, json: body });
  const staffView = async () =>
    (
      (await (
        await call(exits, 'GET', `/api/admin/child-exits/${child}`, { token: desk.token, params: { child } })
      ).json()) as {
        exit: { reason: string; offers: Json[] } | null;
      }
    ).exit;
  const emails = (outcome: string) =>
    rows<{ recipients: string; subject: string; body: string }>(
      database,
      `select recipients, subject, body from notification_outbox where dedup_key like $1 order by recipients`,
      [`exit-offer:${outcome}:%`],
    );
  /** The path of the link in `email`'s first exit email that makes `choice` (a child's id, or `~end`). */
  const link = async (email: string, made: string) => {
    const mail = (await emails('notice')).find((candidate) => candidate.recipients === email)!;
    const found = [...mail.body.matchAll(/(\/sponsorship-choice\/[^\s]+)/g)].map((match) => match[1]!);
    return found.find((path) => path.split('/').pop()!.split('.')[1] === made)!;
  };
  const state = async (id: string) =>
    (
      await rows<{ state: string; child_id: string; subscription_code: string | null; ended_by: string | null }>(
        database,
        'select state, child_id, subscription_code, ended_by from commitments where id = $1',
        [id],
      )
    )[0]!;

  beforeEach(async () => {
    const made = await call(children, 'POST', '/api/admin/children', {
      token: desk.token,
      json: newChild('imani-leaves', 'Imani Wairimu', 9),
    });
    const body = (await made.json()) as Json;
    expect(made.status, JSON.stringify(body)).toBe(201);
    child = String((body['child'] as Json)['id']);
    for (const [slug, name, age] of [
      ['baraka-waits', 'Baraka Otieno', 8],
      ['zuri-waits', 'Zuri Achieng', 11],
    ] as const) {
      expect(
        (await call(children, 'POST', '/api/admin/children', { token: desk.token, json: newChild(slug, name, age) }))
          .status,
      ).toBe(201);
    }
    await rows(
      database,
      `insert into sponsorships (child_id, sponsor_name, sponsor_email, amount_subunits, currency, created_by)
       values ('imani-leaves', 'Alice Hall', $1, 2500, 'USD', 'paystack')`,
      [ALICE],
    );
    const card = await cardSubscription(ALICE);
    oldCode = card.code;
    aliceCommitment = await commitment(ALICE, 'Alice Hall', card);
    bobCommitment = await commitment(BOB, 'Bob Mwangi');
    expect((await record({ kind: 'unplanned', reason: REASON, left_on: nairobiToday() })).status).toBe(201);
  });

  test('recording the exit pauses each commitment, disables the card at Paystack, takes the child off the site and emails each sponsor without the reason', async () => {
    expect(await state(aliceCommitment)).toMatchObject({ state: 'paused' });
    expect(await state(bobCommitment)).toMatchObject({ state: 'paused' });
    expect(standIn.current.subscriptions.get(oldCode)?.status).toBe('cancelled');
    expect(await rows(database, `select programme from children where slug = 'imani-leaves'`)).toEqual([
      { programme: 'left' },
    ]);
    expect(await rows(database, `select state from sponsorships where child_id = 'imani-leaves'`)).toEqual([
      { state: 'ended' },
    ]);

    const sent = await emails('notice');
    expect(sent.map((mail) => mail.recipients)).toEqual([ALICE, BOB]);
    for (const mail of sent) {
      expect(mail.subject).toBe('News about Imani, the child you sponsor');
      expect(mail.body).toContain('Imani has now left our programme');
      expect(mail.body).toContain('Baraka, aged 8: ');
      expect(mail.body).toContain('Zuri, aged 11: ');
      expect(mail.body).toContain('end your sponsorship: ');
      expect(mail.body).not.toMatch(/custody|Mombasa|Wairimu|Otieno|Achieng/);
    }
    // Staff see the reason, and that each sponsor has not answered yet; the card is noted as disabled.
    const exit = await staffView();
    expect(exit?.reason).toBe(REASON);
    expect(exit?.offers.map((offer) => [offer['sponsor_name'], offer['choice']])).toEqual([
      ['Alice Hall', 'waiting'],
      ['Bob Mwangi', 'waiting'],
    ]);
    expect(exit?.offers[0]?.['subscription_disabled_at']).not.toBeNull();
    // A paused commitment has no reminders and does not go late, however long it waits.
    await runCommitments(new Date(Date.now() + 70 * DAY));
    expect((await state(bobCommitment)).state).toBe('paused');
    // The exit is recorded once.
    expect((await record({ kind: 'planned', reason: 'again', left_on: nairobiToday() })).status).toBe(409);
  });

  test('a link shows its button on GET and changes nothing; its POST carries the sponsorship on to that waiting child', async () => {
    const path = await link(BOB, 'baraka-waits');
    const page = await open(path, 'GET');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<form method="post"');
    expect(html).toContain('Sponsor Baraka');
    expect((await state(bobCommitment)).state).toBe('paused');

    const done = await open(path, 'POST');
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('your sponsorship now goes to Baraka');
    expect(await state(bobCommitment)).toMatchObject({ state: 'active', child_id: 'baraka-waits' });
    expect(
      await rows(database, `select sponsor_email, state from sponsorships where child_id = 'baraka-waits'`),
    ).toEqual([{ sponsor_email: BOB, state: 'active' }]);
    expect((await staffView())?.offers[1]).toMatchObject({ choice: 'moved', moved_to_name: 'Baraka Otieno' });

    // Alice's link to Baraka comes too late: someone else sponsors him now.
    const late = await open(await link(ALICE, 'baraka-waits'), 'POST');
    expect(late.status).toBe(409);
    expect(await late.text()).toContain('Baraka has just been given a sponsor by someone else');
    expect((await state(aliceCommitment)).state).toBe('paused');

    // Alice chooses Zuri: her card gift restarts at Paystack on the same card, with a subscription of its own.
    expect((await open(await link(ALICE, 'zuri-waits'), 'POST')).status).toBe(200);
    const moved = await state(aliceCommitment);
    expect(moved).toMatchObject({ state: 'active', child_id: 'zuri-waits' });
    expect(moved.subscription_code).not.toBe(oldCode);
    const restarted = standIn.current.subscriptions.get(moved.subscription_code!);
    const old = standIn.current.subscriptions.get(oldCode)!;
    expect(restarted).toMatchObject({
      status: 'active',
      customer_code: old.customer_code,
      authorization_code: old.authorization_code,
    });
    // Its first charge pays the commitment, as a gift towards Zuri.
    const charge = JSON.stringify({
      event: 'charge.success',
      data: {
        id: 9_200_001,
        status: 'success',
        reference: 'renewal_exit_zuri',
        amount: 2500,
        currency: 'USD',
        channel: 'card',
        paid_at: new Date().toISOString(),
        customer: { email: ALICE, customer_code: old.customer_code },
        plan: { plan_code: restarted!.plan_code },
      },
    });
    const paid = await webhook(
      new Request('http://localhost:8888/api/payments/paystack', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': standIn.current.sign(charge) },
        body: charge,
      }),
      context('52.31.139.75'),
    );
    expect(paid.status).toBe(200);
    expect(
      await rows(
        database,
        `select g.child_id, g.state from gifts g join commitment_instalments i on i.gift_id = g.id
         where i.commitment_id = $1`,
        [aliceCommitment],
      ),
    ).toEqual([{ child_id: 'zuri-waits', state: 'confirmed' }]);
    // Pressing again changes nothing.
    expect((await open(await link(ALICE, 'zuri-waits'), 'POST')).status).toBe(409);
  });

  test('"End my sponsorship" ends the commitment; a tampered link or one for another offer is refused', async () => {
    const end = await link(BOB, '~end');
    const [offerId, made, sig] = end.split('/').pop()!.split('.');
    const aliceEnd = (await link(ALICE, '~end')).split('/').pop()!.split('.');
    // The signature of Alice's offer on Bob's offer id, a changed choice, a changed signature, a malformed token.
    expect((await open(`/sponsorship-choice/${offerId}.${made}.${aliceEnd[2]}`, 'POST')).status).toBe(403);
    expect((await open(`/sponsorship-choice/${offerId}.baraka-waits.${sig}`, 'POST')).status).toBe(403);
    expect((await open(`/sponsorship-choice/${offerId}.${made}.${'A'.repeat(43)}`, 'POST')).status).toBe(403);
    expect((await open(`/sponsorship-choice/${aliceEnd[0]}.${made}.${sig}`, 'POST')).status).toBe(403);
    expect((await open('/sponsorship-choice/not-a-token', 'GET')).status).toBe(400);
    expect((await state(bobCommitment)).state).toBe('paused');

    const done = await open(end, 'POST');
    expect(done.status).toBe(200);
    expect(await state(bobCommitment)).toMatchObject({ state: 'ended', ended_by: 'donor' });
    expect((await staffView())?.offers[1]).toMatchObject({ choice: 'ended' });
    expect((await open(end, 'POST')).status).toBe(409);
  });

  test('an unanswered offer is reminded once after 30 days and ends 14 days after the reminder', async () => {
    const start = Date.now();
    expect(await runExitOffers(new Date(start + 29 * DAY))).toEqual({ reminded: 0, ended: 0 });
    expect(await emails('reminder')).toEqual([]);
    // Bob answers; Alice does not.
    expect((await open(await link(BOB, 'zuri-waits'), 'POST')).status).toBe(200);
    expect(await runExitOffers(new Date(start + 30 * DAY + 60_000))).toEqual({ reminded: 1, ended: 0 });
    const [reminder] = await emails('reminder');
    expect(reminder).toMatchObject({ recipients: ALICE, subject: 'Your sponsorship after Imani left our programme' });
    expect(reminder!.body).toContain('Baraka, aged 8: ');
    expect(reminder!.body).not.toContain('Zuri, aged');
    expect(reminder!.body).not.toMatch(/custody|Mombasa/);
    expect(await runExitOffers(new Date(start + 31 * DAY))).toEqual({ reminded: 0, ended: 0 });
    expect(await emails('reminder')).toHaveLength(1);

    expect(await runExitOffers(new Date(start + 43 * DAY))).toEqual({ reminded: 0, ended: 0 });
    expect((await state(aliceCommitment)).state).toBe('paused');
    expect(await runExitOffers(new Date(start + 44 * DAY + 120_000))).toEqual({ reminded: 0, ended: 1 });
    expect(await state(aliceCommitment)).toMatchObject({ state: 'ended', ended_by: 'no answer' });
    expect((await state(bobCommitment)).state).toBe('active');
    expect((await staffView())?.offers.map((offer) => offer['choice'])).toEqual(['unanswered', 'moved']);
  });
});
