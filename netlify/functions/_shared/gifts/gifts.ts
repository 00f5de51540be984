/**
 * The gift ledger: pending gifts made by a checkout, their confirmation by the provider (exactly once,
 * with a numbered receipt through the outbox and, for a sponsorship, the sponsor record), refunds, and what staff
 * read.
 *
 * Every provider call that changes anything is recorded once in `payment_events` (unique provider + key) in the
 * transaction that makes the change, and the gift row is locked while it is settled, so a replayed webhook, or a
 * webhook racing the reconciliation's verify of the same transaction, leaves exactly one confirmation. Every
 * confirmation runs in a {@link ledgerTransaction}, which tells children.ts after the commit when a sponsorship
 * started, so the public site is rebuilt whichever path confirmed the gift.
 */
import { translator, type Locale } from '../../../../src/i18n/catalogue.ts';
import { randomBytes } from 'node:crypto';
import causesContent from '../../../../src/content/causes.json' with { type: 'json' };
import { kesToUsd } from '../../../../src/lib/children.ts';
import { methodName } from '../../../../src/lib/gift-labels.ts';
import { formatMoney } from '../../../../src/lib/money.ts';
import type { Background } from '../content/build-hook.ts';
import { copySeedChildren, programmeChild, sponsorshipStarted } from '../children/children.ts';
import { giftConfirmed } from './commitments.ts';
import { receiptInstructions } from './commitment-reminders.ts';
import { query, transaction, type Queryable } from '../platform/db.ts';
import { GIFT_STATE_VALUES } from '../../../../src/schemas/gifts.ts';
import { receiptCompletion } from './gift-mail.ts';
import { enqueue } from '../platform/outbox.ts';
import { receiptSubject, receiptText, refundSubject, refundText, translatedMethod, type Receipt } from './receipt.ts';

/**
 * Where a gift stands: `unmatched` is money Paystack received under a reference the site did not make, waiting for
 * staff to say who gave it and what it supports.
 */
export const GIFT_STATES = GIFT_STATE_VALUES;
/** One of {@link GIFT_STATES}. */
export type GiftState = (typeof GIFT_STATES)[number];

/** Where the money came through. */
export type GiftProvider = 'paystack' | 'mpesa' | 'staff' | 'paypal';

/** A gift row as the ledger holds it. */
export interface GiftRow {
  readonly id: string;
  readonly ts: Date | string;
  readonly reference: string;
  readonly provider: GiftProvider;
  readonly kind: 'donation' | 'sponsorship';
  readonly frequency: 'one-time' | 'monthly' | 'quarterly' | 'annual';
  readonly cause: string | null;
  readonly child_id: string | null;
  readonly sponsorship_type: string | null;
  readonly amount_subunits: string | number;
  readonly currency: string;
  readonly method: string;
  readonly state: GiftState;
  readonly flag: string | null;
  readonly donor_name: string | null;
  readonly donor_email: string | null;
  readonly donor_phone: string | null;
  readonly anonymous: boolean;
  readonly provider_txn: string | null;
  readonly plan_code: string | null;
  readonly subscription_code: string | null;
  readonly subscription_state: string | null;
  readonly parent_id: string | null;
  readonly confirmed_at: Date | string | null;
  readonly receipt_no: string | number | null;
  readonly recorded_by: string;
  readonly note: string | null;
  /** Refunded so far, in subunits; the gift is `refunded` once this reaches its amount. */
  readonly refunded_subunits: string | number;
  readonly refunded_at: Date | string | null;
  /** The language its emails go in: that of the page it was given from. */
  readonly language: Locale;
}

/** A gift about to be written. */
export interface NewGift {
  reference: string;
  provider: GiftProvider;
  kind: GiftRow['kind'];
  frequency: GiftRow['frequency'];
  cause?: string | null;
  childId?: string | null;
  sponsorshipType?: string | null;
  amountSubunits: number;
  currency: string;
  method: string;
  donorName?: string | null;
  donorEmail?: string | null;
  donorPhone?: string | null;
  anonymous?: boolean;
  recordedBy: string;
  note?: string | null;
  providerTxn?: string | null;
  parentId?: string | null;
  planCode?: string | null;
  /** The form submission a checkout gift comes from (one gift per submission). */
  submissionKey?: string | null;
  /** The language of the page it was given from, that of its receipt (`en` when left out). */
  language?: Locale;
}

/** The columns every answer and settlement reads. */
export const GIFT_COLUMNS = `id::text as id, ts, reference, provider, kind, frequency, cause, child_id, sponsorship_type,
  amount_subunits::float8 as amount_subunits, currency, method, state, flag, donor_name, donor_email, donor_phone,
  anonymous, provider_txn, plan_code, subscription_code, subscription_state, parent_id::text as parent_id,
  confirmed_at, receipt_no::float8 as receipt_no, recorded_by, note, refunded_subunits::float8 as refunded_subunits,
  refunded_at, language`;

