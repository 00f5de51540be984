/**
 * The notification outbox: emails are written to `notification_outbox` in the transaction of what they report, and
 * sent afterwards, after the visitor's answer (`context.waitUntil`) and by the scheduled retry (notify-retry.ts).
 *
 * Nothing is sent twice: one row per submission (`dedup_key` is unique), and a sender first claims a due row in one
 * atomic UPDATE that also pushes its next attempt into the future (a lease sized to one send), so a second sender
 * running at the same moment skips it, and a sender that dies mid-way leaves it to be retried once the lease ends.
 * The row is marked sent as soon as the mail server accepts it; a sender killed in the instant between the two sends
 * it again after the lease, with the same Message-ID ({@link messageId}), so mail clients show it once.
 *
 * Slow parts of an email (a PDF to draw, a link to ask a provider for) are not made in the transaction that queues
 * it: the row names them ({@link MailCompletion}) and the sender makes them just before sending, with the
 * {@link Completers} its caller passed. A sender without the row's completer leaves the row to one that has it.
 */
import { createHash } from 'node:crypto';
import type { Context } from '@netlify/functions';
import { retentionDays } from '../../../../src/lib/retention.ts';
import type { TrackRequest } from '../../../../src/schemas/track.ts';
import type { OutboxStatus } from '../../../../src/schemas/notifications.ts';
import { siteUrl as publicSiteUrl } from '../../../../src/lib/site-url.ts';
import { query, transaction, type Queryable } from './db.ts';
import {
  describeFailure,
  isPermanent,
  openMailer,
  SEND_LIMIT_MS,
  senderDomain,
  smtpUrl,
  type MailAttachment,
  type Mailer,
} from './mailer.ts';
import { submissionNotice, type Notice } from '../staff/notification-text.ts';
import { instantRecipients } from '../staff/staff-preferences.ts';

/**
 * How long a claimed row is left alone by other senders: one send at most ({@link SEND_LIMIT_MS}) and a margin, so a
 * sender that died is replaced within a minute, while one still sending is never overtaken.
 */
export const LEASE_SECONDS = Math.ceil(SEND_LIMIT_MS / 1000) + 15;

/** How long a row is retried before it is marked failed. */
export const GIVE_UP_AFTER = '1 day';

/** Longest a single delivery run keeps starting new sends (scheduled functions stop after 30 s). */
export const RUN_BUDGET_MS = 20_000;

/**
 * Sent, failed or skipped rows are deleted after this many days (src/lib/retention.ts): the outbox holds names, so
 * it is not an archive.
 */
export const KEEP_DAYS = retentionDays('emails', process.env);

/**
 * What an outbox row is: a staff notification about one submission, a daily digest, or a message to a person
 * (a receipt, a confirmation link, an acknowledgement, a reply).
 */
export type OutboxKind = 'submission' | 'digest' | 'message';

/** One outbox row as the dashboard shows it. */
export type OutboxRow = {
  readonly id: string;
  readonly ts: string;
  readonly kind: OutboxKind;
  readonly source: string;
  readonly resource: string;
  readonly record_id: string | null;
  readonly recipients: string;
  readonly subject: string;
  readonly body: string;
  readonly status: OutboxStatus;
  readonly attempts: number;
  readonly next_attempt_at: string;
  readonly last_error: string | null;
  readonly sent_at: string | null;
  readonly reply_to: string | null;
};

/** A claimed row with what only sending needs. */
interface ClaimedRow extends OutboxRow {
  readonly dedup_key: string;
  readonly headers: Record<string, string>;
  readonly attachments: MailAttachment[];
  readonly complete: MailCompletion | null;
  readonly sender: string | null;
}

/** What a sender adds to a row's email when it sends it: `kind` names the completer, `data` is what it is given. */
export interface MailCompletion {
  readonly kind: string;
  readonly data: Record<string, unknown>;
}

/**
 * Completes an email at send time from its row's {@link MailCompletion} data and the queued body: the body to send
 * instead (when it changes) and attachments to add. A throw counts as a failed attempt, retried like a refused send.
 */
export type Completer = (
  data: Record<string, unknown>,
  body: string,
) => Promise<{ body?: string; attachments?: MailAttachment[] }>;

/** The completers a sender knows, by kind. */
export type Completers = Readonly<Record<string, Completer>>;

/** What one delivery run did. */
export interface DeliveryReport {
  sent: number;
  failed: number;
  retrying: number;
  skipped: number;
}

