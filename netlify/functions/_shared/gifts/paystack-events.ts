/**
 * Every event Paystack's webhook documentation lists, settled in the ledger once each (`payment_events`, unique
 * provider and key, written in the transaction that makes the change):
 *
 * - `charge.success`: confirms the gift its reference names, records a renewal of a monthly gift, or keeps a charge
 *   the site did not start as an unmatched gift for staff (gifts.ts);
 * - `subscription.create`, `subscription.not_renew`, `subscription.disable`, `invoice.payment_failed`: the monthly
 *   gift's subscription follows (gift-subscriptions.ts); a failed payment emails the donor Paystack's manage link;
 * - `subscription.expiring_cards` (a list): each donor whose card expires is emailed the manage link;
 * - `invoice.create`, `invoice.update`, `refund.pending`, `refund.processing`: recorded against the gift, nothing
 *   changes; `refund.failed` flags the gift; `refund.processed` refunds it (its amount a number or a numeric string);
 * - `charge.dispute.create`, `.remind`, `.resolve`: flag the gift for staff;
 * - any other event: recorded, nothing changes.
 *
 * An event the site cannot match to a gift is still recorded once, with the outcome `unmatched`; the webhook answers
 * 200 to every signed event it can read, so Paystack does not retry it.
 *
 * A successful charge, the event that comes in bursts (an appeal, a gala night), is stored with its body in one
 * statement and answered; it is settled after the answer, one at a time per instance ({@link receivePaystackEvent}):
 * settling many at once only queues them behind each other for the receipt counter and the database. Whatever a
 * crash left stored is settled by the scheduled sweep ({@link settleStoredEvents}).
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { formatMoney } from '../../../../src/lib/money.ts';
import type { Background } from '../content/build-hook.ts';
import { query, transaction, type Queryable } from '../platform/db.ts';
import { commitmentByTarget } from './commitments.ts';
import { keepPaystackKeys } from './commitment-cards.ts';
import { enqueueCardProblem, GIFT_COMPLETERS, type CardProblem } from './gift-mail.ts';
import {
  onPaymentFailed,
  onSubscriptionStarted,
  onSubscriptionStopped,
  type SubscriptionStop,
} from './gift-subscriptions.ts';
import { chargeEventKey, settlePaystackCharge } from './paystack-charges.ts';
import { GIFT_COLUMNS, giftEvent, refundLocked, supportsText, type GiftRow } from './gifts.ts';
import { recordEventOnce, settledEvent, storeEvent } from './payment-events.ts';
import { deliverCoalesced } from '../platform/outbox.ts';
import { Charge, Dispute, ExpiringCard, Invoice, Refund, Subscription } from './paystack-event-data.ts';
import { planCodeOf } from './paystack.ts';

const PROVIDER = 'paystack';

/** What an event did: `outcome`, and the gift it concerned; `cards` for each card of `subscription.expiring_cards`. */
export interface EventOutcome {
  readonly outcome: string;
  readonly giftId?: string | undefined;
  readonly cards?: readonly { outcome: string; giftId?: string | undefined }[];
}

/** The settling under way in this instance: one event at a time. */
let settling: Promise<unknown> = Promise.resolve();

/** Runs `work` once the events ahead of it in this instance are settled. */
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const settled = settling.then(work);
  settling = settled.catch(() => undefined);
  return settled;
}

/**
 * Receives one signed event for the webhook. A successful charge is stored with its body and answered at once: a
 * repeat `duplicate`, otherwise `received`. It is settled after the answer, in this instance's turn, and what it
 * queued (a receipt) is sent then; a failure is logged and left to the scheduled sweep. Every other event, and every
 * event where the platform keeps nothing running after the answer, is settled before the answer, which says what it
 * did.
 */
