/**
 * Retention on both databases, with an injected clock: each kind of data goes when its period is over,
 * not a day before, with its copies in `events` and `consent_records`; gifts are anonymised, not deleted; periods can
 * be overridden; each run is recorded as counts, and the dashboard reads the latest.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import adminRetention from '../../netlify/functions/admin-retention.ts';
import { lastRetentionRun, runRetention } from '../../netlify/functions/_shared/people/retention.ts';
import { periodText, retentionRules } from '../../src/lib/retention.ts';
import { databases, rows, truncate, useDatabase, type TestDatabase } from '../support/databases.ts';
import { ADMIN_TABLES, call, staffToken, useJwtSecret } from '../support/admin.ts';

const DAY = 86_400_000;
const START = new Date('2026-01-10T09:00:00Z');
const at = (days: number) => new Date(START.getTime() + days * DAY);
/** A minute after `days` have passed: the first moment data of that age is past its period. */
const past = (days: number) => new Date(at(days).getTime() + 60_000);

/** Stores one of each kind of record, all received at START. */
async function seed(database: TestDatabase): Promise<void> {
  const ts = START.toISOString();
  await rows(database, `insert into contacts (ts, name, email, message) values ($1, 'Ann', 'a@example.org', 'Hi')`, [
    ts,
  ]);
  await rows(
    database,
    `insert into volunteers (ts, updated_at, name, email, details) values ($1, $1, 'Vic', 'v@example.org', '{}')`,
    [ts],
  );
  await rows(
    database,
    `insert into newsletter_subscribers (ts, email, status, confirm_sent_at) values ($1, 'p@example.org', 'pending', $1),
       ($1, 'c@example.org', 'confirmed', $1)`,
    [ts],
  );
  await rows(database, `insert into donations (ts, donor_name, amount) values ($1, 'Dan', 25)`, [ts]);
  for (const type of ['contact_submit', 'volunteer_application', 'newsletter_subscribe', 'donation_intent']) {
    await rows(database, `insert into events (ts, type, payload) values ($1, $2, '{"email":"x@example.org"}')`, [
      ts,
      type,
    ]);
    await rows(
      database,
      `insert into consent_records (ts, form, email, notice_version, wording) values ($1, $2, 'x@example.org', 'v', 'w')`,
      [ts, type],
    );
  }
}

const count = async (database: TestDatabase, sql: string) =>
  (await rows<{ n: number }>(database, `select count(*)::int as n from ${sql}`))[0]?.n;

describe.each(databases)('retention on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  beforeEach(() => truncate(database, [...ADMIN_TABLES, 'rate_limits']));

  test('each kind of data goes when its period ends, never before, and runs are recorded as counts', async () => {
    await seed(database);

    // A week to the minute: nothing is due yet.
    expect(await runRetention(at(7), {})).toMatchObject({
      contacts: 0,
      applications: 0,
      pendingSubscribers: 0,
      gifts: 0,
    });
    // Older than a week: the unconfirmed sign-up and its event go; the confirmed subscriber stays.
    expect(await runRetention(past(7), {})).toMatchObject({ pendingSubscribers: 1, events: 1, consent_records: 1 });
    expect(await rows(database, 'select email from newsletter_subscribers')).toEqual([{ email: 'c@example.org' }]);

    expect(await runRetention(at(364), {})).toMatchObject({ applications: 0 });
    expect(await runRetention(past(365), {})).toMatchObject({ applications: 1, contacts: 0 });
    expect(await count(database, 'volunteers')).toBe(0);

    expect(await runRetention(at(730), {})).toMatchObject({ contacts: 0 });
    expect(await runRetention(past(730), {})).toMatchObject({ contacts: 1, gifts: 0 });
    expect(await count(database, 'contacts')).toBe(0);

    expect(await runRetention(past(2557), {})).toMatchObject({ gifts: 1 });
    // Gifts are kept for the accounts, without who gave them.
    expect(await rows(database, 'select donor_name, amount::text as amount from donations')).toEqual([
      { donor_name: null, amount: '25.00' },
    ]);
    expect(await count(database, 'events')).toBe(0);
    expect(await count(database, 'consent_records')).toBe(0);

    const last = await lastRetentionRun();
    expect(last?.ts).toBe(past(2557).toISOString());
    expect(last?.removed).toMatchObject({ gifts: 1, contacts: 0 });
    expect(await count(database, 'retention_runs')).toBe(7);
  });

  test('an application is kept a year after its last change, not its arrival', async () => {
    await seed(database);
    await rows(database, 'update volunteers set updated_at = $1', [at(200).toISOString()]);
    expect(await runRetention(at(400), {})).toMatchObject({ applications: 0 });
    expect(await runRetention(at(565), {})).toMatchObject({ applications: 0 });
    expect(await runRetention(past(565), {})).toMatchObject({ applications: 1 });
  });

  test('a period set in the environment replaces the default; a malformed one is ignored', async () => {
    await seed(database);
    expect(await runRetention(at(31), { RETENTION_CONTACTS_DAYS: '30' })).toMatchObject({ contacts: 1 });
    const rules = retentionRules({ RETENTION_CONTACTS_DAYS: '30', RETENTION_GIFTS_DAYS: '-1' });
    expect(rules.find((rule) => rule.key === 'contacts')?.days).toBe(30);
    expect(rules.find((rule) => rule.key === 'gifts')?.days).toBe(2557);
    expect(retentionRules({}).map((rule) => periodText(rule.days))).toEqual([
      '2 years',
      '1 year',
      '7 days',
      '7 years',
      '30 days',
    ]);
  });

  test('staff read the periods and the latest run', async () => {
    const token = await staffToken('staff');
    const before = (await (await call(adminRetention, 'GET', '/api/admin/retention', { token })).json()) as {
      lastRun: unknown;
      rules: { key: string; days: number }[];
    };
    expect(before.lastRun).toBeNull();
    expect(before.rules.map((rule) => rule.key)).toEqual([
      'contacts',
      'applications',
      'pendingSubscribers',
      'gifts',
      'emails',
    ]);
    await seed(database);
    await runRetention(at(8), {});
    const after = (await (await call(adminRetention, 'GET', '/api/admin/retention', { token })).json()) as {
      lastRun: { ts: string; removed: Record<string, number> };
    };
    expect(after.lastRun).toMatchObject({ ts: at(8).toISOString(), removed: { pendingSubscribers: 1 } });
    expect((await call(adminRetention, 'GET', '/api/admin/retention')).status).toBe(401);
  });
});