/** The public address links in emails point to (src/lib/site-url.ts), else the local server. */
export function siteUrl(): string {
  return publicSiteUrl(`http://localhost:${process.env['PORT'] ?? 8888}`);
}

/** Minutes before retry number `attempts` + 1: 1, 2, 4 … doubling up to an hour. */
export function retryDelayMinutes(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1));
}

/**
 * Adds one email to the outbox on `db` (the caller's transaction); a second row with the same key is ignored.
 * True when the row was added.
 */
export async function enqueue(
  db: Queryable,
  item: {
    kind: OutboxKind;
    dedupKey: string;
    source: string;
    notice: Notice;
    recipients: string[];
    replyTo?: string | undefined;
    /** The From address when it is not the website's own (`NOTIFY_FROM`): the charity's office. */
    sender?: string | undefined;
    headers?: Record<string, string> | undefined;
    attachments?: MailAttachment[] | undefined;
    /** What the sender adds when it sends the email (see {@link Completers}). */
    complete?: MailCompletion | undefined;
  },
): Promise<boolean> {
  const added = await db.query(
    `insert into notification_outbox (kind, dedup_key, source, resource, record_id, recipients, subject, body,
       reply_to, headers, attachments, complete, sender)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11::jsonb, $12::jsonb, $13)
     on conflict (dedup_key) do nothing returning id`,
    [
      item.kind,
      item.dedupKey,
      item.source,
      item.notice.resource,
      item.notice.recordId || null,
      item.recipients.join(', '),
      item.notice.subject,
      item.notice.body,
      item.replyTo ?? null,
      JSON.stringify(item.headers ?? {}),
      JSON.stringify(item.attachments ?? []),
      item.complete ? JSON.stringify(item.complete) : null,
      item.sender ?? null,
    ],
  );
  return added.length > 0;
}

/**
 * Queues the email about one stored submission, inside the transaction that stored it. Newsletter sign-ups get none:
 * they are gathered in the daily digest (notify-digest.ts).
 */
export async function enqueueSubmission(
  tx: Queryable,
  request: TrackRequest,
  ids: { eventId: string; recordId: string | null },
): Promise<void> {
  if (request.type === 'newsletter_subscribe') return;
  const notice = submissionNotice(request, ids.recordId ?? ids.eventId, siteUrl());
  await enqueue(tx, {
    kind: 'submission',
    dedupKey: `submission:${ids.eventId}`,
    source: request.type,
    notice,
    recipients: await instantRecipients(tx),
    // Staff answer a contact message from their mail program straight to the person who wrote.
    replyTo: request.type === 'contact_submit' ? request.payload.email : undefined,
  });
}

/** Claims the oldest due row this sender can complete (its completer `kinds`), or none. */
async function claimOne(db: Queryable, kinds: readonly string[]): Promise<ClaimedRow | undefined> {
  const [row] = await db.query<ClaimedRow>(
    `update notification_outbox set attempts = attempts + 1,
       next_attempt_at = now() + make_interval(secs => $1), updated_at = now()
     where id = (select id from notification_outbox where status = 'pending' and next_attempt_at <= now()
                   and (complete is null or complete->>'kind' = any($2::text[]))
                 order by next_attempt_at, id limit 1 for update skip locked)
       and status = 'pending'
     returning ${OUTBOX_COLUMNS}, dedup_key, headers, attachments, complete, sender`,
    [LEASE_SECONDS, kinds],
  );
  return row;
}

/** The email of a claimed row as it is sent: completed by its completer when it names one. */
async function completed(
  row: ClaimedRow,
  completers: Completers,
): Promise<{ body: string; attachments: MailAttachment[] }> {
  const completer = row.complete ? completers[row.complete.kind] : undefined;
  if (!row.complete || !completer) return { body: row.body, attachments: row.attachments };
  const extra = await completer(row.complete.data, row.body);
  return { body: extra.body ?? row.body, attachments: [...row.attachments, ...(extra.attachments ?? [])] };
}

/**
 * The Message-ID of a row's email: the same on every attempt, so a resend after a crash is recognisably the same
 * mail; the key's digest keeps two databases (a restored copy, a test run) from naming different mails alike.
 */
export function messageId(row: { id: string; dedup_key: string }, domain: string = senderDomain()): string {
  const digest = createHash('sha256').update(row.dedup_key).digest('hex').slice(0, 16);
  return `<outbox.${row.id}.${digest}@${domain}>`;
}

