/**
 * The rules of commitments (commitments.ts), as pure functions of their rows and the clock, and the rows' shapes:
 *
 * - an instalment is `due` until its day has passed, then `late`, then `missed` {@link MISSED_AFTER_DAYS} days after
 *   its day; a paid one is `paid`;
 * - a commitment is `pending` until its first instalment is paid, then `active`; `late` with one missed instalment;
 *   `lapsed` with two or more, or when the provider (or the supporter) stopped it; `paused` and `ended` are staff's.
 *
 * Every rule takes the clock as a `now` argument, so tests name the day instead of waiting for it.
 */
import { randomInt } from 'node:crypto';
import { usdToSubunits } from '../../../../src/lib/money.ts';
import type { Locale } from '../../../../src/i18n/catalogue.ts';
import type { NewGift } from './gifts.ts';

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

export const INSTALMENT_COLUMNS = `commitment_id::text as commitment_id, period::text as period, due_on::text as due_on,
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
