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
import { formatMoney } from '../../../../src/lib/money.ts';
import { isUniqueViolation, query, type Queryable } from '../platform/db.ts';
import type { GiftRow, LedgerTx } from './gifts.ts';
import {
  type CommitmentMethod,
  sponsorshipMinimum,
  type CommitmentRow,
  type InstalmentRow,
  COMMITMENT_COLUMNS,
  INSTALMENT_COLUMNS,
  nairobiDay,
  addMonths,
  dueOn,
  periodsDue,
  commitmentState,
  newAccount,
  normaliseAccount,
} from './commitment-rules.ts';
import { endLocked } from './commitment-decisions.ts';
import { commitmentEvent, storeStates } from './commitment-states.ts';
import type { PaystackKeys } from './commitment-cards.ts';

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
    await addDueInstalments(tx, [current], now);
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

/** Adds the instalments of `commitments` that have fallen due by `now` and are not there yet, in one statement. */
export async function addDueInstalments(
  tx: Queryable,
  commitments: readonly CommitmentRow[],
  now: Date,
): Promise<void> {
  const today = nairobiDay(now);
  const due = commitments.flatMap((commitment) =>
    periodsDue(commitment, today).map((item) => ({ id: commitment.id, ...item })),
  );
  if (due.length === 0) return;
  await tx.query(
    `insert into commitment_instalments (commitment_id, period, due_on)
     select id::bigint, period::date, due_on::date from unnest($1::text[], $2::text[], $3::text[]) as p(id, period, due_on)
     on conflict (commitment_id, period) do nothing`,
    [due.map((item) => item.id), due.map((item) => item.period), due.map((item) => item.dueOn)],
  );
}

/** Reads a commitment's instalments, oldest first. */
export async function instalmentsOf(commitmentId: string, db: Queryable = { query }): Promise<InstalmentRow[]> {
  return db.query<InstalmentRow>(
    `select ${INSTALMENT_COLUMNS} from commitment_instalments where commitment_id = $1 order by period`,
    [commitmentId],
  );
}

/** Stores the state a commitment has at `now` (the caller holds its row), as {@link storeStates} does. */
export async function settleState(tx: Queryable, commitment: CommitmentRow, now: Date): Promise<CommitmentRow> {
  const state = commitmentState(commitment, await instalmentsOf(commitment.id, tx), now);
  if (state === commitment.state) return commitment;
  const [changed] = await storeStates(tx, [{ commitment, state }], now);
  return changed ?? commitment;
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
