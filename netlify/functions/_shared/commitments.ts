/**
 * Commitments: the one owner of the rules for supporters who give each period. Every monthly (quarterly, yearly) gift
 * and every sponsorship is a commitment; each period has an instalment that one confirmed gift pays; the commitment's
 * state follows from its instalments and from what the provider or staff said:
 *
 * - an instalment is `due` until its day has passed, then `late`, then `missed` {@link MISSED_AFTER_DAYS} days after
 *   its day; a paid one is `paid`;
 * - a commitment is `pending` until its first instalment is paid, then `active`; `late` with one missed instalment;
 *   `lapsed` with two or more, or when the provider (or the supporter) stopped it; `paused` and `ended` are staff's.
 *
 * A sponsorship starts only here: when the first instalment of a sponsorship commitment is paid and the commitment
 * gives at least the sponsorship minimum a month. A one-off payment naming a child is a gift towards her care, never a
 * sponsor. When a sponsorship lapses, staff are asked to contact the sponsor; only staff end it, which puts the child
 * back on the waiting lists.
 *
 * Every rule takes the clock as a `now` argument, so tests name the day instead of waiting for it.
 */
import { randomInt } from 'node:crypto';
import { formatMoney, usdToSubunits } from '../../../src/lib/money.ts';
import { mpesaInstructions, mpesaInstructionsText } from '../../../src/lib/mpesa-instructions.ts';
import { translator, type Locale } from '../../../src/i18n/catalogue.ts';
import { audit } from './audit.ts';
import { childChanged, rebuildForChild } from './children.ts';
import { isUniqueViolation, query, transaction, type Queryable } from './db.ts';
import type { GiftRow, LedgerTx, NewGift } from './gifts.ts';
import { enqueue, siteUrl } from './outbox.ts';
import { myGivingUrl } from './site-links.ts';

/** Where a commitment stands. */
export const COMMITMENT_STATES = ['pending', 'active', 'late', 'lapsed', 'paused', 'ended'] as const;
/** One of {@link COMMITMENT_STATES}. */
export type CommitmentState = (typeof COMMITMENT_STATES)[number];

/** Where one instalment stands. */
export const INSTALMENT_STATES = ['due', 'paid', 'late', 'missed'] as const;
/** One of {@link INSTALMENT_STATES}. */
export type InstalmentState = (typeof INSTALMENT_STATES)[number];

/** How a commitment is paid. */
export type CommitmentMethod = 'card' | 'mpesa' | 'other';

/** The ledger's frequency of a gift paying a commitment with each interval. */
export const FREQUENCY_OF_INTERVAL: Readonly<Record<number, 'monthly' | 'quarterly' | 'annual'>> = {
  1: 'monthly',
  3: 'quarterly',
  12: 'annual',
};

/**
 * A Paystack gift paying `commitment`: who gives, what it supports, how often and how much, as the commitment says;
 * the caller adds its reference and method, and whatever the charge itself says otherwise.
 */
export function giftPaying(
  commitment: CommitmentRow,
): Omit<NewGift, 'reference' | 'method'> & Pick<NewGift, 'provider' | 'recordedBy'> {
  return {
    provider: 'paystack',
    kind: commitment.kind,
    frequency: FREQUENCY_OF_INTERVAL[commitment.interval_months] ?? 'monthly',
    cause: commitment.cause,
    childId: commitment.child_id,
    sponsorshipType: commitment.sponsorship_type,
    amountSubunits: commitment.amount_subunits,
    currency: commitment.currency,
    donorName: commitment.donor_name,
    donorEmail: commitment.donor_email,
    donorPhone: commitment.donor_phone,
    anonymous: commitment.anonymous,
    recordedBy: 'paystack',
    language: commitment.language,
  };
}

/** Days after its due day an unpaid instalment counts as missed (until then it is late). */
export const MISSED_AFTER_DAYS = 14;

/** Days before an M-Pesa instalment is due that its reminder is sent. */
export const REMINDER_DAYS_BEFORE = 3;

/** The least a sponsorship gives a month, in US dollars (the lowest sponsorship the site offers). */
export const SPONSORSHIP_MINIMUM_USD = 15;

/** The least a sponsorship commitment gives a month, in `currency`'s subunits. */
export function sponsorshipMinimum(currency: string): number {
  return usdToSubunits(SPONSORSHIP_MINIMUM_USD, currency === 'KES' ? 'KES' : 'USD');
}

