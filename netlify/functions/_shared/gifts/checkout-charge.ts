/**
 * What a donate or sponsor form asks to be charged: the gift it makes (amount in the checkout's currency, method,
 * frequency, cause or child), or the field that makes it impossible.
 */
import type { Locale } from '../../../../src/i18n/catalogue.ts';
import {
  checkoutCurrency,
  sponsorshipPaymentUsd,
  usdToSubunits,
  type GiftCurrency,
} from '../../../../src/lib/money.ts';
import type { DonationIntent, SponsorshipApplication } from '../../../../src/schemas/track.ts';
import { childById, type NewGift } from './gifts.ts';

/** The monthly price of partial and group sponsorship charged online: the lower end of each range. */
const SPONSORSHIP_MONTHLY_USD = { partial: 15, group: 20 } as const;

/** A checkout the schema accepted: the donate or the sponsor form, and the language of its page. */
export type CheckoutRequest = { language: Locale } & (
  | { type: 'donation_intent'; payload: DonationIntent }
  | { type: 'sponsorship_application'; payload: SponsorshipApplication }
);

/** A gift as a checkout makes it, before its reference, with its amount in US dollars. */
export type Charge = Omit<NewGift, 'reference'> & { amountUsd: number };

/** What the form asks to be charged, or the field that makes it impossible. */
export async function chargeOf(
  request: CheckoutRequest,
): Promise<Charge | { issue: { path: string; message: string } }> {
  const { name, email, phone } = request.payload;
  const person = {
    donorName: name,
    donorEmail: email,
    donorPhone: phone ?? null,
    provider: 'paystack' as const,
    recordedBy: 'paystack',
  };
  if (request.type === 'donation_intent') {
    const { amount, type, cause, paymentMethod, anonymous } = request.payload;
    const currency: GiftCurrency = checkoutCurrency(paymentMethod);
    return {
      ...person,
      kind: 'donation',
      frequency: type,
      cause,
      amountSubunits: usdToSubunits(amount, currency),
      amountUsd: amount,
      currency,
      method: paymentMethod,
      anonymous,
    };
  }
  const { childId, sponsorshipType, paymentMethod, payWith } = request.payload;
  const child = await childById(childId);
  if (!child) return { issue: { path: 'payload.childId', message: 'This child is not on our list' } };
  const monthly = sponsorshipType === 'full' ? child.monthlyUsd : SPONSORSHIP_MONTHLY_USD[sponsorshipType];
  const usd = sponsorshipPaymentUsd(monthly, paymentMethod);
  const currency = checkoutCurrency(payWith);
  return {
    ...person,
    kind: 'sponsorship',
    frequency: paymentMethod,
    childId,
    sponsorshipType,
    amountSubunits: usdToSubunits(usd, currency),
    amountUsd: usd,
    currency,
    method: payWith,
  };
}
