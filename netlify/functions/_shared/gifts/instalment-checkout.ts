/**
 * The one-payment checkout of an M-Pesa commitment's instalment (the reminder email's link): a pending gift hanging
 * off the commitment's first gift, so its confirmation pays the instalment (commitments.ts), and a one-off Paystack
 * checkout on mobile money for it.
 */
import { addMonths, giftPaying, nairobiDay, type CommitmentRow } from './commitment-rules.ts';
import { commitmentByTarget, instalmentsOf } from './commitments.ts';
import { query } from '../platform/db.ts';
import { insertGift, ledgerTransaction } from './gifts.ts';
import { initializeTransaction, type PaystackConfig } from './paystack.ts';

/** What opening the checkout found. */
export type InstalmentCheckout =
  | { status: 'unknown' | 'closed' | 'paid' }
  | { status: 'open'; url: string; commitment: CommitmentRow; period: string };

/** The period a payment made now would pay: the oldest open instalment, else the one after the last. */
async function periodToPay(commitment: CommitmentRow, now: Date): Promise<string> {
  const instalments = await instalmentsOf(commitment.id);
  const open = instalments.find((instalment) => instalment.gift_id === null);
  if (open) return open.period;
  const last = instalments.at(-1);
  return last ? addMonths(last.period, commitment.interval_months) : `${nairobiDay(now).slice(0, 7)}-01`;
}

/**
 * Opens (or reopens) the checkout of the instalment the commitment with `account` owes; `unknown` for no such M-Pesa
 * commitment, `closed` when it is pending, paused or ended, `paid` when this period's link was paid already.
 */
export async function openInstalmentCheckout(
  config: PaystackConfig,
  account: string,
  now: Date,
): Promise<InstalmentCheckout> {
  const commitment = await commitmentByTarget({ account });
  if (!commitment || commitment.method !== 'mpesa' || !commitment.gift_id) return { status: 'unknown' };
  if (!['active', 'late', 'lapsed'].includes(commitment.state)) return { status: 'closed' };
  const period = await periodToPay(commitment, now);
  const reference = `TCF-I-${commitment.id}-${period.slice(0, 7)}`;
  const [known] = await query<{ state: string; checkout_url: string | null }>(
    'select state, checkout_url from gifts where reference = $1',
    [reference],
  );
  if (known?.state === 'confirmed') return { status: 'paid' };
  if (known?.checkout_url) return { status: 'open', url: known.checkout_url, commitment, period };
  if (!known) {
    await ledgerTransaction((tx) =>
      insertGift(tx, { ...giftPaying(commitment), reference, method: 'mpesa', parentId: commitment.gift_id }),
    );
  }
  const started = await initializeTransaction(config, {
    email: commitment.donor_email ?? '',
    amount: commitment.amount_subunits,
    currency: commitment.currency,
    reference,
    channels: ['mobile_money'],
    metadata: { commitment_id: commitment.id, period },
  });
  await query('update gifts set checkout_url = $2, updated_at = now() where reference = $1', [
    reference,
    started.authorization_url,
  ]);
  return { status: 'open', url: started.authorization_url, commitment, period };
}
