/**
 * The keys Paystack needs to act on a card commitment's subscription for the donor (its customer, saved card and
 * email token): kept on the commitment when Paystack reported them, else asked of Paystack once and kept.
 */
import { keepPaystackKeys, paystackKeysOf, type PaystackKeys } from './commitment-cards.ts';
import { query, transaction } from '../platform/db.ts';
import { fetchSubscription, type PaystackConfig } from './paystack.ts';

/**
 * The Paystack keys of card commitment `commitmentId` (its customer, saved card and email token): those kept, and any
 * missing asked of Paystack by its subscription `code` (a commitment older than the keys, or whose
 * subscription.create did not carry them all) and kept. Throws PaystackError when Paystack refuses.
 */
export async function knownCardKeys(config: PaystackConfig, commitmentId: string, code: string): Promise<PaystackKeys> {
  const keys = await paystackKeysOf({ query }, commitmentId);
  if (keys.customer && keys.authorization && keys.emailToken) return keys;
  const current = await fetchSubscription(config, code);
  const known = {
    customer: keys.customer ?? (typeof current.customer === 'object' ? current.customer?.customer_code : undefined),
    authorization: keys.authorization ?? current.authorization?.authorization_code,
    emailToken: keys.emailToken ?? current.email_token,
  };
  await transaction((tx) => keepPaystackKeys(tx, code, known));
  return known;
}
