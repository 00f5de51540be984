/**
 * A card commitment's Paystack side (commitments.ts): the subscription that charges it, its first gift, and the keys
 * Paystack needs to act on the donor's card (customer, saved card, email token).
 */
import type { Queryable } from '../platform/db.ts';
import { COMMITMENT_COLUMNS, type CommitmentRow } from './commitment-rules.ts';

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
