/**
 * The daily run of commitments (commitments-daily.ts): every running commitment's instalments and state brought up
 * to the day, and the reminder of each M-Pesa instalment due soon, in the commitment's language.
 */
import { formatMoney } from '../../../../src/lib/money.ts';
import { mpesaInstructions, mpesaInstructionsText } from '../../../../src/lib/mpesa-instructions.ts';
import { translator, type Locale } from '../../../../src/i18n/catalogue.ts';
import { query, transaction, type Queryable } from '../platform/db.ts';
import { enqueue, siteUrl } from '../platform/outbox.ts';
import { myGivingUrl } from './site-links.ts';
import {
  REMINDER_DAYS_BEFORE,
  type CommitmentRow,
  type InstalmentRow,
  COMMITMENT_COLUMNS,
  INSTALMENT_COLUMNS,
  commitmentState,
  nairobiDay,
  addDays,
  periodsDue,
} from './commitment-rules.ts';
import { addDueInstalments } from './commitments.ts';
import { storeStates } from './commitment-states.ts';

/** What one run of {@link runCommitments} did. */
export interface CommitmentsReport {
  readonly checked: number;
  readonly changed: number;
  readonly reminders: number;
  /** Running commitments the run's time limit left for the next run. */
  readonly left: number;
}

/** How a run of {@link runCommitments} is bounded. */
export interface RunLimit {
  /** Asked before each batch: true stops the run, and the next one starts with the commitments left. */
  readonly outOfTime?: () => boolean;
  /** Commitments brought up to the day in one transaction ({@link REFRESH_BATCH} unless given). */
  readonly batchSize?: number;
}

/** Running commitments brought up to the day in one transaction: few round trips for thousands, short locks. */
export const REFRESH_BATCH = 200;

/**
 * Brings running commitments' instalments and state up to `now` ({@link REFRESH_BATCH} in each transaction), the
 * least recently settled first, until `limit` says the run is out of time; then queues the reminder of each M-Pesa
 * instalment due in {@link REMINDER_DAYS_BEFORE} days that is not paid, once. The reminders are never left for the
 * next run: they are few (one day of the month's), and tomorrow's run would look for another day's.
 */
export async function runCommitments(now: Date = new Date(), limit: RunLimit = {}): Promise<CommitmentsReport> {
  const running = await query<{ id: string }>(
    `select id::text as id from commitments where state in ('active', 'late', 'lapsed')
     order by settled_on nulls first, id`,
  );
  const size = limit.batchSize ?? REFRESH_BATCH;
  let changed = 0;
  let settled = 0;
  while (settled < running.length && !limit.outOfTime?.()) {
    const ids = running.slice(settled, settled + size).map(({ id }) => id);
    changed += await transaction((tx) => refreshBatch(tx, ids, now));
    settled += ids.length;
  }
  const left = running.length - settled;
  return { checked: running.length, changed, reminders: await queueReminders(now), left };
}

/** Locks those of `ids` still running, adds their due instalments and stores the states they now have; how many moved. */
async function refreshBatch(tx: Queryable, ids: readonly string[], now: Date): Promise<number> {
  const commitments = await tx.query<CommitmentRow>(
    `select ${COMMITMENT_COLUMNS} from commitments
     where id = any($1::bigint[]) and state in ('active', 'late', 'lapsed') order by id for update`,
    [ids],
  );
  await addDueInstalments(tx, commitments, now);
  const instalments = await tx.query<InstalmentRow>(
    `select ${INSTALMENT_COLUMNS} from commitment_instalments where commitment_id = any($1::bigint[])
     order by commitment_id, period`,
    [commitments.map(({ id }) => id)],
  );
  const byCommitment = new Map<string, InstalmentRow[]>();
  for (const instalment of instalments) {
    const list = byCommitment.get(instalment.commitment_id) ?? [];
    list.push(instalment);
    byCommitment.set(instalment.commitment_id, list);
  }
  const changes = commitments.flatMap((commitment) => {
    const state = commitmentState(commitment, byCommitment.get(commitment.id) ?? [], now);
    return state === commitment.state ? [] : [{ commitment, state }];
  });
  await storeStates(tx, changes, now);
  await tx.query('update commitments set settled_on = $2 where id = any($1::bigint[])', [
    commitments.map(({ id }) => id),
    nairobiDay(now),
  ]);
  return changes.length;
}