/** A fresh checkout reference: letters and digits Paystack accepts, unguessable. */
export function newReference(): string {
  return `TCF-${randomBytes(10).toString('hex')}`;
}

/** A child of the site by id, with what the ledger needs. */
export interface LedgerChild {
  readonly id: string;
  readonly name: string;
  readonly monthlyUsd: number;
}

/** A child that may be sponsored, by id (published and still in the programme; children.ts knows which exist). */
export async function childById(id: string, db: Queryable = { query }): Promise<LedgerChild | undefined> {
  const child = await programmeChild(id, db);
  return child?.sponsorable ? { id: child.id, name: child.name, monthlyUsd: kesToUsd(child.monthlyNeed) } : undefined;
}

/** What a gift supports, in words (the child by name when children.ts knows them). */
export async function supportsText(
  gift: Pick<GiftRow, 'kind' | 'cause' | 'child_id'>,
  db: Queryable = { query },
  language: Locale = 'en',
): Promise<string> {
  const t = translator(language);
  if (gift.child_id) {
    const child = await programmeChild(gift.child_id, db);
    const name = child?.name ?? gift.child_id;
    return t(gift.kind === 'sponsorship' ? 'receipt.supports.sponsorshipOf' : 'receipt.supports.careOf', { name });
  }
  if (gift.kind === 'sponsorship') return t('receipt.supports.aChild');
  const cause = causesContent.find((candidate) => candidate.id === gift.cause);
  if (!cause) return t('receipt.supports.mostNeeded');
  return t('receipt.supports.cause', { cause: (language === 'sw' && cause.sw?.name) || cause.name });
}

/** A payment method in words (the one list the dashboard uses too). */
export { methodName };

/** The ledger's method for a Paystack channel (`mobile_money` is M-Pesa in Kenya). */
export function methodOfChannel(channel: string | null | undefined, fallback: string): string {
  if (!channel) return fallback;
  if (channel === 'mobile_money') return 'mpesa';
  if (channel === 'bank_transfer') return 'bank';
  return channel;
}

/** Writes a gift and the Recent Activity event about it on `tx`; returns the row. */
export async function insertGift(tx: Queryable, gift: NewGift, state: GiftState = 'pending'): Promise<GiftRow> {
  const [row] = await tx.query<GiftRow>(
    `insert into gifts (reference, provider, kind, frequency, cause, child_id, sponsorship_type, amount_subunits,
       currency, method, state, donor_name, donor_email, donor_phone, anonymous, recorded_by, note, provider_txn,
       parent_id, plan_code, submission_key, language)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)
     returning ${GIFT_COLUMNS}`,
    [
      gift.reference,
      gift.provider,
      gift.kind,
      gift.frequency,
      gift.cause ?? null,
      gift.childId ?? null,
      gift.sponsorshipType ?? null,
      gift.amountSubunits,
      gift.currency,
      gift.method,
      state,
      gift.donorName ?? null,
      gift.donorEmail ?? null,
      gift.donorPhone ?? null,
      gift.anonymous ?? false,
      gift.recordedBy,
      gift.note ?? null,
      gift.providerTxn ?? null,
      gift.parentId ?? null,
      gift.planCode ?? null,
      gift.submissionKey ?? null,
      gift.language ?? 'en',
    ],
  );
  if (!row) throw new Error('insert into gifts returned no row');
  await giftEvent(tx, state === 'pending' || state === 'unmatched' ? `gift.${state}` : 'gift.recorded', row);
  return row;
}

/** Recent Activity and the live stream learn of a gift's change from this event (no personal details in it). */
export async function giftEvent(tx: Queryable, type: string, gift: GiftRow, extra: Record<string, unknown> = {}) {
  await tx.query('insert into events (type, payload) values ($1, $2)', [
    type,
    {
      giftId: gift.id,
      reference: gift.reference,
      amount: formatMoney(Number(gift.amount_subunits), gift.currency),
      ...extra,
    },
  ]);
}

/** What each gift supports, in words, looked up once per cause or child (see {@link receiptOf}). */
export type SupportsCache = Map<string, Promise<string>>;

