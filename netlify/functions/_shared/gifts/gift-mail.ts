/**
 * The gift ledger's emails whose slow parts are made when they are sent (outbox.ts completers), never in the
 * transaction that queues them: a receipt's PDF, drawn from the receipt the row describes, and the address of
 * Paystack's page where a donor updates the card of a monthly gift or cancels it, asked of Paystack at send time.
 * Every function that sends gift emails passes {@link GIFT_COMPLETERS} to the outbox.
 */
import { z } from 'zod';
import { formatMoney } from '../../../../src/lib/money.ts';
import { LOCALES, translator, type Locale } from '../../../../src/i18n/catalogue.ts';
import type { Queryable } from '../platform/db.ts';
import { enqueue, type Completers, type MailCompletion } from '../platform/outbox.ts';
import { paystackConfig, PaystackError, subscriptionManageLink } from './paystack.ts';
import { CHARITY_LINES, receiptLabel, receiptPdf, type Receipt } from './receipt.ts';
import { myGivingUrl } from './site-links.ts';

const RECEIPT_PDF = 'receipt_pdf';
const MANAGE_LINK = 'paystack_manage_link';

/** Stands in a queued email's body for the manage link until the sender asks Paystack for it. */
export const MANAGE_LINK_PLACEHOLDER = "[the link to Paystack's page for this gift, made when this email is sent]";

/** The completion that attaches the PDF of `receipt` when its email is sent. */
export function receiptCompletion(receipt: Receipt): MailCompletion {
  return { kind: RECEIPT_PDF, data: { receipt: { ...receipt, date: receipt.date.toISOString() } } };
}

const StoredReceipt = z.object({
  number: z.number(),
  donorName: z.string().nullable(),
  amountSubunits: z.number(),
  currency: z.string(),
  date: z.iso.datetime().transform((value) => new Date(value)),
  method: z.string(),
  supports: z.string(),
  frequency: z.string(),
  transaction: z.string().nullable(),
  refundedSubunits: z.number(),
  language: z.enum(LOCALES).catch('en'),
});

/** The completers of the gift ledger's emails. */
export const GIFT_COMPLETERS: Completers = {
  [RECEIPT_PDF]: async (data) => {
    const receipt = StoredReceipt.parse(data['receipt']);
    const pdf = await receiptPdf(receipt);
    return {
      attachments: [
        {
          filename: `receipt-${receiptLabel(receipt.number)}.pdf`,
          contentType: 'application/pdf',
          content: pdf.toString('base64'),
        },
      ],
    };
  },
  [MANAGE_LINK]: async (data, body) => {
    const config = paystackConfig();
    if (!config) throw new PaystackError('Payments are not connected (no Paystack key is set up)', 0);
    const link = await subscriptionManageLink(config, z.string().min(1).parse(data['subscriptionCode']));
    return { body: body.replaceAll(MANAGE_LINK_PLACEHOLDER, link) };
  },
};

/** What went wrong with the card of a monthly gift. */
export type CardProblem =
  | { readonly kind: 'payment_failed'; readonly amountSubunits: number | null }
  | { readonly kind: 'card_expiring'; readonly card: string; readonly expires: string };

/** The monthly gift a card problem is about, as the email names it. */
export interface MonthlyGiftMail {
  readonly giftId: string;
  readonly donorName: string | null;
  readonly donorEmail: string;
  readonly amountSubunits: number;
  readonly currency: string;
  /** What it supports, in words (of its language). */
  readonly supports: string;
  readonly subscriptionCode: string;
  /** The language its emails go in (`en` when left out): that of the page it was given from. */
  readonly language?: Locale;
}

/** The email telling a donor that their monthly gift's card needs them, with the manage link still to be made. */
export function cardProblemText(gift: MonthlyGiftMail, problem: CardProblem): { subject: string; body: string } {
  const language = gift.language ?? 'en';
  const t = translator(language);
  const amount = formatMoney(
    problem.kind === 'payment_failed' ? (problem.amountSubunits ?? gift.amountSubunits) : gift.amountSubunits,
    gift.currency,
  );
  const opening =
    problem.kind === 'payment_failed'
      ? [t('mail.card.failed', { amount, supports: gift.supports })]
      : [
          t('mail.card.expiring', { amount, supports: gift.supports, card: problem.card, expires: problem.expires }),
          t('mail.card.willStop'),
        ];
  return {
    subject: t(problem.kind === 'payment_failed' ? 'mail.card.failedSubject' : 'mail.card.expiringSubject'),
    body: [
      t('email.dear', { name: gift.donorName || t('email.friend') }),
      '',
      ...opening,
      '',
      t('mail.card.update', { link: MANAGE_LINK_PLACEHOLDER }),
      t('mail.card.cancel'),
      '',
      t('mail.card.myGiving', { link: myGivingUrl(language) }),
      '',
      ...CHARITY_LINES,
    ].join('\n'),
  };
}

/**
 * Queues the card-problem email of one Paystack event on `tx`, once per `eventKey`; the sender fills in the manage
 * link of the subscription.
 */
export async function enqueueCardProblem(
  tx: Queryable,
  eventKey: string,
  gift: MonthlyGiftMail,
  problem: CardProblem,
): Promise<boolean> {
  const { subject, body } = cardProblemText(gift, problem);
  return enqueue(tx, {
    kind: 'message',
    dedupKey: `card:${eventKey}`,
    source: problem.kind === 'payment_failed' ? 'gift_payment_failed' : 'gift_card_expiring',
    notice: { subject, body, resource: 'gifts', recordId: gift.giftId },
    recipients: [gift.donorEmail],
    complete: { kind: MANAGE_LINK, data: { subscriptionCode: gift.subscriptionCode } },
  });
}
