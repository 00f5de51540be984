/**
 * Every provider call that changes anything is recorded once in `payment_events` (unique provider and key), in the
 * transaction that makes the change: a replayed webhook, or one racing the reconciliation's verify of the same
 * transaction, then changes nothing the second time.
 */
import { query, type Queryable } from '../platform/db.ts';

/**
 * Claims a provider's event on `tx` (unique provider and key): true when this transaction settles it, because it is
 * new or because a webhook stored it with its body ({@link storeEvent}) and nobody has settled it yet; false when it
 * was settled before, so the caller changes nothing. The claim clears the stored body, so once the transaction
 * commits no one claims the event again; a claim that waits for another transaction's finds it settled. {@link
 * settledEvent} then says what it did.
 */
export async function recordEventOnce(tx: Queryable, provider: string, key: string, type: string): Promise<boolean> {
  const [recorded] = await tx.query(
    `insert into payment_events (provider, event_key, type, outcome) values ($1, $2, $3, 'received')
     on conflict (provider, event_key) do update set payload = null where payment_events.payload is not null
     returning id`,
    [provider, key, type],
  );
  return recorded !== undefined;
}

/**
 * Stores a signed event with its body, unsettled, in one statement of its own: false when the event was stored or
 * settled before (a repeat). {@link recordEventOnce} claims it later.
 */
export async function storeEvent(provider: string, key: string, type: string, body: string): Promise<boolean> {
  const rows = await query(
    `insert into payment_events (provider, event_key, type, outcome, payload) values ($1, $2, $3, 'received', $4)
     on conflict (provider, event_key) do nothing returning id`,
    [provider, key, type, body],
  );
  return rows.length > 0;
}

/** True when a provider's event was settled (one stored by a webhook and not settled yet is not). */
export async function eventSettled(provider: string, key: string): Promise<boolean> {
  const rows = await query('select 1 from payment_events where provider = $1 and event_key = $2 and payload is null', [
    provider,
    key,
  ]);
  return rows.length > 0;
}

/** What a recorded event did, and the gift it concerned (none when it matched no gift). */
export async function settledEvent(
  tx: Queryable,
  provider: string,
  key: string,
  outcome: string,
  giftId: string | null | undefined,
): Promise<void> {
  await tx.query(`update payment_events set outcome = $3, gift_id = $4 where provider = $1 and event_key = $2`, [
    provider,
    key,
    outcome,
    giftId ?? null,
  ]);
}