/** A commitment row as the table holds it. */
export interface CommitmentRow {
  readonly id: string;
  readonly created_at: Date | string;
  readonly kind: 'donation' | 'sponsorship';
  readonly cause: string | null;
  readonly child_id: string | null;
  readonly sponsorship_type: string | null;
  readonly donor_name: string | null;
  readonly donor_email: string | null;
  readonly donor_phone: string | null;
  readonly anonymous: boolean;
  readonly amount_subunits: number;
  readonly currency: string;
  readonly method: CommitmentMethod;
  readonly interval_months: number;
  readonly due_day: number;
  /** `YYYY-MM-DD`, the first instalment's period, or null while pending. */
  readonly starts_on: string | null;
  readonly state: CommitmentState;
  readonly state_since: Date | string;
  readonly provider_stopped_at: Date | string | null;
  readonly stop_reason: string | null;
  readonly paused_at: Date | string | null;
  readonly ended_at: Date | string | null;
  readonly ended_by: string | null;
  readonly end_reason: string | null;
  readonly subscription_code: string | null;
  readonly plan_code: string | null;
  readonly account: string | null;
  readonly gift_id: string | null;
  readonly sponsorship_id: string | null;
  readonly contact_due_at: Date | string | null;
  readonly contact_done_at: Date | string | null;
  readonly contact_done_by: string | null;
  /** The language of the page it was made from: its reminders and the receipts of its instalments go in it. */
  readonly language: Locale;
}

/** One instalment. */
export interface InstalmentRow {
  readonly commitment_id: string;
  /** `YYYY-MM-DD`: the period's first day. */
  readonly period: string;
  /** `YYYY-MM-DD`. */
  readonly due_on: string;
  readonly gift_id: string | null;
  readonly paid_at: Date | string | null;
  readonly reminded_at: Date | string | null;
}

/** The columns every read of a commitment takes. */
export const COMMITMENT_COLUMNS = `id::text as id, created_at, kind, cause, child_id, sponsorship_type, donor_name,
  donor_email, donor_phone, anonymous, amount_subunits::float8 as amount_subunits, currency, method, interval_months,
  due_day, starts_on::text as starts_on, state, state_since, provider_stopped_at, stop_reason, paused_at, ended_at,
  ended_by, end_reason, subscription_code, plan_code, account, gift_id::text as gift_id,
  sponsorship_id::text as sponsorship_id, contact_due_at, contact_done_at, contact_done_by, language`;

const INSTALMENT_COLUMNS = `commitment_id::text as commitment_id, period::text as period, due_on::text as due_on,
  gift_id::text as gift_id, paid_at, reminded_at`;

// ---------------------------------------------------------------------------------------------------------------
// The rules, as pure functions of the rows and the clock.

