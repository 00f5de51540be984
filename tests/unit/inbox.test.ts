/**
 * The dashboard's inbox on both databases: what arrived since Monday in Nairobi and since the staff member's last
 * visit (a visit is a session), and what is overdue or waits for staff, each counted and its first few listed.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import adminInbox from '../../netlify/functions/admin-inbox.ts';
import { inbox, weekStart } from '../../netlify/functions/_shared/staff/inbox.ts';
import { InboxAnswer } from '../../src/schemas/inbox.ts';
import { databases, rows, truncate, useDatabase } from '../support/databases.ts';
import { ADMIN_TABLES, call, staffSession, useJwtSecret } from '../support/admin.ts';

/** Wednesday 25 November 2026, noon in Nairobi. */
const WEDNESDAY = new Date('2026-11-25T09:00:00Z');
/** Monday 23 November 2026, 00:00 in Nairobi. */
const MONDAY = '2026-11-22T21:00:00.000Z';

test('the week starts on Monday at midnight in Nairobi, whatever the hour in UTC', () => {
  expect(weekStart(WEDNESDAY).toISOString()).toBe(MONDAY);
  // Sunday 23:30 in Nairobi still belongs to the week before.
  expect(weekStart(new Date('2026-11-22T20:30:00Z')).toISOString()).toBe('2026-11-15T21:00:00.000Z');
  // Monday 00:10 in Nairobi is Sunday evening in UTC, and already the new week.
  expect(weekStart(new Date('2026-11-22T21:10:00Z')).toISOString()).toBe(MONDAY);
});

describe.each(databases)('the inbox on $name', (database) => {
  useDatabase(database);
  useJwtSecret();

  beforeEach(async () => {
    await truncate(database, ADMIN_TABLES);
  });

  async function gift(name: string, ts: string, state = 'confirmed', amount = 250000): Promise<void> {
    await rows(
      database,
      `insert into gifts (ts, reference, provider, amount_subunits, currency, method, state, donor_name, recorded_by)
       values ($1, $2, 'staff', $3, 'KES', 'cash', $4, $5, 'staff:amina')`,
      [ts, `ref-${name}`, amount, state, name],
    );
  }

  async function application(name: string, ts: string, dueAt: string, state = 'new'): Promise<void> {
    await rows(
      database,
      `insert into volunteers (ts, name, email, details, state, due_at) values ($1, $2, 'a@example.org', '{}', $3, $4)`,
      [ts, name, state, dueAt],
    );
  }

  test('gifts since Monday are listed newest first; those after the last visit are new, a new session moves the visit', async () => {
    await gift('Last Week', '2026-11-20T08:00:00Z');
    await gift('Monday Morning', '2026-11-23T05:00:00Z');
    await gift('Never Paid', '2026-11-24T12:00:00Z', 'pending');
    const first = await inbox(
      { username: 'Amina', sessionId: 'session-a' },
      new Date('2026-11-24T10:00:00Z'),
      WEDNESDAY,
    );
    expect(first.lastVisit, 'a first visit has no last visit').toBeNull();

    await gift('After The Visit', '2026-11-25T08:00:00Z');
    const second = await inbox({ username: 'amina', sessionId: 'session-b' }, WEDNESDAY);
    expect(InboxAnswer.parse(second)).toEqual(second);
    expect(second.weekStart).toBe(MONDAY);
    expect(second.lastVisit).toBe('2026-11-24T10:00:00.000Z');
    const gifts = second.arrivals.find((entry) => entry.kind === 'gifts')!;
    expect(gifts.sinceMonday).toBe(2);
    expect(gifts.sinceVisit).toBe(1);
    expect(gifts.items.map((entry) => [entry.name, entry.isNew, entry.amount])).toEqual([
      ['After The Visit', true, { subunits: 250000, currency: 'KES' }],
      ['Monday Morning', false, { subunits: 250000, currency: 'KES' }],
    ]);

    // Read again in the same session, later: the last visit stays where it was.
    const again = await inbox({ username: 'amina', sessionId: 'session-b' }, new Date('2026-11-25T11:00:00Z'));
    expect(again.lastVisit).toBe('2026-11-24T10:00:00.000Z');
    // Another staff member's visits are their own.
    expect((await inbox({ username: 'brian', sessionId: 'session-c' }, WEDNESDAY)).lastVisit).toBeNull();
    // The next session's last visit is the end of this one.
    const third = await inbox({ username: 'amina', sessionId: 'session-d' }, new Date('2026-11-25T12:00:00Z'));
    expect(third.lastVisit).toBe('2026-11-25T11:00:00.000Z');
    expect(third.arrivals.find((entry) => entry.kind === 'gifts')!.items.every((entry) => !entry.isNew)).toBe(true);
  });

  test('overdue applications and messages, unmatched gifts and failed emails wait for staff, judged at the given time', async () => {
    await application('Past Promise', '2026-11-10T08:00:00Z', '2026-11-17T08:00:00Z');
    await application('Still In Time', '2026-11-24T08:00:00Z', '2026-12-01T08:00:00Z');
    await application('Answered Long Ago', '2026-11-01T08:00:00Z', '2026-11-08T08:00:00Z', 'accepted');
    await gift('M-Pesa Payer', '2026-11-24T08:00:00Z', 'unmatched', 100000);
    await rows(
      database,
      `insert into notification_outbox (kind, dedup_key, source, resource, subject, body, status, ts)
       values ('submission', 'submission:1', 'contact_submit', 'contacts', 'New contact message (#1)', 'b', 'failed', $1)`,
      ['2026-11-24T09:00:00Z'],
    );
    await rows(
      database,
      `insert into contacts (ts, name, email, subject, message) values
         ('2026-11-24T08:00:00Z', 'Unanswered Writer', 'u@example.org', 'Visit', 'Hello'),
         ('2026-11-25T08:00:00Z', 'Recent Writer', 'r@example.org', 'Visit', 'Hello')`,
    );
    const answer = await inbox({ username: 'amina', sessionId: 's' }, WEDNESDAY);
    const due = Object.fromEntries(answer.due.map((entry) => [entry.kind, entry]));
    // A message written more than 24 hours ago and not answered is past the contact page's promise.
    expect(due['overdue-messages']!.items.map((entry) => [entry.name, entry.note])).toEqual([
      ['Unanswered Writer', 'Visit'],
    ]);
    expect(due['overdue-applications']!.count).toBe(1);
    expect(due['overdue-applications']!.items.map((entry) => entry.name)).toEqual(['Past Promise']);
    expect(due['unmatched-gifts']!.items.map((entry) => [entry.name, entry.amount?.subunits])).toEqual([
      ['M-Pesa Payer', 100000],
    ]);
    expect(due['failed-emails']!.items.map((entry) => entry.name)).toEqual(['New contact message (#1)']);
    expect(due['consents-ending']!.count).toBe(0);
    expect(due['lapsed-commitments']!.count).toBe(0);

    // A week on, the application that was in time is past its promise too.
    const later = await inbox({ username: 'amina', sessionId: 's' }, WEDNESDAY, new Date('2026-12-02T09:00:00Z'));
    expect(later.due.find((entry) => entry.kind === 'overdue-applications')!.count).toBe(2);
  });

  test('the endpoint answers only a signed-in staff member, and refuses a time that is not one', async () => {
    const { token } = await staffSession('amina');
    expect((await call(adminInbox, 'GET', '/api/admin/inbox')).status).toBe(401);
    const bad = await call(adminInbox, 'GET', '/api/admin/inbox?at=yesterday', { token });
    expect(bad.status).toBe(400);
    const good = await call(adminInbox, 'GET', `/api/admin/inbox?at=${WEDNESDAY.toISOString()}`, { token });
    expect(good.status).toBe(200);
    const body = InboxAnswer.parse(await good.json());
    expect(body.weekStart).toBe(MONDAY);
    expect(body.lastVisit).toBeNull();
  });
});

