/**
 * Paystack plans of the site's recurring amounts: one plan per currency, amount and interval, made once at Paystack
 * and kept in `paystack_plans`. Checkout (a new monthly gift) and My giving (a card gift's new amount) both use it.
 */
import type { Queryable } from '../platform/db.ts';
import { createPlan, type PaystackConfig } from './paystack.ts';

/** A plan's interval as Paystack names it. */
export type PlanInterval = 'monthly' | 'quarterly' | 'annually';

/** Paystack's interval of a commitment's months between instalments. */
export const PLAN_INTERVAL_OF_MONTHS: Readonly<Record<number, PlanInterval>> = {
  1: 'monthly',
  3: 'quarterly',
  12: 'annually',
};

/**
 * The Paystack plan of a recurring amount, made once and kept in `paystack_plans`: the plan's row is claimed in the
 * caller's transaction before Paystack is asked, so checkouts of the same amount at the same moment wait for the
 * first one's plan instead of each making their own. Throws PaystackError when Paystack refuses.
 */
export async function planFor(
  tx: Queryable,
  config: PaystackConfig,
  amount: { readonly currency: string; readonly amountSubunits: number },
  interval: PlanInterval,
): Promise<string> {
  const key = [amount.currency, amount.amountSubunits, interval] as const;
  // An empty code is the claim; it is replaced below in the same transaction (or left by a refused call, and retried).
  await tx.query(
    `insert into paystack_plans (currency, amount_subunits, interval, plan_code) values ($1, $2, $3, '')
     on conflict do nothing`,
    key,
  );
  const [known] = await tx.query<{ plan_code: string }>(
    'select plan_code from paystack_plans where currency = $1 and amount_subunits = $2 and interval = $3 for update',
    key,
  );
  if (known?.plan_code) return known.plan_code;
  const created = await createPlan(config, {
    name: `Tumaini ${interval} gift ${amount.currency} ${amount.amountSubunits / 100}`,
    amount: amount.amountSubunits,
    interval,
    currency: amount.currency,
  });
  await tx.query(
    'update paystack_plans set plan_code = $4 where currency = $1 and amount_subunits = $2 and interval = $3',
    [...key, created.plan_code],
  );
  return created.plan_code;
}