export async function receivePaystackEvent(
  type: string,
  data: unknown,
  raw: Uint8Array,
  context: Background,
): Promise<EventOutcome | { problem: string }> {
  const charge = type === 'charge.success' ? Charge.safeParse(data) : undefined;
  const { waitUntil } = context;
  if (!charge?.success || charge.data.status !== 'success' || typeof waitUntil !== 'function') {
    return settlePaystackEvent(type, data, raw, context);
  }
  const body = new TextDecoder().decode(raw);
  if (!(await storeEvent(PROVIDER, chargeEventKey(charge.data), type, body))) return { outcome: 'duplicate' };
  const settled = inTurn(() => settlePaystackCharge(charge.data, 'webhook', context)).then(
    // Sent within the same kept-alive work: a platform may wait only for what was handed to it before the answer.
    () => deliverCoalesced(GIFT_COMPLETERS),
    (failure: unknown) => {
      console.error(`paystack: charge ${charge.data.id} is stored; the scheduled sweep settles it:`, failure);
    },
  );
  waitUntil(settled);
  return { outcome: 'received' };
}

const StoredEvent = z.object({ data: z.unknown() });

/** `text` as JSON, or undefined when it is not. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A stored event is left to the instance that received it for this long before the sweep settles it. */
export const SWEEP_AFTER_MS = 60_000;

/** Most stored events one sweep settles (a scheduled function stops after 30 s). */
export const SWEEP_LIMIT = 200;

/**
 * Settles the events a webhook stored that are still unsettled a while later (the instance that received them
 * stopped before it settled them). Returns how many it settled; one whose body no longer reads as the event is
 * closed as `unreadable` so it is not tried again.
 */
export async function settleStoredEvents(now: Date, background: Background = {}): Promise<number> {
  const stored = await query<{ event_key: string; type: string; payload: string }>(
    `select event_key, type, payload from payment_events
      where provider = $1 and payload is not null and ts < $2 order by ts limit $3`,
    [PROVIDER, new Date(now.getTime() - SWEEP_AFTER_MS), SWEEP_LIMIT],
  );
  let settled = 0;
  for (const event of stored) {
    const raw = new TextEncoder().encode(event.payload);
    const parsed = StoredEvent.safeParse(parseJson(event.payload));
    const outcome = parsed.success
      ? await settlePaystackEvent(event.type, parsed.data.data, raw, background)
      : undefined;
    if (!outcome || 'problem' in outcome) {
      await query(
        `update payment_events set payload = null, outcome = 'unreadable' where provider = $1 and event_key = $2`,
        [PROVIDER, event.event_key],
      );
      continue;
    }
    if (outcome.outcome !== 'duplicate') settled += 1;
  }
  return settled;
}

/** Settles one signed event; `problem` when its `data` is not what Paystack documents for its type (400). */
export async function settlePaystackEvent(
  type: string,
  data: unknown,
  raw: Uint8Array,
  background: Background = {},
): Promise<EventOutcome | { problem: string }> {
  switch (type) {
    case 'charge.success': {
      const charge = Charge.safeParse(data);
      if (!charge.success) return { problem: 'Not a Paystack charge' };
      if (charge.data.status !== 'success') return recordOther(type, raw);
      return settlePaystackCharge(charge.data, 'webhook', background);
    }
    case 'subscription.create':
    case 'subscription.enable':
    case 'subscription.not_renew':
    case 'subscription.disable': {
      const subscription = Subscription.safeParse(data);
      if (!subscription.success) return { problem: 'Not a Paystack subscription' };
      return settleSubscription(type, subscription.data);
    }
    case 'invoice.create':
    case 'invoice.update':
    case 'invoice.payment_failed': {
      const invoice = Invoice.safeParse(data);
      if (!invoice.success) return { problem: 'Not a Paystack invoice' };
      return settleInvoice(type, invoice.data);
    }
    case 'subscription.expiring_cards': {
      const cards = z.array(ExpiringCard).max(1000).safeParse(data);
      if (!cards.success) return { problem: 'Not a list of expiring cards' };
      return settleExpiringCards(cards.data);
    }
    case 'refund.pending':
    case 'refund.processing':
    case 'refund.failed':
    case 'refund.processed': {
      const refund = Refund.safeParse(data);
      if (!refund.success) return { problem: 'Not a Paystack refund' };
      return settleRefund(type, refund.data);
    }
    case 'charge.dispute.create':
    case 'charge.dispute.remind':
    case 'charge.dispute.resolve': {
      const dispute = Dispute.safeParse(data);
      if (!dispute.success) return { problem: 'Not a Paystack dispute' };
      return settleDispute(type, dispute.data);
    }
    default:
      return recordOther(type, raw);
  }
}