/** The Nairobi calendar day of `now` (UTC+3 all year), `YYYY-MM-DD`. */
export function nairobiDay(now: Date): string {
  return new Date(now.getTime() + 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** `day` plus `days` (either sign), `YYYY-MM-DD`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first day of the month `months` after the month of `day`. */
export function addMonths(day: string, months: number): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

/** The day a period's instalment is due. */
export function dueOn(period: string, dueDay: number): string {
  return `${period.slice(0, 7)}-${String(dueDay).padStart(2, '0')}`;
}

/** Every period from `startsOn` whose instalment falls due on or before `through` (a day). */
export function periodsDue(
  commitment: Pick<CommitmentRow, 'starts_on' | 'interval_months' | 'due_day'>,
  through: string,
): { period: string; dueOn: string }[] {
  const periods: { period: string; dueOn: string }[] = [];
  if (!commitment.starts_on) return periods;
  for (let n = 0; ; n += 1) {
    const period = addMonths(commitment.starts_on, n * commitment.interval_months);
    const due = dueOn(period, commitment.due_day);
    if (due > through) return periods;
    periods.push({ period, dueOn: due });
  }
}

/** Where one instalment stands at `now`. */
export function instalmentState(instalment: Pick<InstalmentRow, 'due_on' | 'gift_id'>, now: Date): InstalmentState {
  if (instalment.gift_id !== null) return 'paid';
  const today = nairobiDay(now);
  if (today <= instalment.due_on) return 'due';
  return today > addDays(instalment.due_on, MISSED_AFTER_DAYS) ? 'missed' : 'late';
}

/** Where a commitment stands at `now`, from staff's and the provider's word and its instalments. */
export function commitmentState(
  commitment: Pick<CommitmentRow, 'ended_at' | 'paused_at' | 'starts_on' | 'provider_stopped_at'>,
  instalments: readonly Pick<InstalmentRow, 'due_on' | 'gift_id'>[],
  now: Date,
): CommitmentState {
  if (commitment.ended_at) return 'ended';
  if (commitment.paused_at) return 'paused';
  if (!commitment.starts_on) return 'pending';
  if (commitment.provider_stopped_at) return 'lapsed';
  const missed = instalments.filter((instalment) => instalmentState(instalment, now) === 'missed').length;
  if (missed >= 2) return 'lapsed';
  return missed === 1 ? 'late' : 'active';
}

/** Letters and digits no one misreads (no 0/O, 1/I/L, 5/S, 8/B). */
const ACCOUNT_ALPHABET = '234679ACDEFGHJKMNPQRTUVWXYZ';

/** A fresh Paybill account number for an M-Pesa commitment: `TUM` and five unambiguous characters. */
export function newAccount(): string {
  let code = 'TUM';
  for (let i = 0; i < 5; i += 1) code += ACCOUNT_ALPHABET[randomInt(ACCOUNT_ALPHABET.length)];
  return code;
}

/** A BillRefNumber as typed on a phone, in the form accounts are stored (upper case, no spaces or dashes). */
export function normaliseAccount(billRef: string): string {
  return billRef.replace(/[\s-]/g, '').toUpperCase();
}

/** True when a typed account has the shape of a commitment's (so an unknown one is worth a look). */
export function looksLikeAccount(billRef: string): boolean {
  return /^TUM[A-Z0-9]{3,17}$/.test(normaliseAccount(billRef));
}

// ---------------------------------------------------------------------------------------------------------------
// Making and paying commitments.

/** What a checkout or staff asks to commit to. */
export interface NewCommitment {
  kind: 'donation' | 'sponsorship';
  cause?: string | null;
  childId?: string | null;
  sponsorshipType?: string | null;
  donorName?: string | null;
  donorEmail?: string | null;
  donorPhone?: string | null;
  anonymous?: boolean;
  amountSubunits: number;
  currency: string;
  method: CommitmentMethod;
  intervalMonths: 1 | 3 | 12;
  /** The gift of the checkout that made it (its first instalment once paid). */
  giftId?: string | null;
  planCode?: string | null;
  /** The language of the page it was made from, that of its reminders (`en` when left out). */
  language?: 'en' | 'sw';
}

/** Writes a pending commitment on `tx` (an M-Pesa one with a fresh account number); returns it. */
export async function createCommitment(tx: Queryable, commitment: NewCommitment, now: Date): Promise<CommitmentRow> {
  for (let attempt = 0; ; attempt += 1) {
    const account = commitment.method === 'mpesa' ? newAccount() : null;
    try {
      // A savepoint, so an account number that is already taken is retried without losing the caller's transaction.
      await tx.query('savepoint new_commitment');
      const [row] = await tx.query<CommitmentRow>(
        `insert into commitments (kind, cause, child_id, sponsorship_type, donor_name, donor_email, donor_phone,
           anonymous, amount_subunits, currency, method, interval_months, due_day, account, gift_id, plan_code,
           created_at, state_since, language)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17, $18)
         returning ${COMMITMENT_COLUMNS}`,
        [
          commitment.kind,
          commitment.cause ?? null,
          commitment.childId ?? null,
          commitment.sponsorshipType ?? null,
          commitment.donorName ?? null,
          commitment.donorEmail ?? null,
          commitment.donorPhone ?? null,
          commitment.anonymous ?? false,
          commitment.amountSubunits,
          commitment.currency,
          commitment.method,
          commitment.intervalMonths,
          Math.min(Number(nairobiDay(now).slice(8, 10)), 28),
          account,
          commitment.giftId ?? null,
          commitment.planCode ?? null,
          now,
          commitment.language ?? 'en',
        ],
      );
      await tx.query('release savepoint new_commitment');
      if (!row) throw new Error('insert into commitments returned no row');
      return row;
    } catch (failure) {
      if (account && attempt < 5 && isUniqueViolation(failure, 'commitments_account_key')) {
        await tx.query('rollback to savepoint new_commitment');
        continue;
      }
      throw failure;
    }
  }
}

/** Which commitment a payment is for. */
export type CommitmentTarget =
  | { readonly commitmentId: string }
  | { readonly subscriptionCode: string }
  | { readonly account: string }
  /** The gift whose checkout made the commitment (a first payment, or a renewal's parent). */
  | { readonly giftId: string };

/** One commitment by `target`, locked on `tx` unless `lock` is false. */
export async function lockCommitment(
  tx: Queryable,
  target: CommitmentTarget,
  lock = true,
): Promise<CommitmentRow | undefined> {
  const [column, value] =
    'commitmentId' in target
      ? ['id', target.commitmentId]
      : 'subscriptionCode' in target
        ? ['subscription_code', target.subscriptionCode]
        : 'account' in target
          ? ['account', normaliseAccount(target.account)]
          : ['gift_id', target.giftId];
  const [row] = await tx.query<CommitmentRow>(
    `select ${COMMITMENT_COLUMNS} from commitments where ${column}::text = $1${lock ? ' for update' : ''}`,
    [value],
  );
  return row;
}

/** Reads one commitment. */
export async function commitmentByTarget(
  target: CommitmentTarget,
  db: Queryable = { query },
): Promise<CommitmentRow | undefined> {
  return lockCommitment(db, target, false);
}

/** What paying an instalment did. */
export type InstalmentOutcome =
  /** The first instalment: the commitment started (and a sponsorship, when it is one). */
  | { outcome: 'started'; commitment: CommitmentRow; period: string }
  | { outcome: 'paid'; commitment: CommitmentRow; period: string }
  /** The payment is a gift, but not an instalment: too small, another currency, or the commitment ended. */
  | { outcome: 'not-an-instalment'; commitment: CommitmentRow; why: string }
  | { outcome: 'no-commitment' };

/**
 * Pays the oldest open instalment of the commitment `target` names with the confirmed `gift` (in the caller's
 * transaction): the first one starts the commitment (and, for a sponsorship of at least the minimum, the child's
 * sponsor record); a payment when nothing is open pays the next period ahead. A payment smaller than the instalment,
 * in another currency, or to an ended commitment stays a gift and pays nothing.
 */
export async function payInstalment(
  tx: LedgerTx,
  target: CommitmentTarget,
  gift: Pick<GiftRow, 'id' | 'amount_subunits' | 'currency' | 'confirmed_at' | 'provider' | 'recorded_by'>,
  now: Date = gift.confirmed_at ? new Date(gift.confirmed_at) : new Date(),
): Promise<InstalmentOutcome> {
  const commitment = await lockCommitment(tx, target);
  if (!commitment) return { outcome: 'no-commitment' };
  const [already] = await tx.query<{ period: string }>(
    'select period::text as period from commitment_instalments where gift_id = $1',
    [gift.id],
  );
  if (already) return { outcome: 'paid', commitment, period: already.period };
  const why =
    commitment.state === 'ended'
      ? 'The commitment it names has ended.'
      : gift.currency !== commitment.currency
        ? `It is in ${gift.currency}; the commitment is in ${commitment.currency}.`
        : Number(gift.amount_subunits) < commitment.amount_subunits
          ? `It is less than the ${formatMoney(commitment.amount_subunits, commitment.currency)} each instalment is.`
          : null;
  if (why) return { outcome: 'not-an-instalment', commitment, why };

  const today = nairobiDay(now);
  let current = commitment;
  let period: string;
  const starting = !commitment.starts_on;
  if (starting) {
    period = `${today.slice(0, 7)}-01`;
    const [started] = await tx.query<CommitmentRow>(
      `update commitments set starts_on = $2, due_day = $3, updated_at = now() where id = $1
       returning ${COMMITMENT_COLUMNS}`,
      [commitment.id, period, Math.min(Number(today.slice(8, 10)), 28)],
    );
    current = started ?? commitment;
    await tx.query(
      `insert into commitment_instalments (commitment_id, period, due_on, gift_id, paid_at) values ($1, $2, $3, $4, $5)`,
      [current.id, period, dueOn(period, current.due_day), gift.id, now],
    );
  } else {
    await addDueInstalments(tx, current, now);
    const [open] = await tx.query<{ period: string }>(
      `select period::text as period from commitment_instalments where commitment_id = $1 and gift_id is null
       order by period limit 1`,
      [current.id],
    );
    if (open) {
      period = open.period;
    } else {
      const [last] = await tx.query<{ period: string | null }>(
        'select max(period)::text as period from commitment_instalments where commitment_id = $1',
        [current.id],
      );
      period = last?.period
        ? addMonths(last.period, current.interval_months)
        : (current.starts_on ?? `${today.slice(0, 7)}-01`);
    }
    await tx.query(
      `insert into commitment_instalments (commitment_id, period, due_on, gift_id, paid_at) values ($1, $2, $3, $4, $5)
       on conflict (commitment_id, period) do update set gift_id = excluded.gift_id, paid_at = excluded.paid_at`,
      [current.id, period, dueOn(period, current.due_day), gift.id, now],
    );
  }
  current = await settleState(tx, current, now);
  if (starting && current.kind === 'sponsorship') {
    current = await startSponsorship(tx, current, gift.provider === 'staff' ? gift.recorded_by : gift.provider);
  }
  return { outcome: starting ? 'started' : 'paid', commitment: current, period };
}

/**
 * The sponsor record of a sponsorship commitment whose first instalment was just paid, when it gives at least the
 * sponsorship minimum a month and the child has no sponsor yet; noted on the transaction for the rebuild.
 */
async function startSponsorship(tx: LedgerTx, commitment: CommitmentRow, by: string): Promise<CommitmentRow> {
  if (!commitment.child_id) return commitment;
  const monthly = Math.round(commitment.amount_subunits / commitment.interval_months);
  if (monthly < sponsorshipMinimum(commitment.currency)) {
    await commitmentEvent(tx, 'commitment.below_minimum', commitment);
    return commitment;
  }
  const [added] = await tx.query<{ id: string }>(
    `insert into sponsorships (child_id, sponsor_name, sponsor_email, amount_subunits, currency, frequency,
       created_by, gift_ref)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (child_id) where state = 'active' do nothing returning id::text as id`,
    [
      commitment.child_id,
      commitment.donor_name ?? 'Anonymous sponsor',
      commitment.donor_email,
      monthly,
      commitment.currency,
      commitment.interval_months === 12 ? 'yearly' : 'monthly',
      by,
      commitment.gift_id,
    ],
  );
  if (!added) {
    await commitmentEvent(tx, 'commitment.child_taken', commitment);
    return commitment;
  }
  tx.sponsorshipsStarted.push({ childId: commitment.child_id, by });
  const [row] = await tx.query<CommitmentRow>(
    `update commitments set sponsorship_id = $2, updated_at = now() where id = $1 returning ${COMMITMENT_COLUMNS}`,
    [commitment.id, added.id],
  );
  return row ?? commitment;
}

/** Adds the instalments that have fallen due by `now` and are not there yet. */
async function addDueInstalments(tx: Queryable, commitment: CommitmentRow, now: Date): Promise<void> {
  const due = periodsDue(commitment, nairobiDay(now));
  if (due.length === 0) return;
  await tx.query(
    `insert into commitment_instalments (commitment_id, period, due_on)
     select $1, period::date, due_on::date from unnest($2::text[], $3::text[]) as p(period, due_on)
     on conflict (commitment_id, period) do nothing`,
    [commitment.id, due.map((item) => item.period), due.map((item) => item.dueOn)],
  );
}

/** Reads a commitment's instalments, oldest first. */
export async function instalmentsOf(commitmentId: string, db: Queryable = { query }): Promise<InstalmentRow[]> {
  return db.query<InstalmentRow>(
    `select ${INSTALMENT_COLUMNS} from commitment_instalments where commitment_id = $1 order by period`,
    [commitmentId],
  );
}

/**
 * Stores the state a commitment has at `now` (the caller holds its row); a sponsorship that has just lapsed asks staff
 * to contact the sponsor, and every change is an event for Recent Activity and the live stream.
 */
export async function settleState(tx: Queryable, commitment: CommitmentRow, now: Date): Promise<CommitmentRow> {
  const state = commitmentState(commitment, await instalmentsOf(commitment.id, tx), now);
  if (state === commitment.state) return commitment;
  const askContact = state === 'lapsed' && commitment.kind === 'sponsorship' && commitment.sponsorship_id !== null;
  const [row] = await tx.query<CommitmentRow>(
    `update commitments set state = $2, state_since = $3, updated_at = now(),
       contact_due_at = case when $4::boolean then $3 else contact_due_at end,
       contact_done_at = case when $4::boolean then null else contact_done_at end,
       contact_done_by = case when $4::boolean then null else contact_done_by end
     where id = $1 returning ${COMMITMENT_COLUMNS}`,
    [commitment.id, state, now, askContact],
  );
  const changed = row ?? commitment;
  await commitmentEvent(tx, `commitment.${state}`, changed);
  return changed;
}

/** Recent Activity and the live stream learn of a commitment's change from this event (no personal details). */
async function commitmentEvent(tx: Queryable, type: string, commitment: CommitmentRow): Promise<void> {
  await tx.query('insert into events (type, payload) values ($1, $2)', [
    type,
    {
      commitmentId: commitment.id,
      kind: commitment.kind,
      child: commitment.child_id,
      amount: formatMoney(commitment.amount_subunits, commitment.currency),
    },
  ]);
}

/**
 * The provider said a subscription stopped (Paystack's `subscription.disable`, charges failing for good): the
 * commitment lapses, and a sponsorship asks staff to contact the sponsor. False when no commitment has the code.
 */
export async function providerStopped(
  tx: Queryable,
  subscriptionCode: string,
  reason: string,
  now: Date = new Date(),
): Promise<boolean> {
  const commitment = await lockCommitment(tx, { subscriptionCode });
  if (!commitment) return false;
  await stopped(tx, commitment, reason, now);
  return true;
}

/** The supporter stopped a commitment themselves (My giving): it lapses, and staff are asked about a sponsorship. */
export async function supporterStopped(
  tx: Queryable,
  commitmentId: string,
  now: Date = new Date(),
): Promise<CommitmentRow | undefined> {
  const commitment = await lockCommitment(tx, { commitmentId });
  if (!commitment) return undefined;
  if (commitment.kind === 'donation') return endLocked(tx, commitment, 'donor', 'The donor stopped it.', now);
  return stopped(tx, commitment, 'The sponsor asked to stop.', now);
}

async function stopped(tx: Queryable, commitment: CommitmentRow, reason: string, now: Date): Promise<CommitmentRow> {
  if (commitment.state === 'ended' || commitment.provider_stopped_at) return commitment;
  const [row] = await tx.query<CommitmentRow>(
    `update commitments set provider_stopped_at = $2, stop_reason = $3, updated_at = now() where id = $1
     returning ${COMMITMENT_COLUMNS}`,
    [commitment.id, now, reason],
  );
  return settleState(tx, row ?? commitment, now);
}

/**
 * The supporter changed the amount (My giving): the commitment ends, and a new one at `amountSubunits` takes its
 * place from the next month, due on the same day and paying for the same sponsor record (an M-Pesa one with an account
 * number of its own; a card one charged by the new Paystack subscription `card`, which the caller made). Undefined
 * when there is no such commitment or it has ended.
 */
export async function supporterChangedAmount(
  tx: Queryable,
  commitmentId: string,
  amountSubunits: number,
  now: Date = new Date(),
  card?: NewCardSubscription,
): Promise<CommitmentRow | undefined> {
  const old = await lockCommitment(tx, { commitmentId });
  if (!old || old.state === 'ended') return undefined;
  const why = `The donor changed the amount to ${formatMoney(amountSubunits, old.currency)}.`;
  await endLocked(tx, old, 'donor', why, now);
  const created = await createCommitment(
    tx,
    {
      kind: old.kind,
      cause: old.cause,
      childId: old.child_id,
      sponsorshipType: old.sponsorship_type,
      donorName: old.donor_name,
      donorEmail: old.donor_email,
      donorPhone: old.donor_phone,
      anonymous: old.anonymous,
      amountSubunits,
      currency: old.currency,
      method: old.method,
      intervalMonths: old.interval_months as NewCommitment['intervalMonths'],
      planCode: card?.planCode ?? null,
      language: old.language,
    },
    now,
  );
  const [row] = await tx.query<CommitmentRow>(
    `update commitments set due_day = $2, starts_on = $3, sponsorship_id = $4, subscription_code = $5,
       paystack_customer = $6, paystack_authorization = $7, paystack_email_token = $8, updated_at = now()
     where id = $1 returning ${COMMITMENT_COLUMNS}`,
    [
      created.id,
      old.due_day,
      addMonths(nairobiDay(now), 1),
      old.sponsorship_id,
      card?.subscriptionCode ?? null,
      card?.keys.customer ?? null,
      card?.keys.authorization ?? null,
      card?.keys.emailToken ?? null,
    ],
  );
  return settleState(tx, row ?? created, now);
}

/** The Paystack subscription a card commitment's new amount is charged by (made by My giving before it changes). */
export interface NewCardSubscription {
  readonly subscriptionCode: string;
  readonly planCode: string;
  readonly keys: PaystackKeys;
}

/**
 * The card commitment My giving started at a new amount whose Paystack subscription has not charged yet, found as a
 * renewal is (by the charge's plan and the donor's email), locked; undefined when there is none.
 */
export async function uncharged(tx: Queryable, planCode: string, email: string): Promise<CommitmentRow | undefined> {
  const [row] = await tx.query<CommitmentRow>(
    `select ${COMMITMENT_COLUMNS} from commitments where plan_code = $1 and lower(donor_email) = lower($2)
       and method = 'card' and gift_id is null and subscription_code is not null and state <> 'ended'
     order by id desc limit 1 for update`,
    [planCode, email],
  );
  return row;
}

/** Makes `giftId` the first gift of the commitment `commitmentId` (later charges name it as their parent). */
export async function setFirstGift(tx: Queryable, commitmentId: string, giftId: string): Promise<void> {
  await tx.query('update commitments set gift_id = $2, updated_at = now() where id = $1', [commitmentId, giftId]);
}

/** Links a Paystack subscription to the commitment its first gift made (a `subscription.create`). */
export async function linkSubscription(
  tx: Queryable,
  giftId: string,
  subscriptionCode: string,
  keys: PaystackKeys = {},
): Promise<void> {
  await tx.query(
    `update commitments set subscription_code = $2, updated_at = now() where gift_id = $1 and subscription_code is null`,
    [giftId, subscriptionCode],
  );
  await keepPaystackKeys(tx, subscriptionCode, keys);
}

/** What changing a card commitment's amount asks Paystack for: its customer, saved card and email token. */
export interface PaystackKeys {
  readonly customer?: string | null | undefined;
  readonly authorization?: string | null | undefined;
  readonly emailToken?: string | null | undefined;
}

/** Keeps the keys Paystack reported for the commitment of `subscriptionCode` (an unreported one stays as it was). */
export async function keepPaystackKeys(tx: Queryable, subscriptionCode: string, keys: PaystackKeys): Promise<void> {
  if (!keys.customer && !keys.authorization && !keys.emailToken) return;
  await tx.query(
    `update commitments set paystack_customer = coalesce($2, paystack_customer),
       paystack_authorization = coalesce($3, paystack_authorization),
       paystack_email_token = coalesce($4, paystack_email_token), updated_at = now()
     where subscription_code = $1`,
    [subscriptionCode, keys.customer || null, keys.authorization || null, keys.emailToken || null],
  );
}

/** The Paystack keys kept for a commitment. */
export async function paystackKeysOf(tx: Queryable, commitmentId: string): Promise<PaystackKeys> {
  const [row] = await tx.query<{ customer: string | null; authorization: string | null; token: string | null }>(
    `select paystack_customer as customer, paystack_authorization as authorization, paystack_email_token as token
     from commitments where id = $1`,
    [commitmentId],
  );
  return { customer: row?.customer, authorization: row?.authorization, emailToken: row?.token };
}

/**
 * What a confirmed gift does to commitments (called by the ledger in the confirming transaction): the first gift of
 * a checkout starts its commitment, a renewal (a gift with a parent) pays the parent's, and a gift staff record for
 * a child pays that child's sponsorship commitment when it is paid by hand.
 */
export async function giftConfirmed(tx: LedgerTx, gift: GiftRow): Promise<InstalmentOutcome> {
  if (gift.parent_id) return payInstalment(tx, { giftId: gift.parent_id }, gift);
  const own = await payInstalment(tx, { giftId: gift.id }, gift);
  if (own.outcome !== 'no-commitment' || gift.provider !== 'staff' || !gift.child_id) return own;
  const [byHand] = await tx.query<{ id: string }>(
    `select id::text as id from commitments where child_id = $1 and method = 'other' and kind = 'sponsorship'
       and state not in ('ended', 'pending') order by id desc limit 1`,
    [gift.child_id],
  );
  return byHand ? payInstalment(tx, { commitmentId: byHand.id }, gift) : own;
}

// ---------------------------------------------------------------------------------------------------------------
// The daily run: states and reminders.

/** What one run of {@link runCommitments} did. */
export interface CommitmentsReport {
  readonly checked: number;
  readonly changed: number;
  readonly reminders: number;
}

/**
 * Brings every running commitment's instalments and state up to `now` (one transaction each), then queues the
 * reminder of each M-Pesa instalment due in {@link REMINDER_DAYS_BEFORE} days that is not paid, once.
 */
export async function runCommitments(now: Date = new Date()): Promise<CommitmentsReport> {
  const running = await query<{ id: string }>(
    `select id::text as id from commitments where state in ('active', 'late', 'lapsed') order by id`,
  );
  let changed = 0;
  for (const { id } of running) {
    const moved = await transaction(async (tx) => {
      const commitment = await lockCommitment(tx, { commitmentId: id });
      if (!commitment || !['active', 'late', 'lapsed'].includes(commitment.state)) return false;
      await addDueInstalments(tx, commitment, now);
      return (await settleState(tx, commitment, now)).state !== commitment.state;
    });
    if (moved) changed += 1;
  }
  return { checked: running.length, changed, reminders: await queueReminders(now) };
}

/** Queues the reminders of M-Pesa instalments due {@link REMINDER_DAYS_BEFORE} days from `now`; how many. */
export async function queueReminders(now: Date): Promise<number> {
  const paybill = process.env['MPESA_PAYBILL'];
  if (!paybill) return 0;
  const day = addDays(nairobiDay(now), REMINDER_DAYS_BEFORE);
  const candidates = await query<CommitmentRow>(
    `select ${COMMITMENT_COLUMNS} from commitments
     where method = 'mpesa' and state = 'active' and donor_email is not null and starts_on is not null`,
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

// ---------------------------------------------------------------------------------------------------------------
// Staff decisions.

/** What staff may do to a commitment. */
export const STAFF_ACTIONS = ['end', 'pause', 'resume', 'contacted'] as const;
/** One of {@link STAFF_ACTIONS}. */
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/** Ends a commitment the caller holds: by `by` (a staff member, `donor`, …) for `reason`. */
export async function endLocked(
  tx: Queryable,
  commitment: CommitmentRow,
  by: string,
  reason: string,
  now: Date,
): Promise<CommitmentRow> {
  const [row] = await tx.query<CommitmentRow>(
    `update commitments set ended_at = $2, ended_by = $3, end_reason = $4, updated_at = now(),
       contact_done_at = case when contact_due_at is not null then coalesce(contact_done_at, $2) end,
       contact_done_by = case when contact_due_at is not null then coalesce(contact_done_by, $3) end
     where id = $1 returning ${COMMITMENT_COLUMNS}`,
    [commitment.id, now, by, reason],
  );
  return settleState(tx, row ?? commitment, now);
}

/**
 * A staff decision on a commitment, with its audit entry. Ending a sponsorship ends the child's sponsor record and
 * puts her back on the waiting lists (the rebuild is asked for after the commit). Undefined when there is no such
 * commitment; a string when the action does not fit its state.
 */
export async function staffDecision(
  commitmentId: string,
  action: StaffAction,
  actor: string,
  note: string,
  now: Date = new Date(),
  background: Parameters<typeof rebuildForChild>[2] = {},
): Promise<CommitmentRow | string | undefined> {
  const outcome = await transaction(async (tx) => {
    const commitment = await lockCommitment(tx, { commitmentId });
    if (!commitment) return undefined;
    if (commitment.state === 'ended') return 'This commitment has already ended.';
    let row: CommitmentRow;
    let childBack: string | null = null;
    if (action === 'end') {
      row = await endLocked(tx, commitment, actor, note || 'Ended by staff.', now);
      if (commitment.sponsorship_id) {
        const [ended] = await tx.query<{ child_id: string }>(
          `update sponsorships set state = 'ended', ended_at = $2, updated_at = now()
           where id = $1 and state = 'active' returning child_id`,
          [commitment.sponsorship_id, now],
        );
        if (ended) {
          childBack = ended.child_id;
          const [child] = await tx.query<{ id: string; slug: string }>(
            'select id::text as id, slug from children where slug = $1',
            [ended.child_id],
          );
          if (child)
            await childChanged(tx, actor, child, 'sponsorship ended: the sponsor stopped paying; waiting again');
        }
      }
    } else if (action === 'pause') {
      if (commitment.state === 'paused') return 'This commitment is already paused.';
      const [paused] = await tx.query<CommitmentRow>(
        `update commitments set paused_at = $2, updated_at = now() where id = $1 returning ${COMMITMENT_COLUMNS}`,
        [commitment.id, now],
      );
      row = await settleState(tx, paused ?? commitment, now);
    } else if (action === 'resume') {
      if (commitment.state !== 'paused') return 'Only a paused commitment can be resumed.';
      // The months of the pause are not owed: counting starts again with the next due day.
      const [resumed] = await tx.query<CommitmentRow>(
        `update commitments set paused_at = null, updated_at = now() where id = $1 returning ${COMMITMENT_COLUMNS}`,
        [commitment.id],
      );
      await tx.query(
        `delete from commitment_instalments where commitment_id = $1 and gift_id is null and due_on <= $2::date`,
        [commitment.id, nairobiDay(now)],
      );
      row = await settleState(tx, resumed ?? commitment, now);
    } else {
      if (!commitment.contact_due_at || commitment.contact_done_at) return 'No one is waiting to be contacted here.';
      const [done] = await tx.query<CommitmentRow>(
        `update commitments set contact_done_at = $2, contact_done_by = $3, updated_at = now() where id = $1
         returning ${COMMITMENT_COLUMNS}`,
        [commitment.id, now, actor],
      );
      row = done ?? commitment;
    }
    await audit(tx, 'admin.commitments.decide', actor, { id: commitment.id, action, note: note || null });
    return { row, childBack };
  });
  if (outcome === undefined || typeof outcome === 'string') return outcome;
  if (outcome.childBack) await rebuildForChild(outcome.childBack, 'sponsorship ended', background);
  return outcome.row;
}

/**
 * The commitment behind a sponsor record staff made by hand in Children (in their transaction): paid by hand
 * ("other"), its first instalment next month's, so no month before the record counts as missed. A one-time sponsor
 * record has none.
 */
export async function commitmentForStaffSponsorship(tx: Queryable, sponsorshipId: string, now: Date): Promise<void> {
  const today = nairobiDay(now);
  await tx.query(
    `insert into commitments (kind, child_id, donor_name, donor_email, amount_subunits, currency, method,
       interval_months, due_day, starts_on, state, sponsorship_id, created_at, state_since)
     select 'sponsorship', s.child_id, s.sponsor_name, s.sponsor_email, coalesce(s.amount_subunits, 100),
       coalesce(s.currency, 'KES'), 'other', case s.frequency when 'yearly' then 12 else 1 end, $2, $3::date, 'active',
       s.id, $4, $4
     from sponsorships s where s.id = $1 and s.frequency <> 'one-time'`,
    [sponsorshipId, Math.min(Number(today.slice(8, 10)), 28), addMonths(today, 1), now],
  );
}

/** Ends the commitment of a sponsor record staff ended in Children (in their transaction). */
export async function sponsorshipEndedByStaff(
  tx: Queryable,
  sponsorshipId: string,
  actor: string,
  now: Date,
): Promise<void> {
  const [row] = await tx.query<{ id: string }>(
    `select id::text as id from commitments where sponsorship_id = $1 and state <> 'ended'`,
    [sponsorshipId],
  );
  const commitment = row && (await lockCommitment(tx, { commitmentId: row.id }));
  if (commitment) await endLocked(tx, commitment, actor, 'The sponsorship was ended in Children.', now);
}

/** Every commitment for /samu, newest first, with its instalments' states at `now`. */
export async function listCommitments(now: Date = new Date(), db: Queryable = { query }) {
  const commitments = await db.query<CommitmentRow>(
    `select ${COMMITMENT_COLUMNS} from commitments order by (contact_due_at is not null and contact_done_at is null) desc,
       id desc limit 1000`,
  );
  const instalments = await db.query<InstalmentRow>(
    `select ${INSTALMENT_COLUMNS} from commitment_instalments
     where commitment_id = any($1::bigint[]) order by commitment_id, period`,
    [commitments.map((row) => row.id)],
  );
  // Grouped once: looking each commitment's instalments up in the whole list grows with the square of the volume.
  const byCommitment = new Map<string, (InstalmentRow & { state: ReturnType<typeof instalmentState> })[]>();
  for (const instalment of instalments) {
    const group = byCommitment.get(instalment.commitment_id) ?? [];
    group.push({ ...instalment, state: instalmentState(instalment, now) });
    byCommitment.set(instalment.commitment_id, group);
  }
  return commitments.map((commitment) => ({ ...commitment, instalments: byCommitment.get(commitment.id) ?? [] }));
}

/** How many commitments are in each state (the overview's late and lapsed counts among them). */
export async function countCommitments(db: Queryable = { query }): Promise<Record<CommitmentState, number>> {
  const rows = await db.query<{ state: CommitmentState; count: number }>(
    'select state, count(*)::int as count from commitments group by state',
  );
  const counts = Object.fromEntries(COMMITMENT_STATES.map((state) => [state, 0])) as Record<CommitmentState, number>;
  for (const row of rows) counts[row.state] = row.count;
  return counts;
}
