/**
 * Payloads of the Gifts view in /samu: the list's filters, a gift staff record by hand (cash, bank transfer,
 * cheque…), a donor's yearly statement, refunds, PayPal confirmations and the assignment of an unmatched gift.
 */
import { z } from 'zod';
import { MAX_GIFT_UNITS } from '../lib/money.ts';
import { PERIOD_KINDS } from '../lib/periods.ts';
import { moneyAmount, rowId } from './fields.ts';
import { DONATION_CAUSES } from './options.ts';

// Read in the dashboard too, whose Content-Security-Policy forbids the compiled parsers.
z.config({ jitless: true });

/** States a gift moves through. */
export const GIFT_STATE_VALUES = ['pending', 'confirmed', 'failed', 'refunded', 'abandoned', 'unmatched'] as const;

/** Ways staff record a gift that came outside the site. */
export const STAFF_GIFT_METHODS = ['cash', 'bank_transfer', 'cheque', 'mpesa', 'card', 'other'] as const;

/** Query of `GET /api/admin/gifts`. */
export const GiftListQuery = z.object({
  /** Only gifts in this state. */
  state: z.enum(GIFT_STATE_VALUES, 'Unknown state').optional(),
  /** Only gifts from this address (a donor's history), compared without case. */
  email: z.string().trim().max(254).optional(),
  /** Largest page, default 100. */
  limit: z.coerce.number().int('Limit must be a whole number').min(1).max(500).default(100),
  /** Id of the last row of the previous page. */
  cursor: rowId('Malformed cursor').optional(),
});

/** A gift staff record by hand, `POST /api/admin/gifts`. */
export const StaffGift = z
  .object({
    /** Amount in the currency's units, e.g. 2500 (KES) or 50 (USD). */
    amount: moneyAmount('Amount').pipe(
      z.number().positive('Amount must be more than 0').max(MAX_GIFT_UNITS, 'Amount is too large'),
    ),
    /** USD or KES. */
    currency: z.enum(['USD', 'KES'], 'Choose USD or KES'),
    /** How it was given. */
    method: z.enum(STAFF_GIFT_METHODS, 'Choose how the gift was made'),
    /** The cause it supports (donations). */
    cause: z.enum(DONATION_CAUSES, 'Choose a listed cause').optional(),
    /** The child it sponsors (sponsorships). */
    childId: z.string().trim().min(1).max(60).optional(),
    /** Donor's name, blank for anonymous. */
    donorName: z.string().trim().max(200).optional(),
    /** Donor's email, to send the receipt to. */
    donorEmail: z
      .email('Enter a valid email address')
      .max(254)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** When the money arrived (ISO date or date-time), default now. */
    receivedAt: z.iso.date('Use a date such as 2026-11-25').optional(),
    /** A note for the ledger (cheque number, event name…). */
    note: z.string().trim().max(500).optional(),
  })
  .strict();
/** A gift staff record by hand. */
export type StaffGift = z.infer<typeof StaffGift>;

/** `POST /api/admin/gifts/statement`: send a donor the statement of their confirmed gifts in one year. */
export const StatementRequest = z
  .object({
    /** The donor's email. */
    email: z.email('Enter a valid email address').max(254),
    /** The calendar year. */
    year: z.coerce.number().int().min(2000).max(2100),
  })
  .strict();

/** A gift's id in the ledger. */
const GiftId = rowId('Malformed gift id');

/** `POST /api/admin/gifts/refund`: staff mark a gift refunded that came outside Paystack (its webhook does that). */
export const GiftRefundRequest = z
  .object({
    /** The gift. */
    id: GiftId,
    /** Why, for the audit trail and the gift's note, e.g. "Cheque bounced". */
    reason: z.string().trim().min(3, 'Say why the gift is refunded').max(500),
    /** Amount refunded in the gift's currency units; the whole remaining amount when left out. */
    amount: moneyAmount('Amount')
      .pipe(z.number().positive('Amount must be more than 0').max(MAX_GIFT_UNITS, 'Amount is too large'))
      .optional(),
  })
  .strict();
/** A refund staff record. */
export type GiftRefundRequest = z.infer<typeof GiftRefundRequest>;

/** `POST /api/admin/gifts/confirm`: staff confirm a PayPal gift once PayPal's own notification arrives. */
export const PaypalConfirmation = z
  .object({
    /** The PayPal gift (pending, or abandoned before the money came). */
    id: GiftId,
    /** PayPal's transaction id from its notification, e.g. 8MC585209K746392H. */
    transactionId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{6,40}$/, "Enter PayPal's transaction id (letters and digits)")
      // PayPal writes its ids in capitals: one typed in small letters is the same payment.
      .toUpperCase(),
    /** When PayPal received the money (ISO date), default now. */
    receivedAt: z.iso.date('Use a date such as 2026-11-25').optional(),
  })
  .strict();
/** A PayPal confirmation staff record. */
export type PaypalConfirmation = z.infer<typeof PaypalConfirmation>;

/**
 * `POST /api/admin/gifts/assign`: staff say who gave an unmatched gift (money Paystack received under a reference
 * the site did not make) and what it supports (a cause, "general" when none, or a child, not both); it is then
 * confirmed and receipted like any other gift. The fields mean what they mean in {@link StaffGift}.
 */
export const GiftAssignment = StaffGift.pick({
  cause: true,
  childId: true,
  donorName: true,
  donorEmail: true,
  note: true,
})
  .extend({
    /** The unmatched gift. */
    id: GiftId,
  })
  .strict();
/** An assignment staff make. */
export type GiftAssignment = z.infer<typeof GiftAssignment>;