/** The receipt of a confirmed gift; `supports` shares the look-ups of what gifts support across many receipts. */
export async function receiptOf(
  gift: GiftRow,
  db: Queryable = { query },
  supports: SupportsCache = new Map(),
): Promise<Receipt> {
  const language = gift.language ?? 'en';
  const t = translator(language);
  const key = `${language}:${gift.kind}:${gift.cause ?? ''}:${gift.child_id ?? ''}`;
  let supported = supports.get(key);
  if (!supported) {
    supported = supportsText(gift, db, language);
    supports.set(key, supported);
  }
  return {
    number: Number(gift.receipt_no),
    donorName: gift.anonymous ? null : gift.donor_name,
    amountSubunits: Number(gift.amount_subunits),
    currency: gift.currency,
    date: new Date(gift.confirmed_at ?? gift.ts),
    method: language === 'en' ? methodName(gift.method) : translatedMethod(t, gift.method),
    supports: await supported,
    frequency: t(`receipt.frequency.${gift.frequency}`),
    transaction: gift.provider_txn,
    refundedSubunits: Number(gift.refunded_subunits),
    language,
  };
}

/** A transaction of the ledger: what its confirmations changed that the public site must follow after the commit. */
export interface LedgerTx extends Queryable {
  /** Children (site ids) whose sponsor record a confirmation in this transaction made, and who confirmed it. */
  readonly sponsorshipsStarted: { childId: string; by: string }[];
}

/**
 * Runs `work` in one transaction of the ledger. Once it has committed, each child whose sponsorship a confirmation
 * in it started is handed to children.ts, which records the change and asks for the site rebuild: the one place
 * where every confirmation path (Paystack webhook, reconciliation, M-Pesa, staff, PayPal) reaches the public site.
 * `background` lets the debounced build request outlive the answer (Netlify's context).
 */
export async function ledgerTransaction<T>(
  work: (tx: LedgerTx) => Promise<T>,
  background: Background = {},
): Promise<T> {
  const started: LedgerTx['sponsorshipsStarted'] = [];
  const result = await transaction((tx) => work({ query: tx.query.bind(tx), sponsorshipsStarted: started }));
  for (const { childId, by } of started) {
    try {
      // A seed child no one has listed in /samu yet gets its record first, so the change lands on its trail.
      await copySeedChildren();
      await sponsorshipStarted(childId, by, background);
    } catch (failure) {
      // The gift and its sponsor record are saved; the daily rebuild still shows the child as sponsored.
      console.error(`gifts: sponsorship of ${childId} saved, but its rebuild was not requested:`, failure);
    }
  }
  return result;
}

/**
 * Confirms a gift on `tx` (whose row the caller has locked): the instalment it pays of its commitment (which may
 * start a sponsorship), the event for the live stream, the next receipt number, and the receipt email to the donor (if
 * there is an address), its PDF drawn when it is sent. Every other confirmation waits for the receipt counter from the
 * moment it is taken until the commit, so it is taken last, in the statement that numbers the gift, and only the
 * receipt email that needs the number follows it: a caller records what else it settles before calling this.
 */
export async function confirmLocked(
  tx: LedgerTx,
  gift: GiftRow,
  paid: { providerTxn: string | null; method: string; paidAt?: Date | null },
): Promise<GiftRow> {
  const [updated] = await tx.query<GiftRow>(
    `update gifts set state = 'confirmed', flag = null, confirmed_at = coalesce($2, now()),
       provider_txn = coalesce($3, provider_txn), method = $4,
       subscription_state = case when frequency <> 'one-time' and parent_id is null then 'active'
                                 else subscription_state end,
       updated_at = now()
     where id = $1 returning ${GIFT_COLUMNS}`,
    [gift.id, paid.paidAt ?? null, paid.providerTxn, paid.method],
  );
  if (!updated) throw new Error(`gift ${gift.id} vanished while it was confirmed`);
  // A sponsorship starts only through its commitment (commitments.ts); a one-off gift naming a child never does.
  await giftConfirmed(tx, updated);
  await giftEvent(tx, 'gift.confirmed', updated);
  const receipt = updated.donor_email ? await receiptOf(updated, tx) : undefined;
  const instructions = receipt ? await receiptInstructions(updated.id, tx, receipt.language) : '';
  // The counter and the gift's number in one statement: the counter is held from here to the commit.
  const [confirmed] = await tx.query<GiftRow>(
    `with counter as (
       insert into receipt_counter (id, last) values (true, 1)
       on conflict (id) do update set last = receipt_counter.last + 1 returning last)
     update gifts set receipt_no = (select last from counter) where id = $1 returning ${GIFT_COLUMNS}`,
    [gift.id],
  );
  if (!confirmed) throw new Error(`gift ${gift.id} vanished while it was confirmed`);
  if (receipt && confirmed.donor_email) {
    const numbered = { ...receipt, number: Number(confirmed.receipt_no) };
    await enqueueReceipt(tx, confirmed.id, confirmed.donor_email, numbered, instructions);
  }
  return confirmed;
}

