/**
 * A successful Paystack charge settled in the gift ledger (gifts.ts), once: the pending gift its reference names
 * confirmed (or flagged when amount or currency differ), a later charge of a monthly gift recorded as a renewal, and a
 * charge the site cannot match kept as an unmatched gift for staff.
 */
import { formatMoney } from '../../../../src/lib/money.ts';
import { methodName } from '../../../../src/lib/gift-labels.ts';
import type { Background } from '../content/build-hook.ts';
import { giftPaying } from './commitment-rules.ts';
import { setFirstGift, uncharged } from './commitment-cards.ts';
import {
  confirmLocked,
  GIFT_COLUMNS,
  giftEvent,
  insertGift,
  ledgerTransaction,
  methodOfChannel,
  type GiftRow,
  type LedgerTx,
} from './gifts.ts';
import { onRenewalCharge } from './gift-subscriptions.ts';
import { eventSettled, recordEventOnce, settledEvent } from './payment-events.ts';
import { planCodeOf, type PaystackTransaction } from './paystack.ts';

/** What settling a provider's charge did. */
export type ChargeOutcome = 'confirmed' | 'already-confirmed' | 'flagged' | 'duplicate' | 'renewal' | 'unmatched';

/** The key a Paystack charge is recorded under, whether a webhook or a verify brought it. */
export const chargeEventKey = (charge: Pick<PaystackTransaction, 'id'>) => `charge:${charge.id}`;

/**
 * Settles one successful Paystack charge (a `charge.success` webhook or a verify answer): confirms the pending gift
 * its reference names when amount and currency match, flags it otherwise, records a later charge of a monthly gift
 * as a renewal, keeps a charge the site cannot match as an unmatched gift for staff, and changes nothing for a
 * transaction already settled.
 */
export async function settlePaystackCharge(
  charge: PaystackTransaction,
  via: 'webhook' | 'verify',
  background: Background = {},
): Promise<{ outcome: ChargeOutcome; giftId?: string }> {
  const key = chargeEventKey(charge);
  // A repeat of an event already settled is answered without a transaction (the embedded database runs one at a
  // time); one arriving while its original is still being settled waits for it in recordEventOnce below.
  if (await eventSettled('paystack', key)) return { outcome: 'duplicate' };
  return ledgerTransaction(async (tx) => {
    if (!(await recordEventOnce(tx, 'paystack', key, via === 'webhook' ? 'charge.success' : 'verify'))) {
      return { outcome: 'duplicate' as const };
    }
    const [gift] = await tx.query<GiftRow>(`select ${GIFT_COLUMNS} from gifts where reference = $1 for update`, [
      charge.reference,
    ]);
    if (gift) return settleKnown(tx, gift, charge, key);
    const settled = (await settleRenewal(tx, charge)) ?? (await settleUnmatched(tx, charge));
    await settledEvent(tx, 'paystack', key, settled.outcome, settled.giftId);
    return settled;
  }, background);
}