describe.each(databases)("sponsors' letters and silent sponsorships in the inbox on $name", (database) => {
  useDatabase(database);
  useJwtSecret();

  beforeEach(async () => {
    await truncate(database, ADMIN_TABLES);
  });

  test('a letter waiting for review and a child whose sponsor has heard nothing for 6 months wait for staff', async () => {
    await rows(
      database,
      `insert into children (slug, name, age, monthly_need, status) values ('imani', 'Imani Wairimu', 9, 5400, 'published')`,
    );
    const [sponsorship] = await rows<{ id: string }>(
      database,
      `insert into sponsorships (child_id, sponsor_name, sponsor_email, started_at, created_by)
       values ('imani', 'Peter Hall', 'peter@example.org', '2026-05-20T09:00:00Z', 'staff:amina') returning id::text as id`,
    );
    await rows(
      database,
      `insert into sponsor_letters (created_at, sponsorship_id, child_id, sponsor_email, body)
       select '2026-11-24T09:00:00Z', $1, id, 'peter@example.org', 'Dear Imani, hello.' from children`,
      [sponsorship!.id],
    );
    const answer = InboxAnswer.parse(await inbox({ username: 'Amina', sessionId: 'session-a' }, WEDNESDAY, WEDNESDAY));
    expect(answer.arrivals.find((entry) => entry.kind === 'letters')).toMatchObject({
      sinceMonday: 1,
      items: [{ name: 'Peter Hall', note: 'To Imani Wairimu', isNew: true }],
    });
    expect(answer.due.find((entry) => entry.kind === 'letters-to-review')).toMatchObject({ count: 1 });
    // Sponsored on 20 May: six months of silence on 20 November, so due on the Wednesday after.
    expect(answer.due.find((entry) => entry.kind === 'children-due-news')).toMatchObject({
      count: 1,
      items: [{ name: 'Imani Wairimu', note: 'Sponsored by Peter Hall' }],
    });
    // News published since: no longer due.
    await rows(
      database,
      `insert into child_updates (child_id, update_on, body, state, created_by, published_at)
       select id, '2026-11-24', 'Imani joined the choir.', 'published', 'amina', '2026-11-24T10:00:00Z' from children`,
    );
    const after = await inbox({ username: 'Amina', sessionId: 'session-a' }, WEDNESDAY, WEDNESDAY);
    expect(after.due.find((entry) => entry.kind === 'children-due-news')).toMatchObject({ count: 0, items: [] });
  });
});
