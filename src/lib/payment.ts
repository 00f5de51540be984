/**
 * The external hosted payment page. Payments never happen on this site: every donate and sponsor button opens
 * this page in a new tab, without an opener or referrer.
 */

/**
 * PLACEHOLDER until the charity's payment provider is configured: set `PUBLIC_PAYMENT_URL` at build time
 * (Netlify → Site configuration → Environment variables) to the real hosted payment page.
 */
export const DEFAULT_PAYMENT_URL = 'https://payments.example.org/tumaini-children';

/** The four payment link kinds of the spec; today they all lead to one address. */
export type PaymentKind = 'donationUrl' | 'sponsorshipUrl' | 'generalUrl' | 'volunteerUrl';

/** Where on the site a payment link was clicked, recorded as its source tag. */
export type PaymentSource =
  | 'hero-section'
  | 'call-to-action'
  | 'about-page'
  | 'blog-post'
  | 'blog'
  | 'contact-page'
  | 'navigation-menu'
  | 'donate-page'
  | 'sponsor-page'
  | 'programs-page';

/** Optional query of a payment link. */
export interface PaymentOptions {
  /** Amount in USD. */
  amount?: number | string;
  /** Sent as `child_id`. */
  childId?: string;
  /** How often the gift repeats: a donation's `one-time` or `monthly`, a sponsorship's `monthly`, `quarterly`, `annual`. */
  frequency?: string;
  /** The donation's cause (`water`, `general`, …). */
  cause?: string;
  /** The sponsorship type (`full`, `partial`, `group`), sent as `sponsorship_type`. */
  sponsorshipType?: string;
  /** Campaign tag, such as `donate-now`, `hero-cta`, `blog-cta`, `quick-action`, `final-cta`. */
  campaign?: string;
  /** Where the link sits on the site. */
  source?: PaymentSource;
}

const configured = (import.meta.env?.PUBLIC_PAYMENT_URL as string | undefined) || DEFAULT_PAYMENT_URL;

/** Base address of each link kind (all one page for now, kept apart so they can diverge). */
export const paymentBaseUrls: Record<PaymentKind, string> = {
  donationUrl: configured,
  sponsorshipUrl: configured,
  generalUrl: configured,
  volunteerUrl: configured,
};

/** Query parameter of each choice a payment link carries. */
export const PAYMENT_QUERY = {
  amount: 'amount',
  frequency: 'frequency',
  cause: 'cause',
  childId: 'child_id',
  sponsorshipType: 'sponsorship_type',
  campaign: 'campaign',
  source: 'source',
} as const satisfies Record<keyof PaymentOptions, string>;

/**
 * Builds the payment URL for a link kind with everything chosen: amount, frequency, cause or child, sponsorship
 * type, and the `campaign` and `source` tags.
 */
export function paymentUrl(kind: PaymentKind, options: PaymentOptions = {}): string {
  const url = new URL(paymentBaseUrls[kind]);
  for (const [option, name] of Object.entries(PAYMENT_QUERY) as [keyof PaymentOptions, string][]) {
    const value = options[option];
    if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
  }
  return url.toString();
}

/**
 * Where the donate and sponsor forms post: the checkout function stores the pending gift and answers 303 to the
 * provider's page (netlify/functions/payments-checkout.ts).
 */
export const CHECKOUT_ACTION = '/api/payments/checkout';

/** The origin of Paystack's hosted checkout pages, which the forms' redirect lands on. */
export const PAYSTACK_CHECKOUT_ORIGIN = 'https://checkout.paystack.com';

/** Attributes that make a link open the payment page in a new tab with no opener and no referrer. */
export const paymentLinkAttributes = { target: '_blank', rel: 'noopener noreferrer' } as const;
