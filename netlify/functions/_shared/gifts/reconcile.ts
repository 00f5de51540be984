/**
 * Reconciliation: pending Paystack gifts that no webhook settled within an hour are looked up with
 * `GET /transaction/verify/:reference`. Paid ones are settled exactly as the webhook would (the same event key, so
 * a webhook arriving meanwhile still leaves one confirmation); failed ones are marked failed; and those still unpaid
 * a day after the checkout started are marked abandoned. PayPal gifts, which staff confirm from PayPal's own
 * notification, are marked abandoned when none came within PAYPAL_ABANDON_DAYS (staff can still confirm one later).
 */
import { PAYPAL_ABANDON_DAYS } from '../../../../src/schemas/gifts.ts';
import type { Background } from '../content/build-hook.ts';
import { query } from '../platform/db.ts';
import { closePending } from './gifts.ts';
import { settlePaystackCharge, type ChargeOutcome } from './paystack-charges.ts';
import { paystackConfig, PaystackError, verifyTransaction, type PaystackConfig } from './paystack.ts';

/** A pending gift is looked up once it is this old. */
export const VERIFY_AFTER = '1 hour';

/** A pending gift still unpaid this long after its checkout started is abandoned. */
export const ABANDON_AFTER = '1 day';

/** Most gifts looked up in one run (scheduled functions stop after 30 s). */
export const RUN_LIMIT = 50;

/** What one run did. */
export interface ReconcileReport {
  checked: number;
  confirmed: number;
  failed: number;
  abandoned: number;
  unchanged: number;
  errors: number;
}

/**
 * One reconciliation round; `now` is injected by tests, `background` lets a sponsorship's rebuild request outlive
 * the run. Without Paystack keys it only closes unconfirmed PayPal gifts.
 */
export async function reconcile(now: Date = new Date(), background: Background = {}): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, confirmed: 0, failed: 0, abandoned: 0, unchanged: 0, errors: 0 };
  const config = paystackConfig();
  if (config) await reconcilePaystack(config, now, background, report);
  report.abandoned += await abandonUnpaidPaypal(now);
  return report;
}

/** Looks up the pending Paystack gifts that are due, adding what it did to `report`. */
async function reconcilePaystack(
  config: PaystackConfig,
  now: Date,
  background: Background,
  report: ReconcileReport,
): Promise<void> {
  const due = await query<{ id: string; reference: string; stale: boolean }>(
    `select id::text as id, reference, ts <= $1::timestamptz - interval '${ABANDON_AFTER}' as stale
     from gifts where provider = 'paystack' and state = 'pending' and flag is null
       and ts <= $1::timestamptz - interval '${VERIFY_AFTER}'
     order by id limit $2`,
    [now.toISOString(), RUN_LIMIT],
  );
  for (const gift of due) {
    report.checked += 1;
    let status: string;
    try {
      const txn = await verifyTransaction(config, gift.reference);
      status = txn.status;
      if (status === 'success') {
        const settled: ChargeOutcome = (await settlePaystackCharge(txn, 'verify', background)).outcome;
        report[settled === 'confirmed' ? 'confirmed' : 'unchanged'] += 1;
        continue;
      }
    } catch (failure) {
      // Paystack answers 400 for a reference it never saw: the visitor never reached the checkout.
      if (!(failure instanceof PaystackError) || failure.status !== 400) {
        console.error('reconcile: verify failed for gift', gift.id, String(failure));
        report.errors += 1;
        continue;
      }
      status = 'not found';
    }
    if (status === 'failed' && (await closePending(gift.id, 'failed', 'Paystack reports the payment failed'))) {
      report.failed += 1;
    } else if (gift.stale && (await closePending(gift.id, 'abandoned', `Not paid within ${ABANDON_AFTER}`))) {
      report.abandoned += 1;
    } else {
      report.unchanged += 1;
    }
  }
}

/** Marks abandoned the PayPal gifts no one confirmed within {@link PAYPAL_ABANDON_DAYS} days; how many. */
async function abandonUnpaidPaypal(now: Date): Promise<number> {
  const due = await query<{ id: string }>(
    `select id::text as id from gifts where provider = 'paypal' and state = 'pending'
       and ts <= $1::timestamptz - make_interval(days => $2) order by id limit $3`,
    [now.toISOString(), PAYPAL_ABANDON_DAYS, RUN_LIMIT],
  );
  let abandoned = 0;
  for (const { id } of due) {
    const note = `No PayPal payment confirmed within ${PAYPAL_ABANDON_DAYS} days`;
    if (await closePending(id, 'abandoned', note)) abandoned += 1;
  }
  return abandoned;
}