/**
 * Runs `work` for an event recorded once under `key` in one transaction: a repeat answers `duplicate` and changes
 * nothing; what `work` did is recorded with the event (`unmatched` when it found no gift).
 */
function once(
  key: string,
  type: string,
  work: (tx: Queryable) => Promise<EventOutcome | undefined>,
): Promise<EventOutcome> {
  return transaction(async (tx) => {
    if (!(await recordEventOnce(tx, PROVIDER, key, type))) return { outcome: 'duplicate' };
    const settled = (await work(tx)) ?? { outcome: 'unmatched' };
    await settledEvent(tx, PROVIDER, key, settled.outcome, settled.giftId);
    return settled;
  });
}

/** An event of no consequence to the ledger, recorded once by the digest of its body. */
function recordOther(type: string, raw: Uint8Array): Promise<EventOutcome> {
  const digest = createHash('sha256').update(raw).digest('hex');
  return once(`${type}:${digest}`, type, () => Promise.resolve({ outcome: 'ignored' }));
}

/** The first gift of the monthly gift that has `subscriptionCode`, locked. */
async function monthlyGift(tx: Queryable, subscriptionCode: string): Promise<GiftRow | undefined> {
  const [gift] = await tx.query<GiftRow>(
    `select ${GIFT_COLUMNS} from gifts where subscription_code = $1 and parent_id is null for update`,
    [subscriptionCode],
  );
  return gift;
}

const STOPS: Readonly<Record<string, SubscriptionStop>> = {
  'subscription.not_renew': 'not_renew',
  'subscription.disable': 'disable',
};

async function settleSubscription(type: string, data: z.infer<typeof Subscription>): Promise<EventOutcome> {
  const code = data.subscription_code;
  return once(`${type}:${code}:${data.status ?? ''}`, type, async (tx) => {
    const stop = STOPS[type];
    let giftId: string | undefined;
    if (stop) {
      giftId = await onSubscriptionStopped(tx, code, stop);
    } else {
      // A new subscription is found by its plan and the donor's email until the gift knows its code.
      let gift = await monthlyGift(tx, code);
      const planCode = planCodeOf(data.plan ?? null);
      const email = data.customer?.email;
      if (!gift && planCode && email) {
        [gift] = await tx.query<GiftRow>(
          `select ${GIFT_COLUMNS} from gifts where plan_code = $1 and lower(donor_email) = lower($2)
             and parent_id is null and subscription_code is null order by id desc limit 1 for update`,
          [planCode, email],
        );
      }
      // What changing the amount later asks Paystack for; a commitment My giving made already has its code.
      const keys = {
        customer: data.customer?.customer_code,
        authorization: data.authorization?.authorization_code,
        emailToken: data.email_token,
      };
      if (gift) giftId = await onSubscriptionStarted(tx, gift.id, code, keys);
      else await keepPaystackKeys(tx, code, keys);
    }
    if (!giftId) return undefined;
    await subscriptionEvent(tx, giftId);
    return { outcome: 'updated', giftId };
  });
}

