/**
 * Retention: deletes or anonymises personal data past its period (src/lib/retention.ts, overridable by environment
 * variables), with the copies of it in `events` and `consent_records`, and records each run as counts only. The clock
 * is a parameter, so tests move time instead of waiting. Sent emails are purged by the outbox's own scheduled run
 * (notify-retry.ts, `purgeFinished`) with the same period.
 */
import { retentionRules, type RetentionKey } from '../../../../src/lib/retention.ts';
import { query, transaction, type Queryable } from '../platform/db.ts';

/** Rows removed (or anonymised) by one run, per kind of data. */
export type RetentionReport = Partial<Record<RetentionKey | 'events' | 'consent_records' | 'donor_sign_ins', number>>;

const APPLICATION_TYPES = [
  'volunteer_application',
  'school_volunteer_application',
  'internship_application',
  'sponsorship_application',
];

/** Deletes `type` events and their consent records received before the cutoff; how many events. */
async function dropCopies(tx: Queryable, types: readonly string[], cutoff: string, report: RetentionReport) {
  const events = await tx.query(`delete from events where type = any($1::text[]) and ts < $2 returning id`, [
    types,
    cutoff,
  ]);
  const consents = await tx.query(`delete from consent_records where form = any($1::text[]) and ts < $2 returning id`, [
    types,
    cutoff,
  ]);
  report.events = (report.events ?? 0) + events.length;
  report.consent_records = (report.consent_records ?? 0) + consents.length;
}

/** Runs retention once at `now`, in one transaction; returns and records what it removed. */
export async function runRetention(
  now = new Date(),
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<RetentionReport> {
  const days = Object.fromEntries(retentionRules(env).map((rule) => [rule.key, rule.days])) as Record<
    RetentionKey,
    number
  >;
  const cutoff = (key: RetentionKey) => new Date(now.getTime() - days[key] * 86_400_000).toISOString();
  return transaction(async (tx) => {
    const report: RetentionReport = {};

    report.contacts = (await tx.query('delete from contacts where ts < $1 returning id', [cutoff('contacts')])).length;
    await dropCopies(tx, ['contact_submit'], cutoff('contacts'), report);

    report.applications = (
      await tx.query('delete from volunteers where updated_at < $1 returning id', [cutoff('applications')])
    ).length;
    await dropCopies(tx, APPLICATION_TYPES, cutoff('applications'), report);

    report.pendingSubscribers = (
      await tx.query(
        `delete from newsletter_subscribers
         where (status = 'pending' and coalesce(confirm_sent_at, ts) < $1)
            or (status = 'unsubscribed' and unsubscribed_at < $1)
         returning id`,
        [cutoff('pendingSubscribers')],
      )
    ).length;
    await dropCopies(tx, ['newsletter_subscribe'], cutoff('pendingSubscribers'), report);

    // Gifts stay for the accounts, without who gave them.
    report.gifts = (
      await tx.query('update donations set donor_name = null where ts < $1 and donor_name is not null returning id', [
        cutoff('gifts'),
      ])
    ).length;
    // An ended commitment keeps what was promised and paid, not who promised it, as long after its end.
    report.gifts += (
      await tx.query(
        `update commitments set donor_name = null, donor_email = null, donor_phone = null, anonymous = true,
           updated_at = now()
         where state = 'ended' and ended_at < $1 and (donor_name is not null or donor_email is not null
           or donor_phone is not null) returning id`,
        [cutoff('gifts')],
      )
    ).length;
    await dropCopies(tx, ['donation_intent'], cutoff('gifts'), report);

    // My giving's sign-in links and donor sessions: a day after they expire.
    const dayBefore = new Date(now.getTime() - 86_400_000);
    report.donor_sign_ins =
      (await tx.query('delete from donor_sign_in_links where expires_at < $1 returning id', [dayBefore])).length +
      (await tx.query('delete from donor_sessions where expires_at < $1 returning id', [dayBefore])).length;

    await tx.query('insert into retention_runs (ts, removed) values ($1, $2)', [now, report]);
    return report;
  });
}

/** The latest run: when, and what it removed (counts), or null before the first. */
export async function lastRetentionRun(
  db: Queryable = { query },
): Promise<{ ts: string; removed: RetentionReport } | null> {
  const [row] = await db.query<{ ts: Date; removed: RetentionReport }>(
    'select ts, removed from retention_runs order by id desc limit 1',
  );
  return row ? { ts: row.ts.toISOString(), removed: row.removed } : null;
}