/** What staff do to one gift from /samu: mark it refunded, confirm a PayPal gift, or assign an unmatched one. */
export type GiftAction = 'refund' | 'confirm' | 'assign';

/**
 * Why staff may not take `action` on a gift, or null when they may: the one rule that decides both the buttons of a
 * row in the Gifts tab and admin-gifts.ts's 409. Only an unmatched gift is assigned. Paystack refunds come from its
 * webhook only. A PayPal gift given up
 * on (abandoned after {@link PAYPAL_ABANDON_DAYS} days) is still confirmed when PayPal's notification comes late.
 */
export function giftActionRefusal(action: GiftAction, gift: { provider: unknown; state: unknown }): string | null {
  if (action === 'assign') {
    return gift.state === 'unmatched' ? null : 'Only an unmatched gift is assigned; this one is already known.';
  }
  if (action === 'confirm') {
    return gift.provider === 'paypal' && (gift.state === 'pending' || gift.state === 'abandoned')
      ? null
      : 'Only a pending or abandoned PayPal gift is confirmed here.';
  }
  if (gift.provider === 'paystack') return "Paystack's refunds are recorded by its webhook; refund it at Paystack.";
  return gift.state === 'confirmed'
    ? null
    : `Only a confirmed gift can be refunded; this one is ${String(gift.state)}.`;
}

/**
 * Days after which a PayPal gift that staff have not confirmed from PayPal's notification is abandoned: the donor
 * left for PayPal and did not pay (an eCheck, PayPal's slowest payment, clears within about a week).
 */
export const PAYPAL_ABANDON_DAYS = 30;

/**
 * The period of the totals and month-end reports, `GET /api/admin/gifts/summary` and `/month-end.csv|pdf`: a month
 * (default, this month), a quarter, a year or a date range of Nairobi days. Parts left out mean the one holding today.
 */
export const GiftPeriodQuery = z
  .object({
    /** month, quarter, year or range. */
    period: z.enum(PERIOD_KINDS, 'Choose a month, quarter, year or date range').default('month'),
    /** The month, e.g. 2026-10. */
    month: z
      .string()
      .regex(/^(20[0-9]{2}|2100)-(0[1-9]|1[0-2])$/, 'Use a month such as 2026-10')
      .optional(),
    /** The quarter, 1 to 4. */
    quarter: z.coerce.number('Choose a quarter').int().min(1, 'Choose a quarter').max(4, 'Choose a quarter').optional(),
    /** The year of a quarter or year, e.g. 2026. */
    year: z.coerce.number('Use a year such as 2026').int().min(2000).max(2100).optional(),
    /** First day of a range. */
    from: z.iso.date('Use a date such as 2026-10-01').optional(),
    /** Last day of a range, included. */
    to: z.iso.date('Use a date such as 2026-10-31').optional(),
  })
  .refine((query) => query.period !== 'range' || (query.from !== undefined && query.to !== undefined), {
    message: 'Give the first and last day of the range',
    path: ['from'],
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The first day comes before the last',
    path: ['to'],
  });
/** A period staff chose. */
export type GiftPeriodQuery = z.infer<typeof GiftPeriodQuery>;

/** `POST /api/admin/gifts/rate`: the shillings one US dollar is counted at in the totals from now on. */
export const ExchangeRateRequest = z
  .object({
    /** KES per USD, e.g. 129.50. */
    kesPerUsd: moneyAmount('Rate').pipe(
      z.number().min(1, 'A rate is at least 1 shilling').max(10_000, 'A rate is at most 10,000 shillings'),
    ),
  })
  .strict();

/** Totals of confirmed gifts, per key and currency, in subunits; refunded amounts left out. */
export const GiftTotal = z.object({ key: z.string(), currency: z.string(), total: z.number(), count: z.number() });
/** One line of totals. */
export type GiftTotal = z.infer<typeof GiftTotal>;

/** A rate as the answers carry it. */
export const ExchangeRateAnswer = z.object({ kesPerUsd: z.number(), setBy: z.string(), setAt: z.string() });

/** `POST /api/admin/gifts/rate` → the rate as saved, which the totals are converted at from now on. */
export const RateSavedAnswer = z.object({ rate: ExchangeRateAnswer });
export type RateSavedAnswer = z.infer<typeof RateSavedAnswer>;

/** The figures of one period: three breakdowns, the totals per currency, and both in KES and USD at the rate. */
export const PeriodFigures = z.object({
  period: z.object({
    kind: z.enum(PERIOD_KINDS),
    from: z.string(),
    to: z.string(),
    label: z.string(),
    slug: z.string(),
  }),
  byCause: z.array(GiftTotal),
  byMethod: z.array(GiftTotal),
  byKind: z.array(GiftTotal),
  /** Totals per currency (key is the currency). */
  byCurrency: z.array(GiftTotal),
  /** The rate the converted totals use; null until staff set one. */
  rate: ExchangeRateAnswer.nullable(),
  /** All of the period in KES and in USD at {@link rate}, in subunits; null without a rate. */
  converted: z.object({ KES: z.number(), USD: z.number() }).nullable(),
});
/** The figures of one period. */
export type PeriodFigures = z.infer<typeof PeriodFigures>;

/** The three breakdowns of this month or this year. */
const Breakdowns = z.object({ byCause: z.array(GiftTotal), byMethod: z.array(GiftTotal), byKind: z.array(GiftTotal) });

/** `GET /api/admin/gifts/summary`: providers connected, the chosen period's figures, this month and this year. */
export const GiftSummary = z.object({
  connected: z.object({ paystack: z.boolean(), mpesa: z.boolean() }),
  figures: PeriodFigures,
  month: Breakdowns,
  year: Breakdowns,
});
export type GiftSummary = z.infer<typeof GiftSummary>;
