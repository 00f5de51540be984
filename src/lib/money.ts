/**
 * The one place that computes gift amounts and currencies and holds the money rules: visitors see US dollars,
 * providers charge in a currency's smallest unit, a KES charge is the dollar figure at 135 KES per USD, amounts are
 * read strictly (plain decimals, at most two places), and each currency has a smallest gift.
 */
import { MIN_DONATION } from '../schemas/options.ts';
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

/** Largest amount, in units, any gift or payment may name: far above any real gift, far below what bigint holds. */
export const MAX_GIFT_UNITS = 10_000_000;

/** An amount as text: digits, then at most two decimals (`50`, `12.5`, `2700.00`); no sign, exponent or hex. */
const AMOUNT_TEXT = /^(?:0|[1-9][0-9]{0,11})(?:\.[0-9]{1,2})?$/;

/**
 * An amount in a currency's units read strictly, or undefined: text must be a plain decimal with at most two places
 * (`"0x10"`, `"1e3"`, `"5.005"` and `" "` are refused), and a number must have at most two places too.
 */
export function parseGiftAmount(value: unknown): number | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0 || value > 1e12) return undefined;
    const cents = value * 100;
    return Math.abs(cents - Math.round(cents)) < 1e-6 ? Math.round(cents) / 100 : undefined;
  }
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return AMOUNT_TEXT.test(text) ? Number(text) : undefined;
}

/** The smallest gifts in force, in units: per currency for a checkout, and for a payment straight to the Paybill. */
export interface GiftMinimums {
  readonly USD: number;
  readonly KES: number;
  /** A Paybill payment below this is still recorded, but flagged for staff and never a sponsorship. */
  readonly mpesaKes: number;
}

/** The smallest gifts unless configured: the donate form's $5, the same in shillings, and KES 100 on the Paybill. */
export const DEFAULT_GIFT_MINIMUMS: GiftMinimums = {
  USD: MIN_DONATION,
  KES: MIN_DONATION * KES_PER_USD,
  mpesaKes: 100,
};

/** Where each minimum may be configured on the server (an amount in units, e.g. `1000`). */
const MINIMUM_SETTINGS = { USD: 'GIFT_MINIMUM_USD', KES: 'GIFT_MINIMUM_KES', mpesaKes: 'MPESA_MINIMUM_KES' } as const;

/**
 * The minimums in force: each default replaced by its setting in `env` when that holds an amount (the functions pass
 * `process.env`; a page, which has no settings, gets the defaults). A setting that is not an amount is ignored.
 */
export function giftMinimums(env: Readonly<Record<string, string | undefined>> = {}): GiftMinimums {
  const pick = (key: keyof GiftMinimums) => {
    const configured = parseGiftAmount(env[MINIMUM_SETTINGS[key]] ?? '');
    return configured !== undefined && configured > 0 ? configured : DEFAULT_GIFT_MINIMUMS[key];
  };
  return { USD: pick('USD'), KES: pick('KES'), mpesaKes: pick('mpesaKes') };
}

/** The smallest checkout in `currency`, in its subunits (none for a currency gifts are not charged in). */
export function minimumSubunits(currency: string, minimums: GiftMinimums = DEFAULT_GIFT_MINIMUMS): number {
  const units = currency === 'USD' || currency === 'KES' ? minimums[currency] : 0;
  return Math.round(units * subunitsPerUnit(currency));
}

/** A rate staff set for the totals: shillings per US dollar, who set it and when (ISO). */
export interface ExchangeRate {
  readonly kesPerUsd: number;
  readonly setBy: string;
  readonly setAt: string;
}

/**
 * Totals per currency (in subunits) as one figure in KES and one in USD at `kesPerUsd`, each rounded to the cent.
 * Gifts are charged in USD and KES only; a total in any other currency is not in either figure.
 */
export function convertTotals(
  totals: readonly { readonly currency: string; readonly total: number }[],
  kesPerUsd: number,
): { KES: number; USD: number } {
  const sum = (currency: string) =>
    totals.filter((row) => row.currency === currency).reduce((n, row) => n + Number(row.total), 0);
  const kes = sum('KES');
  const usd = sum('USD');
  return { KES: Math.round(kes + usd * kesPerUsd), USD: Math.round(usd + kes / kesPerUsd) };
}

const RATE_DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Nairobi',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** The rate as stated next to converted totals: `KES 129.50 = USD 1, set by amina on 3 Nov 2026`. */
export function rateText(rate: ExchangeRate): string {
  const kes = formatMoney(Math.round(rate.kesPerUsd * 100), 'KES');
  return `${kes} = USD 1, set by ${rate.setBy} on ${RATE_DAY.format(new Date(rate.setAt))}`;
}

/** Converted totals with the rate they are at, as the dashboard and the month-end PDF state them. */
export function convertedText(
  converted: { readonly KES: number; readonly USD: number } | null,
  rate: ExchangeRate | null,
): string {
  if (!converted || !rate) return 'No exchange rate is set: totals are in the currency received only.';
  return `${formatMoney(converted.KES, 'KES')} or ${formatMoney(converted.USD, 'USD')}, at ${rateText(rate)}`;
}