/** Tells Recent Activity and the live stream that a monthly gift's subscription changed. */
async function subscriptionEvent(tx: Queryable, giftId: string): Promise<void> {
  const [gift] = await tx.query<GiftRow>(`select ${GIFT_COLUMNS} from gifts where id = $1`, [giftId]);
  if (gift) await giftEvent(tx, 'gift.subscription', gift, { subscription: gift.subscription_state });
}

/** The card-problem email of a monthly gift, queued when its donor left an address. */
async function emailCardProblem(tx: Queryable, key: string, gift: GiftRow, problem: CardProblem): Promise<void> {
  if (!gift.donor_email || !gift.subscription_code) return;
  await enqueueCardProblem(
    tx,
    key,
    {
      giftId: gift.id,
      donorName: gift.anonymous ? null : gift.donor_name,
      donorEmail: gift.donor_email,
      amountSubunits: Number(gift.amount_subunits),
      currency: gift.currency,
      supports: await supportsText(gift, tx, gift.language),
      subscriptionCode: gift.subscription_code,
      language: gift.language,
    },
    problem,
  );
}

async function settleInvoice(type: string, data: z.infer<typeof Invoice>): Promise<EventOutcome> {
  const code = data.subscription.subscription_code;
  const invoice = data.invoice_code ?? data.id ?? code;
  const key = type === 'invoice.payment_failed' ? `${type}:${invoice}` : `${type}:${invoice}:${data.status ?? ''}`;
  return once(key, type, async (tx) => {
    if (type !== 'invoice.payment_failed') {
      // An invoice Paystack made or updated: the charge that pays it arrives as its own charge.success.
      const gift = await monthlyGift(tx, code);
      return gift ? { outcome: 'noted', giftId: gift.id } : undefined;
    }
    const giftId = await onPaymentFailed(tx, code);
    if (!giftId) return emailBeforeFirstCharge(tx, key, code, data.amount ?? null);
    await subscriptionEvent(tx, giftId);
    const gift = await monthlyGift(tx, code);
    if (gift) await emailCardProblem(tx, key, gift, { kind: 'payment_failed', amountSubunits: data.amount ?? null });
    return { outcome: 'updated', giftId };
  });
}

/**
 * A failed payment of a subscription no gift has yet: one My giving moved to a new amount, failing before its first
 * charge. Its commitment knows the donor, who is emailed the manage link as for any monthly gift.
 */
async function emailBeforeFirstCharge(
  tx: Queryable,
  key: string,
  code: string,
  amountSubunits: number | null,
): Promise<EventOutcome | undefined> {
  const commitment = await commitmentByTarget({ subscriptionCode: code }, tx);
  if (!commitment?.donor_email || commitment.state === 'ended') return undefined;
  await enqueueCardProblem(
    tx,
    key,
    {
      giftId: commitment.gift_id ?? '',
      donorName: commitment.anonymous ? null : commitment.donor_name,
      donorEmail: commitment.donor_email,
      amountSubunits: commitment.amount_subunits,
      currency: commitment.currency,
      supports: await supportsText(commitment, tx, commitment.language),
      subscriptionCode: code,
      language: commitment.language,
    },
    { kind: 'payment_failed', amountSubunits },
  );
  return { outcome: 'emailed' };
}

async function settleExpiringCards(cards: z.infer<typeof ExpiringCard>[]): Promise<EventOutcome> {
  const settled: { outcome: string; giftId?: string | undefined }[] = [];
  for (const card of cards) {
    const code = card.subscription.subscription_code;
    const key = `subscription.expiring_cards:${code}:${card.expiry_date}`;
    settled.push(
      await once(key, 'subscription.expiring_cards', async (tx) => {
        const gift = await monthlyGift(tx, code);
        if (!gift) return undefined;
        if (gift.subscription_state === 'cancelled') return { outcome: 'noted', giftId: gift.id };
        await emailCardProblem(tx, key, gift, {
          kind: 'card_expiring',
          card: card.description || 'your card',
          expires: `at the end of ${card.expiry_date}`,
        });
        return { outcome: 'emailed', giftId: gift.id };
      }),
    );
  }
  return { outcome: 'noted', cards: settled };
}

