/** Addresses of the site's own donor pages, for emails and for the payment provider to send donors back to. */
import { siteUrl } from '../platform/outbox.ts';

const site = () => siteUrl().replace(/\/+$/, '');

/**
 * My giving, where a donor signs in to see their gifts, receipts and statements and to manage a monthly gift: every
 * receipt, reminder and failed-payment email links to it.
 */
export function myGivingUrl(language: string = 'en'): string {
  return `${site()}${language === 'sw' ? '/sw' : ''}/my-giving/`;
}

/** Path of the thank-you page Paystack sends a donor back to after its checkout (thank-you.ts). */
export const THANK_YOU_PATH = '/thank-you';

/** The thank-you page's address, given to Paystack as `callback_url`; Paystack adds `?trxref=…&reference=…`. */
export function thankYouUrl(): string {
  return `${site()}${THANK_YOU_PATH}`;
}
