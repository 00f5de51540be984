/**
 * The daily digest: once a day, one email per audience about the previous Nairobi day. Staff on instant emails (and
 * the `NOTIFY_TO` inboxes) get the day's newsletter sign-ups; staff who chose a digest get the sign-ups and every
 * submission. Each is queued in the outbox under `digest:<day>:<audience>`, so a day is never summarised twice.
 */
import { countOverdue } from '../applications/applications.ts';
import { query, transaction } from '../platform/db.ts';
import { digestNotice, type DigestSignUp, type DigestSubmission } from './notification-text.ts';
import { enqueue, siteUrl } from '../platform/outbox.ts';
import { digestRecipients, instantRecipients } from './staff-preferences.ts';

/** Nairobi is UTC+3 all year (no daylight saving). */
const NAIROBI_OFFSET = '+03:00';

/** The Nairobi calendar day before `now`, as `YYYY-MM-DD`. */
export function previousNairobiDay(now: Date = new Date()): string {
  const nairobi = new Date(now.getTime() + 3 * 60 * 60 * 1000);
  nairobi.setUTCDate(nairobi.getUTCDate() - 1);
  return nairobi.toISOString().slice(0, 10);
}

/**
 * Queues the digests of `day` (`YYYY-MM-DD`, Nairobi), each also counting the applications overdue at `now`; returns
 * how many emails were queued (0 on a quiet day with nothing overdue).
 */
export async function queueDigests(day: string, now: Date = new Date()): Promise<number> {
  const start = `${day}T00:00:00${NAIROBI_OFFSET}`;
  const signUps = await query<DigestSignUp>(
    `select name from newsletter_subscribers
     where ts >= $1::timestamptz and ts < $1::timestamptz + interval '1 day' order by id`,
    [start],
  );
  const submissions = await query<DigestSubmission>(
    `select subject, resource, record_id as "recordId" from notification_outbox
     where kind = 'submission' and ts >= $1::timestamptz and ts < $1::timestamptz + interval '1 day' order by id`,
    [start],
  );
  const overdue = await countOverdue({ query }, now);
  return transaction(async (tx) => {
    let queued = 0;
    const audiences = [
      // Instant readers already had an email per submission: theirs holds only the sign-ups.
      { audience: 'signups', recipients: await instantRecipients(tx), submissions: [] as DigestSubmission[] },
      { audience: 'all', recipients: await digestRecipients(tx), submissions },
    ];
    for (const { audience, recipients, submissions: items } of audiences) {
      if (recipients.length === 0 || signUps.length + items.length + overdue === 0) continue;
      const added = await enqueue(tx, {
        kind: 'digest',
        dedupKey: `digest:${day}:${audience}`,
        source: 'digest',
        notice: digestNotice(day, signUps, items, siteUrl(), overdue),
        recipients,
      });
      if (added) queued += 1;
    }
    return queued;
  });
}
