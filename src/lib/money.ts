/**
 * The one place that computes gift amounts and currencies: visitors see US dollars (spec §9), providers charge in a
 * currency's smallest unit, and a KES charge is the dollar figure at the spec's rate of 135 KES per USD.
 */
import { KES_PER_USD } from './constants.ts';

/** Currencies gifts are charged in. */
export const GIFT_CURRENCIES = ['USD', 'KES'] as const;

/** One of {@link GIFT_CURRENCIES}. */
export type GiftCurrency = (typeof GIFT_CURRENCIES)[number];

/** How a visitor chose to pay on the donate or sponsor form. */
export type CheckoutMethod = 'card' | 'mpesa' | 'bank' | 'paypal';

/** Smallest units in one unit of each currency (cents). */
const SUBUNITS: Readonly<Record<string, number>> = { USD: 100, KES: 100 };

/** Subunits per unit of `currency` (100 for USD and KES). */
export function subunitsPerUnit(currency: string): number {
  return SUBUNITS[currency] ?? 100;
}

/**
 * The currency a checkout charges in: M-Pesa and Kenyan bank transfers are in shillings, cards in the dollars the
 * visitor saw.
 */
export function checkoutCurrency(method: CheckoutMethod): GiftCurrency {
  return method === 'mpesa' || method === 'bank' ? 'KES' : 'USD';
}

/** A dollar amount in `currency`'s subunits: cents for USD, KES cents at 135 KES per USD. */
export function usdToSubunits(usd: number, currency: GiftCurrency): number {
  const units = currency === 'KES' ? usd * KES_PER_USD : usd;
  return Math.round(units * subunitsPerUnit(currency));
}

/** Subunits back to the currency's units (`675000` KES cents → 6750). */
export function subunitsToUnits(subunits: number, currency: string): number {
  return subunits / subunitsPerUnit(currency);
}

/** `$50.00`, `KES 6,750.00`: an amount as receipts and the dashboard print it. */
export function formatMoney(subunits: number, currency: string): string {
  const units = subunitsToUnits(subunits, currency).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return currency === 'USD' ? `$${units}` : `${currency} ${units}`;
}

/** How many payments a sponsorship frequency makes a year. */
const PERIOD_MONTHS = { monthly: 1, quarterly: 3, annual: 12 } as const;

/** One payment of a sponsorship in USD: the monthly price times the months a payment covers. */
export function sponsorshipPaymentUsd(monthlyUsd: number, frequency: keyof typeof PERIOD_MONTHS): number {
  return monthlyUsd * PERIOD_MONTHS[frequency];
}