/** Marks every due row skipped (sending is off): the outbox keeps what would have been sent. */
async function skipDue(db: Queryable, reason: string): Promise<number> {
  const rows = await db.query(
    `update notification_outbox set status = 'skipped', last_error = $1, updated_at = now()
     where status = 'pending' and next_attempt_at <= now() returning id`,
    [reason],
  );
  return rows.length;
}

async function markSent(db: Queryable, id: string): Promise<void> {
  await db.query(
    `update notification_outbox set status = 'sent', sent_at = now(), last_error = null, updated_at = now()
     where id = $1`,
    [id],
  );
}

async function markSkipped(db: Queryable, id: string, reason: string): Promise<void> {
  await db.query(
    `update notification_outbox set status = 'skipped', last_error = $2, updated_at = now() where id = $1`,
    [id, reason],
  );
}

/** Records a failed attempt: failed for good on a permanent error or after a day, otherwise retried with backoff. */
async function markFailure(db: Queryable, row: OutboxRow, failure: unknown): Promise<OutboxStatus> {
  const [updated] = await db.query<{ status: OutboxStatus }>(
    `update notification_outbox set
       status = case when $2 or now() >= give_up_at then 'failed' else 'pending' end,
       next_attempt_at = now() + make_interval(mins => $3), last_error = $4, updated_at = now()
     where id = $1 returning status`,
    [row.id, isPermanent(failure), retryDelayMinutes(row.attempts), describeFailure(failure)],
  );
  return updated?.status ?? 'pending';
}

/**
 * Sends what is due, oldest first, one claimed row at a time, for at most {@link RUN_BUDGET_MS}. Without `SMTP_URL`
 * due rows are marked skipped. A server that cannot be reached ends the run: the other rows wait for the next one
 * without spending an attempt.
 */
export async function deliverDue(
  options: { db?: Queryable; mailer?: Mailer; budgetMs?: number; completers?: Completers } = {},
): Promise<DeliveryReport> {
  const db = options.db ?? { query };
  const completers = options.completers ?? {};
  const report: DeliveryReport = { sent: 0, failed: 0, retrying: 0, skipped: 0 };
  const mailer = options.mailer ?? openMailer();
  if (!mailer) {
    report.skipped = await skipDue(db, 'Not sent: no email server is set up');
    return report;
  }
  const deadline = Date.now() + (options.budgetMs ?? RUN_BUDGET_MS);
  try {
    while (Date.now() < deadline) {
      const row = await claimOne(db, Object.keys(completers));
      if (!row) break;
      if (row.recipients.trim() === '') {
        await markSkipped(db, row.id, 'Not sent: nobody to send it to (set NOTIFY_TO or choose emails in /samu)');
        report.skipped += 1;
        continue;
      }
      try {
        const mail = await completed(row, completers);
        await mailer.send({
          to: row.recipients,
          subject: row.subject,
          text: mail.body,
          messageId: messageId(row),
          replyTo: row.reply_to,
          from: row.sender,
          headers: row.headers,
          attachments: mail.attachments,
        });
      } catch (failure) {
        const status = await markFailure(db, row, failure);
        report[status === 'failed' ? 'failed' : 'retrying'] += 1;
        if (!isPermanent(failure)) break;
        continue;
      }
      await markSent(db, row.id);
      report.sent += 1;
    }
  } finally {
    if (!options.mailer) mailer.close();
  }
  return report;
}

/** The delivery run of this instance after answers, per set of completers, and whether another pass is asked for. */
const afterAnswers = new Map<string, { run: Promise<void>; again: boolean }>();

/**
 * Sends what is due with one run per instance at a time: a call while a run is under way asks it for one more pass
 * (which sends what the call queued) and shares its promise, rather than starting a second sender. Concurrent runs
 * would only race for the same rows: each claim, PDF and send of one run slows every other answer the instance (or
 * the embedded database, which has one connection) is making, and a burst of 50 webhooks started 50 of them.
 */
export function deliverCoalesced(completers: Completers | undefined): Promise<void> {
  const key = Object.keys(completers ?? {})
    .sort()
    .join(',');
  const current = afterAnswers.get(key);
  if (current) {
    current.again = true;
    return current.run;
  }
  const state = { run: Promise.resolve(), again: true };
  state.run = (async () => {
    try {
      while (state.again) {
        state.again = false;
        await deliverDue({ ...(completers ? { completers } : {}) }).catch((failure: unknown) => {
          console.error('outbox: delivery run failed', failure);
        });
      }
    } finally {
      afterAnswers.delete(key);
    }
  })();
  afterAnswers.set(key, state);
  return state.run;
}