/** Queues the reminders of M-Pesa instalments due {@link REMINDER_DAYS_BEFORE} days from `now`; how many. */
export async function queueReminders(now: Date): Promise<number> {
  const paybill = process.env['MPESA_PAYBILL'];
  if (!paybill) return 0;
  const day = addDays(nairobiDay(now), REMINDER_DAYS_BEFORE);
  // Only a commitment due on the day of the month `day` falls on can have an instalment due on `day`; the rules decide.
  const candidates = await query<CommitmentRow>(
    `select ${COMMITMENT_COLUMNS} from commitments
     where method = 'mpesa' and state = 'active' and donor_email is not null and starts_on is not null
       and due_day = $1 order by id`,
    [Number(day.slice(8, 10))],
  );
  let queued = 0;
  for (const commitment of candidates) {
    const next = periodsDue(commitment, day).at(-1);
    if (next?.dueOn !== day) continue;
    const added = await transaction(async (tx) => {
      await tx.query(
        `insert into commitment_instalments (commitment_id, period, due_on) values ($1, $2, $3)
         on conflict (commitment_id, period) do nothing`,
        [commitment.id, next.period, next.dueOn],
      );
      const [open] = await tx.query(
        `update commitment_instalments set reminded_at = $3
         where commitment_id = $1 and period = $2 and gift_id is null and reminded_at is null returning period`,
        [commitment.id, next.period, now],
      );
      if (!open) return false;
      return enqueue(tx, {
        kind: 'message',
        dedupKey: `commitment-reminder:${commitment.id}:${next.period}`,
        source: 'commitment_reminder',
        notice: reminderNotice(commitment, paybill, next.dueOn),
        recipients: [commitment.donor_email ?? ''],
      });
    });
    if (added) queued += 1;
  }
  return queued;
}

/** The one-payment checkout link of a commitment's period: the donate or sponsor page with its choices filled in. */
export function instalmentCheckoutUrl(commitment: Pick<CommitmentRow, 'id' | 'account'>): string {
  const url = new URL('/api/payments/instalment', siteUrl());
  url.searchParams.set('account', commitment.account ?? commitment.id);
  return url.href;
}

/** The reminder email of an M-Pesa instalment due on `due` (in words), in the commitment's language. */
export function reminderNotice(commitment: CommitmentRow, paybill: string, due: string) {
  const language = commitment.language ?? 'en';
  const t = translator(language);
  const amount = formatMoney(commitment.amount_subunits, commitment.currency);
  const what = commitment.kind === 'sponsorship' ? 'sponsorship' : 'donation';
  const account = commitment.account ?? '';
  return {
    subject: t(`mail.reminder.subject.${what}`, { amount, due }),
    body: [
      t('email.dear', { name: commitment.donor_name ?? t('email.friend') }),
      '',
      t(`mail.reminder.due.${what}`, { amount, due }),
      '',
      mpesaInstructionsText(mpesaInstructions(paybill, account, 'month', language), language),
      '',
      t('mail.reminder.online', { link: instalmentCheckoutUrl(commitment) }),
      '',
      t('mail.reminder.myGiving', { link: myGivingUrl(language) }),
    ].join('\n'),
    resource: 'gifts' as const,
    recordId: commitment.id,
  };
}

/**
 * The M-Pesa part of a receipt email for a gift that started or paid an M-Pesa commitment, or '': in the receipt's
 * `language` when given, else the commitment's.
 */
export async function receiptInstructions(
  giftId: string,
  db: Queryable = { query },
  language?: Locale,
): Promise<string> {
  const paybill = process.env['MPESA_PAYBILL'];
  if (!paybill) return '';
  const [row] = await db.query<{ account: string; language: Locale }>(
    `select c.account, c.language from commitments c
     where c.method = 'mpesa' and c.account is not null
       and (c.gift_id = $1 or exists (select 1 from commitment_instalments i where i.commitment_id = c.id and i.gift_id = $1))`,
    [giftId],
  );
  if (!row) return '';
  const words = language ?? row.language;
  return mpesaInstructionsText(mpesaInstructions(paybill, row.account, 'month', words), words);
}