/** Sets a flag on a gift whose row the caller has locked, for staff to look at, and tells the live stream. */
export async function flagLocked(tx: Queryable, gift: GiftRow, flag: string): Promise<void> {
  await tx.query('update gifts set flag = $2, updated_at = now() where id = $1', [gift.id, flag]);
  await giftEvent(tx, 'gift.flagged', gift);
}

/**
 * Queues the receipt email of a confirmed gift, once (its key is the gift). Its PDF is drawn by the sender from the
 * same receipt (gift-mail.ts), so the transaction that numbers the receipt holds the counter only briefly.
 */
async function enqueueReceipt(
  tx: Queryable,
  giftId: string,
  email: string,
  receipt: Receipt,
  instructions: string,
): Promise<void> {
  await enqueue(tx, {
    kind: 'message',
    dedupKey: `receipt:${giftId}`,
    source: 'gift_receipt',
    notice: {
      subject: receiptSubject(receipt),
      body: [receiptText(receipt), instructions].filter(Boolean).join('\n\n'),
      resource: 'gifts',
      recordId: giftId,
    },
    recipients: [email],
    complete: receiptCompletion(receipt),
  });
}

/**
 * Records a refund of `amountSubunits` on a confirmed gift whose row the caller has locked: the refunded sum grows
 * (never past the gift's amount) and the gift becomes `refunded` once all of it is refunded; `why` is added to its
 * note, and the donor (if they left an address) is told by email. A sponsorship keeps its sponsor record: staff
 * decide in Children whether it ends.
 */
export async function refundLocked(
  tx: Queryable,
  gift: GiftRow,
  amountSubunits: number,
  why: string,
): Promise<GiftRow> {
  const sponsorship =
    gift.kind === 'sponsorship' && gift.child_id && !gift.parent_id
      ? ` The sponsorship of ${gift.child_id} stays until staff end it in Children.`
      : '';
  const [row] = await tx.query<GiftRow>(
    `update gifts set refunded_subunits = least(amount_subunits, refunded_subunits + $2::bigint),
       state = case when refunded_subunits + $2::bigint >= amount_subunits then 'refunded' else state end,
       refunded_at = now(), note = concat_ws(' ', note, $3::text), updated_at = now()
     where id = $1 returning ${GIFT_COLUMNS}`,
    [gift.id, amountSubunits, `${why}${sponsorship}`],
  );
  if (!row) throw new Error(`gift ${gift.id} vanished while it was refunded`);
  await giftEvent(tx, row.state === 'refunded' ? 'gift.refunded' : 'gift.partly_refunded', row, {
    refunded: formatMoney(amountSubunits, row.currency),
  });
  if (row.donor_email) {
    const receipt = await receiptOf(row, tx);
    const refundedNow = Number(row.refunded_subunits) - Number(gift.refunded_subunits);
    await enqueue(tx, {
      kind: 'message',
      // One email per refund: the refunded total after it tells each refund of a gift apart.
      dedupKey: `refund:${row.id}:${row.refunded_subunits}`,
      source: 'gift_refund',
      notice: {
        subject: refundSubject(receipt, refundedNow),
        body: refundText(receipt, refundedNow),
        resource: 'gifts',
        recordId: row.id,
      },
      recipients: [row.donor_email],
    });
  }
  return row;
}

/** Marks a pending gift failed or abandoned (a checkout that never started, a day without payment). */
export async function closePending(id: string, state: 'failed' | 'abandoned', note: string): Promise<boolean> {
  return transaction((tx) => closePendingOn(tx, id, state, note));
}

/** {@link closePending} in the caller's transaction. */
export async function closePendingOn(
  tx: Queryable,
  id: string,
  state: 'failed' | 'abandoned',
  note: string,
): Promise<boolean> {
  const [row] = await tx.query<GiftRow>(
    `update gifts set state = $2, note = $3, updated_at = now() where id = $1 and state = 'pending'
     returning ${GIFT_COLUMNS}`,
    [id, state, note],
  );
  if (row) await giftEvent(tx, `gift.${state}`, row);
  return row !== undefined;
}

/** Reads the gift of a checkout reference. */
export async function giftByReference(reference: string, db: Queryable = { query }): Promise<GiftRow | undefined> {
  const [row] = await db.query<GiftRow>(`select ${GIFT_COLUMNS} from gifts where reference = $1`, [reference]);
  return row;
}

/** Reads one gift. */
export async function giftById(id: string, db: Queryable = { query }): Promise<GiftRow | undefined> {
  const [row] = await db.query<GiftRow>(`select ${GIFT_COLUMNS} from gifts where id = $1`, [id]);
  return row;
}
