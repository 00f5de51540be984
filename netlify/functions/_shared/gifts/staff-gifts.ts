/**
 * The ledger reads and writes behind staff's actions in /samu: a page of gifts, the reference of a gift recorded by
 * hand, a gift locked for an action, the gift a PayPal payment is already on, and an unmatched gift assigned.
 */
import type { GiftAssignment } from '../../../../src/schemas/gifts.ts';
import { query, type Queryable } from '../platform/db.ts';
import { GIFT_COLUMNS, type GiftRow, type GiftState } from './gifts.ts';

/** Which gifts a page of the ledger holds. */
export interface GiftFilter {
  /** Only gifts in this state. */
  readonly state?: GiftState | undefined;
  /** Only gifts from this address, compared without case; empty: every donor. */
  readonly email?: string | undefined;
  /** Only gifts older than this id (the last row of the previous page). */
  readonly cursor?: string | undefined;
}

/** Up to `count` gifts of `filter`, newest first. */
export async function giftsNewestFirst(filter: GiftFilter, count: number): Promise<GiftRow[]> {
  return query<GiftRow>(
    `select ${GIFT_COLUMNS} from gifts t
     where ($1::text is null or t.state = $1) and ($2::text is null or lower(t.donor_email) = lower($2))
       and ($3::bigint is null or t.id < $3::bigint)
     order by t.id desc limit $4`,
    [filter.state ?? null, filter.email || null, filter.cursor ?? null, count],
  );
}

/** The reference of a gift staff record by hand, from the ledger's own numbering. */
export async function staffGiftReference(tx: Queryable): Promise<string> {
  const [next] = await tx.query<{ n: string }>("select nextval(pg_get_serial_sequence('gifts', 'id'))::text as n");
  return `staff-${next?.n ?? Date.now()}`;
}

/** Locks the gift `id` in the caller's transaction; undefined when there is none. */
export async function lockGift(tx: Queryable, id: string): Promise<GiftRow | undefined> {
  const [gift] = await tx.query<GiftRow>(`select ${GIFT_COLUMNS} from gifts where id = $1 for update`, [id]);
  return gift;
}

/** The reference of another gift than `id` the PayPal payment `transactionId` is on, if one is. */
export async function paypalPaymentElsewhere(
  tx: Queryable,
  transactionId: string,
  id: string,
): Promise<string | undefined> {
  const [other] = await tx.query<{ reference: string }>(
    `select reference from gifts where provider = 'paypal' and provider_txn = $1 and id <> $2`,
    [transactionId, id],
  );
  return other?.reference;
}

/**
 * Says who gave the gift `id` and what it supports (a child makes it a sponsorship, else a donation to the cause),
 * noting who assigned it, in the caller's transaction; the gift as it now stands.
 */
export async function assignGift(
  tx: Queryable,
  assignment: GiftAssignment,
  actor: string,
): Promise<GiftRow | undefined> {
  const { id, cause, childId, donorName, donorEmail, note } = assignment;
  const [assigned] = await tx.query<GiftRow>(
    `update gifts set kind = $2, cause = $3, child_id = $4, donor_name = $5, donor_email = $6, anonymous = $7,
       note = concat_ws(' ', note, $8::text), updated_at = now()
     where id = $1 returning ${GIFT_COLUMNS}`,
    [
      id,
      childId ? 'sponsorship' : 'donation',
      childId ? null : (cause ?? 'general'),
      childId ?? null,
      donorName || null,
      donorEmail ?? null,
      !donorName,
      `Assigned by ${actor}.${note ? ` ${note}` : ''}`,
    ],
  );
  return assigned;
}
