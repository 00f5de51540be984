/**
 * The ledger side of a gift's hosted checkout (payments-checkout.ts): the gift a resent submission made, the gift
 * locked while Paystack is asked for its checkout, and the checkout's address saved on the gift (and the card plan
 * on its commitment) once Paystack gave one.
 */
import { query, type Queryable } from '../platform/db.ts';
import type { GiftRow } from './gifts.ts';

/** The gift a submission made, if it arrived before. */
export async function giftOfSubmission(submissionKey: string): Promise<Pick<GiftRow, 'id' | 'reference'> | undefined> {
  const [gift] = await query<Pick<GiftRow, 'id' | 'reference'>>(
    'select id::text as id, reference from gifts where submission_key = $1',
    [submissionKey],
  );
  return gift;
}

/** Where a gift's checkout stands, read under the gift's lock. */
export interface CheckoutState {
  readonly reference: string;
  readonly state: string;
  readonly checkout_url: string | null;
}

/** Locks the gift `giftId` for its checkout in the caller's transaction; undefined when there is none. */
export async function lockForCheckout(tx: Queryable, giftId: string): Promise<CheckoutState | undefined> {
  const [gift] = await tx.query<CheckoutState>(
    'select reference, state, checkout_url from gifts where id = $1 for update',
    [giftId],
  );
  return gift;
}

/**
 * Saves the checkout Paystack made for the gift (its address, the card plan it charges, the reference it was made
 * under) and puts the gift back to pending, clearing the note a failed start left; a plan goes on the gift's
 * commitment too.
 */
export async function saveCheckout(
  tx: Queryable,
  giftId: string,
  checkout: { url: string; plan: string | undefined; reference: string },
): Promise<void> {
  await tx.query(
    `update gifts set checkout_url = $2, plan_code = $3, reference = $4,
       state = 'pending', note = case when state = 'pending' then note end, updated_at = now()
     where id = $1`,
    [giftId, checkout.url, checkout.plan ?? null, checkout.reference],
  );
  if (checkout.plan) {
    await tx.query('update commitments set plan_code = $2 where gift_id = $1', [giftId, checkout.plan]);
  }
}