/**
 * Sends what is due once the answer has gone out (`context.waitUntil`), so a slow or broken mail server never slows
 * or breaks a submission; whatever fails here stays pending for the scheduled retry, which is also what sends it
 * where the platform offers no `waitUntil` (work started after an answer could be frozen half-way there).
 * `completers` are those of the emails the caller queues (a receipt's PDF…). One run per instance at a time
 * ({@link deliverCoalesced}).
 */
export function deliverAfterResponse(context: Pick<Context, 'waitUntil'>, completers?: Completers): void {
  if (typeof context.waitUntil !== 'function') return;
  context.waitUntil(deliverCoalesced(completers));
}

/**
 * Runs `queue` (which may add emails) in a transaction once the answer has gone out, then sends what is due: what it
 * finds can then never change how long the answer takes (whether an address is known, say). Where the platform
 * offers no `waitUntil` (a handler called in-process), it runs before the answer instead and sends nothing, as
 * {@link deliverAfterResponse}. A failure is logged; what was queued stays for the scheduled retry.
 */
export async function queueAfterResponse(
  context: Pick<Context, 'waitUntil'>,
  what: string,
  queue: (tx: Queryable) => Promise<void>,
): Promise<void> {
  const queued = transaction(queue).catch((failure: unknown) => {
    console.error(`${what}: could not queue its email`, failure);
  });
  if (typeof context.waitUntil !== 'function') return queued;
  context.waitUntil(queued.then(() => deliverCoalesced(undefined)).catch(() => undefined));
}

/** True when emails are really sent (`SMTP_URL` set). */
export function sendingEnabled(): boolean {
  return smtpUrl() !== undefined;
}

const OUTBOX_COLUMNS = `id::text as id, ts, kind, source, resource, record_id, recipients, subject, body, status,
  attempts, next_attempt_at, last_error, sent_at, reply_to`;

/** A page of the outbox, newest first, optionally of one status. */
export async function listOutbox(options: {
  status?: OutboxStatus | undefined;
  limit: number;
  cursor?: string | undefined;
}): Promise<{ rows: OutboxRow[]; nextCursor: string | null }> {
  const rows = await query<OutboxRow>(
    `select ${OUTBOX_COLUMNS} from notification_outbox t
     where ($1::text is null or t.status = $1) and ($2::bigint is null or t.id < $2::bigint)
     order by t.id desc limit $3`,
    [options.status ?? null, options.cursor ?? null, options.limit + 1],
  );
  const page = rows.slice(0, options.limit);
  return { rows: page, nextCursor: rows.length > options.limit ? (page.at(-1)?.id ?? null) : null };
}

/** How many rows have each status. */
export async function outboxCounts(): Promise<Record<OutboxStatus, number>> {
  const rows = await query<{ status: OutboxStatus; n: number }>(
    'select status, count(*)::int as n from notification_outbox group by status',
  );
  const counts: Record<OutboxStatus, number> = { pending: 0, sent: 0, failed: 0, skipped: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/**
 * Puts a sent, failed or skipped row back in the queue, due now, with a fresh day of retries: a staff member asked
 * for it. Undefined when there is no such row, `pending` when it is still queued.
 */
export async function requeue(id: string): Promise<OutboxRow | 'pending' | undefined> {
  const [row] = await query<OutboxRow>(
    `update notification_outbox set status = 'pending', attempts = 0, next_attempt_at = now(),
       give_up_at = now() + interval '${GIVE_UP_AFTER}', last_error = null, updated_at = now()
     where id = $1 and status <> 'pending' returning ${OUTBOX_COLUMNS}`,
    [id],
  );
  if (row) return row;
  const [existing] = await query<{ status: string }>('select status from notification_outbox where id = $1', [id]);
  return existing ? 'pending' : undefined;
}

/** Deletes finished rows older than {@link KEEP_DAYS}; returns how many. */
export async function purgeFinished(): Promise<number> {
  const rows = await query(
    `delete from notification_outbox where status <> 'pending' and updated_at < now() - make_interval(days => $1)
     returning id`,
    [KEEP_DAYS],
  );
  return rows.length;
}
