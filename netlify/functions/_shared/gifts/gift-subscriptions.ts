/**
 * What Paystack's subscription events do to a monthly gift, one function per event, each on the caller's
 * transaction: the one place where a monthly gift follows its card subscription (a donor's commitment to give each
 * month hangs off these). Each keeps the commitment the monthly gift made in step, and the subscription state of the monthly gift's first gift, the one the later
 * charges point at, and returns that gift's id, or undefined when no monthly gift has the subscription.
 */
import { linkSubscription, type PaystackKeys } from './commitment-cards.ts';
import { providerStopped } from './commitments.ts';
import type { Queryable } from '../platform/db.ts';

/** Why Paystack charges a subscription no more: the donor chose not to renew it, or it was disabled. */
export type SubscriptionStop = 'not_renew' | 'disable';

async function setState(
  tx: Queryable,
  subscriptionCode: string,
  state: 'active' | 'failed' | 'cancelled',
): Promise<string | undefined> {
  const [row] = await tx.query<{ id: string }>(
    `update gifts set subscription_state = $2, updated_at = now()
     where subscription_code = $1 and parent_id is null returning id::text as id`,
    [subscriptionCode, state],
  );
  return row?.id;
}

/**
 * Paystack made `subscriptionCode` for the monthly gift `giftId`: the gift and the commitment it made learn the code
 * (so a later stop finds the commitment) and the Paystack `keys` reported with it, and the gift is active.
 */
export async function onSubscriptionStarted(
  tx: Queryable,
  giftId: string,
  subscriptionCode: string,
  keys: PaystackKeys = {},
): Promise<string> {
  await tx.query(
    `update gifts set subscription_code = $2, subscription_state = 'active', updated_at = now() where id = $1`,
    [giftId, subscriptionCode],
  );
  await linkSubscription(tx, giftId, subscriptionCode, keys);
  return giftId;
}

const STOP_REASONS: Readonly<Record<SubscriptionStop, string>> = {
  not_renew: 'Paystack reported subscription.not_renew: the card subscription will not renew.',
  disable: 'Paystack reported subscription.disable: the card subscription stopped.',
};

/**
 * Paystack will charge `subscriptionCode` no more (`reason` says why): the monthly gift is cancelled and its commitment
 * is stopped by the provider (it lapses; a sponsorship asks staff to contact the sponsor), with the reason kept.
 */
export async function onSubscriptionStopped(
  tx: Queryable,
  subscriptionCode: string,
  reason: SubscriptionStop,
): Promise<string | undefined> {
  const giftId = await setState(tx, subscriptionCode, 'cancelled');
  await providerStopped(tx, subscriptionCode, STOP_REASONS[reason]);
  return giftId;
}

/**
 * Paystack could not take a monthly charge of `subscriptionCode`: the monthly gift has failed until a charge arrives.
 * The commitment's instalment simply stays open, so the daily run makes it late, then lapsed.
 */
export function onPaymentFailed(tx: Queryable, subscriptionCode: string): Promise<string | undefined> {
  return setState(tx, subscriptionCode, 'failed');
}

/**
 * A later charge of a monthly gift was confirmed as `renewal`: the monthly gift it points at is active again. The
 * instalment it pays was already paid by the confirmation itself (gifts.ts confirms every gift through commitments.ts,
 * whatever the provider), so it is not paid twice here.
 */
export async function onRenewalCharge(tx: Queryable, renewal: { readonly parent_id: string | null }): Promise<void> {
  if (!renewal.parent_id) return;
  await tx.query(`update gifts set subscription_state = 'active', updated_at = now() where id = $1`, [
    renewal.parent_id,
  ]);
}