/** A gift a provider event names by our reference, locked. */
async function giftByReference(tx: Queryable, reference: string): Promise<GiftRow | undefined> {
  const [gift] = await tx.query<GiftRow>(`select ${GIFT_COLUMNS} from gifts where reference = $1 for update`, [
    reference,
  ]);
  return gift;
}

/** Puts a flag on a gift for staff to look at, and tells the live stream. */
async function flagGift(tx: Queryable, gift: GiftRow, flag: string): Promise<void> {
  await tx.query('update gifts set flag = $2, updated_at = now() where id = $1', [gift.id, flag]);
  await giftEvent(tx, 'gift.flagged', gift);
}

async function settleRefund(type: string, refund: z.infer<typeof Refund>): Promise<EventOutcome | { problem: string }> {
  const { transaction_reference: reference, amount, currency } = refund;
  const refundKey = refund.refund_reference ?? refund.id;
  if (type === 'refund.processed') {
    if (refundKey === null || refundKey === undefined) {
      return { problem: 'The refund has neither refund_reference nor id' };
    }
    return once(`refund:${refundKey}`, type, async (tx) => {
      const gift = await giftByReference(tx, reference);
      if (!gift || (gift.state !== 'confirmed' && gift.state !== 'refunded')) return undefined;
      const money = formatMoney(amount, currency);
      if (currency !== gift.currency) {
        await flagGift(tx, gift, `Paystack refunded ${money} of a gift in ${gift.currency}: check it.`);
        return { outcome: 'flagged', giftId: gift.id };
      }
      const row = await refundLocked(tx, gift, amount, `Paystack refunded ${money} (refund ${String(refundKey)}).`);
      return { outcome: row.state === 'refunded' ? 'refunded' : 'partly-refunded', giftId: gift.id };
    });
  }
  // A refund on its way, or one that failed: no money moved.
  return once(`${type}:${reference}:${String(refundKey ?? '')}:${amount}`, type, async (tx) => {
    const gift = await giftByReference(tx, reference);
    if (!gift) return undefined;
    if (type === 'refund.failed') {
      await flagGift(
        tx,
        gift,
        `Paystack could not refund ${formatMoney(amount, currency)} of this gift: check the refund on Paystack.`,
      );
      return { outcome: 'flagged', giftId: gift.id };
    }
    return { outcome: 'noted', giftId: gift.id };
  });
}

const nairobiDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    timeZone: 'Africa/Nairobi',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

/** The flag a dispute event puts on its gift. */
export function disputeFlag(type: string, dispute: z.infer<typeof Dispute>): string {
  const which = `Paystack dispute ${String(dispute.id)}${dispute.category ? ` (${dispute.category})` : ''}`;
  if (type === 'charge.dispute.resolve') {
    return `${which} was resolved${dispute.resolution ? `: ${dispute.resolution}` : ''}. Check the gift on Paystack.`;
  }
  const due = dispute.dueAt ? ` by ${nairobiDate(dispute.dueAt)}` : '';
  const lead = type === 'charge.dispute.remind' ? 'Reminder: the' : 'The';
  return `${lead} donor's bank disputes this payment (${which}): answer it on Paystack${due}.`;
}

async function settleDispute(type: string, dispute: z.infer<typeof Dispute>): Promise<EventOutcome> {
  const key = `${type}:${String(dispute.id)}:${dispute.status ?? ''}:${dispute.updated_at ?? ''}`;
  return once(key, type, async (tx) => {
    const reference = dispute.transaction?.reference ?? dispute.transaction_reference;
    const gift = reference ? await giftByReference(tx, reference) : undefined;
    if (!gift) return undefined;
    await flagGift(tx, gift, disputeFlag(type, dispute));
    return { outcome: 'flagged', giftId: gift.id };
  });
}