/** A customer's name as Paystack gives it (first and last, either may be empty), or null. */
function customerName(customer: PaystackTransaction['customer']): string | null {
  const name = [customer?.first_name, customer?.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || null;
}

/** Where a charge the site did not start came from, in words for staff. */
export function chargeOrigin(charge: PaystackTransaction): string {
  const source = charge.source;
  if (source?.source === 'virtual_terminal') {
    return `Paystack's Virtual Terminal${source.identifier ? ` (${source.identifier})` : ''}`;
  }
  if (charge.channel === 'bank_transfer') return 'a bank transfer to the Paystack account (Pesalink)';
  if (source?.type === 'page' || source?.source === 'page') return 'a Paystack Payment Page';
  return `Paystack (${methodName(methodOfChannel(charge.channel, 'other'))})`;
}

/**
 * A charge no gift of the site matches (a Paystack Payment Page, the Virtual Terminal at an event, a Pesalink bank
 * transfer): kept as an `unmatched` gift, neither confirmed nor receipted nor counted, until staff assign it.
 */
async function settleUnmatched(
  tx: LedgerTx,
  charge: PaystackTransaction,
): Promise<{ outcome: ChargeOutcome; giftId: string }> {
  const gift = await insertGift(
    tx,
    {
      reference: charge.reference,
      provider: 'paystack',
      kind: 'donation',
      frequency: 'one-time',
      amountSubunits: charge.amount,
      currency: charge.currency,
      method: methodOfChannel(charge.channel, 'other'),
      donorName: customerName(charge.customer),
      donorEmail: charge.customer?.email || null,
      recordedBy: 'paystack',
      providerTxn: String(charge.id),
      note: `Paid through ${chargeOrigin(charge)} with a reference the site did not make: say who gave it and what it supports.`,
    },
    'unmatched',
  );
  if (charge.paid_at) {
    await tx.query('update gifts set ts = $2 where id = $1', [gift.id, new Date(charge.paid_at)]);
  }
  return { outcome: 'unmatched', giftId: gift.id };
}

/** Settles a charge of a gift of the site and records what it did against the event `key`. */
async function settleKnown(
  tx: LedgerTx,
  gift: GiftRow,
  charge: PaystackTransaction,
  key: string,
): Promise<{ outcome: ChargeOutcome; giftId: string }> {
  const settled = (outcome: ChargeOutcome) => settledEvent(tx, 'paystack', key, outcome, gift.id);
  // A refunded gift was confirmed once: it keeps its receipt and is never confirmed again.
  if (gift.state === 'confirmed' || gift.state === 'refunded') {
    await settled('already-confirmed');
    return { outcome: 'already-confirmed', giftId: gift.id };
  }
  if (charge.amount !== Number(gift.amount_subunits) || charge.currency !== gift.currency) {
    const flag =
      `Paystack charged ${formatMoney(charge.amount, charge.currency)} (transaction ${charge.id}) but the gift is ` +
      `${formatMoney(Number(gift.amount_subunits), gift.currency)}: check it before confirming.`;
    await tx.query('update gifts set flag = $2, provider_txn = $3, updated_at = now() where id = $1', [
      gift.id,
      flag,
      String(charge.id),
    ]);
    await giftEvent(tx, 'gift.flagged', gift);
    await settled('flagged');
    return { outcome: 'flagged', giftId: gift.id };
  }
  // Recorded before the receipt counter is taken, which other confirmations wait for until the commit.
  await settled('confirmed');
  const confirmed = await confirmLocked(tx, gift, {
    providerTxn: String(charge.id),
    method: methodOfChannel(charge.channel, gift.method),
    paidAt: charge.paid_at ? new Date(charge.paid_at) : null,
  });
  return { outcome: 'confirmed', giftId: confirmed.id };
}

/**
 * A later charge of a monthly gift: Paystack makes its own reference; the plan and the donor's email lead back.
 * Undefined when they lead to no confirmed monthly gift of that amount.
 */
async function settleRenewal(
  tx: LedgerTx,
  charge: PaystackTransaction,
): Promise<{ outcome: ChargeOutcome; giftId: string } | undefined> {
  const planCode = planCodeOf(charge.plan);
  const email = charge.customer?.email;
  if (!planCode || !email) return undefined;
  const started = await firstChargeOfChange(tx, charge, planCode, email);
  if (started) return started;
  const [parent] = await tx.query<GiftRow>(
    `select ${GIFT_COLUMNS} from gifts where plan_code = $1 and lower(donor_email) = lower($2)
       and parent_id is null and state = 'confirmed' order by id desc limit 1 for update`,
    [planCode, email],
  );
  if (!parent) return undefined;
  if (charge.amount !== Number(parent.amount_subunits) || charge.currency !== parent.currency) return undefined;
  const renewal = await insertGift(tx, {
    reference: charge.reference,
    provider: 'paystack',
    kind: parent.kind,
    frequency: parent.frequency,
    cause: parent.cause,
    childId: parent.child_id,
    sponsorshipType: parent.sponsorship_type,
    amountSubunits: charge.amount,
    currency: charge.currency,
    method: methodOfChannel(charge.channel, parent.method),
    donorName: parent.donor_name,
    donorEmail: parent.donor_email,
    donorPhone: parent.donor_phone,
    anonymous: parent.anonymous,
    recordedBy: 'paystack',
    parentId: parent.id,
    planCode,
    language: parent.language,
  });
  const confirmed = await confirmLocked(tx, renewal, {
    providerTxn: String(charge.id),
    method: renewal.method,
    paidAt: charge.paid_at ? new Date(charge.paid_at) : null,
  });
  await onRenewalCharge(tx, confirmed);
  return { outcome: 'renewal', giftId: confirmed.id };
}

/**
 * The first charge of a subscription My giving made when a donor changed a card gift's amount: it becomes the first
 * gift of the new commitment (which it pays), carrying the subscription, so later charges are its renewals.
 */
async function firstChargeOfChange(
  tx: LedgerTx,
  charge: PaystackTransaction,
  planCode: string,
  email: string,
): Promise<{ outcome: ChargeOutcome; giftId: string } | undefined> {
  const commitment = await uncharged(tx, planCode, email);
  if (!commitment || !commitment.subscription_code) return undefined;
  if (charge.amount !== Number(commitment.amount_subunits) || charge.currency !== commitment.currency) return undefined;
  const first = await insertGift(tx, {
    ...giftPaying(commitment),
    reference: charge.reference,
    amountSubunits: charge.amount,
    currency: charge.currency,
    method: methodOfChannel(charge.channel, 'card'),
    planCode,
  });
  await tx.query(
    `update gifts set subscription_code = $2, subscription_state = 'active', updated_at = now() where id = $1`,
    [first.id, commitment.subscription_code],
  );
  await setFirstGift(tx, commitment.id, first.id);
  const confirmed = await confirmLocked(tx, first, {
    providerTxn: String(charge.id),
    method: first.method,
    paidAt: charge.paid_at ? new Date(charge.paid_at) : null,
  });
  return { outcome: 'renewal', giftId: confirmed.id };
}
