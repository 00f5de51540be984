/**
 * `GET /thank-you?reference=…` (Paystack's checkout sends the donor here as `callback_url`, adding `trxref` and
 * `reference`): tells the donor where their gift stands, asking Paystack (`/transaction/verify`) when the ledger has not
 * heard yet. A successful charge is settled exactly as the webhook settles it (once per Paystack transaction), so a
 * refresh, or the webhook arriving too, never confirms twice. The page shows the amount and what the gift supports,
 * never the donor's name or address, and a reference the ledger does not hold gets a 404 without asking Paystack:
 * a guessed reference learns nothing else. A monthly M-Pesa gift's page adds its Paybill account and how to pay it.
 * The page is in the language of the page the gift was given from (English before the gift is known).
 */
import type { Config, Context } from '@netlify/functions';
import { translator, type MessageKey } from '../../src/i18n/catalogue.ts';
import { localePath } from '../../src/i18n/paths.ts';
import { formatMoney } from '../../src/lib/money.ts';
import { clientId } from './_shared/platform/client.ts';
import { GIFT_COMPLETERS } from './_shared/gifts/gift-mail.ts';
import { giftByReference, receiptOf, type GiftRow } from './_shared/gifts/gifts.ts';
import { settlePaystackCharge } from './_shared/gifts/paystack-charges.ts';
import { escapeHtml, htmlPage, sentenceHtml } from './_shared/platform/html-page.ts';
import { methodNotAllowed } from './_shared/platform/http.ts';
import { deliverAfterResponse } from './_shared/platform/outbox.ts';
import { paystackConfig, PaystackError, verifyTransaction } from './_shared/gifts/paystack.ts';
import { hit } from './_shared/platform/rate-limit.ts';
import { mpesaAccountOfGift, mpesaHtml } from './_shared/gifts/my-giving-commitments.ts';
import { myGivingUrl } from './_shared/gifts/site-links.ts';

/** Thank-you pages one client may open per minute (each may ask Paystack). */
const VIEWS_PER_MINUTE = { limit: 30, windowSeconds: 60 };

const REFERENCE = /^[A-Za-z0-9._=-]{1,100}$/;

/** What the donor is told. */
type Standing = 'confirmed' | 'processing' | 'not-paid';

/** Paystack's statuses of a transaction that will not be paid as it stands. */
const NOT_PAID = new Set(['failed', 'abandoned', 'reversed']);

/** Handles one visit of the thank-you page. */
export default async (req: Request, context: Context): Promise<Response> => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(['GET']);
  const params = new URL(req.url).searchParams;
  const reference = params.get('reference') ?? params.get('trxref') ?? '';
  try {
    const limit = await hit('thank-you', clientId(context), VIEWS_PER_MINUTE);
    if (!limit.allowed) {
      return htmlPage(
        {
          title: 'Please wait a moment',
          html: `<p>This page was opened many times from your connection. Try again in ${limit.retryAfterSeconds} seconds; your gift is not affected.</p>`,
          tone: 'problem',
        },
        429,
        { 'Retry-After': String(limit.retryAfterSeconds) },
      );
    }
    let gift = REFERENCE.test(reference) ? await giftByReference(reference) : undefined;
    if (!gift || gift.provider !== 'paystack') return unknownGift();
    let standing = standingOf(gift);
    if (gift.state === 'pending') {
      const asked = await askPaystack(gift, context);
      if (asked === 'settled') gift = (await giftByReference(reference)) ?? gift;
      standing = asked === 'not-paid' ? 'not-paid' : standingOf(gift);
    }
    return await page(gift, standing, req);
  } catch (failure) {
    console.error('thank-you: database error', failure);
    return htmlPage(
      {
        title: 'Thank you',
        html: '<p>We cannot show where your gift stands just now. If it went through, your receipt arrives by email. Open this page again in a few minutes.</p>',
        tone: 'success',
      },
      503,
    );
  }
};

export const config: Config = { path: '/thank-you' };

function standingOf(gift: GiftRow): Standing {
  if (gift.state === 'confirmed' || gift.state === 'refunded') return 'confirmed';
  return gift.state === 'pending' ? 'processing' : 'not-paid';
}

/** Asks Paystack about a pending gift, and settles a successful charge as the webhook would. */
async function askPaystack(gift: GiftRow, context: Context): Promise<'settled' | 'not-paid' | 'unknown'> {
  const config = paystackConfig();
  if (!config) return 'unknown';
  try {
    const charge = await verifyTransaction(config, gift.reference);
    if (NOT_PAID.has(charge.status)) return 'not-paid';
    if (charge.status !== 'success' || charge.reference !== gift.reference) return 'unknown';
    await settlePaystackCharge(charge, 'verify', context);
    deliverAfterResponse(context, GIFT_COMPLETERS);
    return 'settled';
  } catch (failure) {
    if (!(failure instanceof PaystackError)) throw failure;
    console.error('thank-you: Paystack could not verify', gift.reference, failure.message);
    return 'unknown';
  }
}

function unknownGift(): Response {
  return htmlPage(
    {
      title: 'We cannot find this payment',
      html: '<p>This address does not name a payment made on our site. If you paid, your receipt arrives by email.</p>\n<a href="/donate/">Go to the donate page</a>',
      tone: 'problem',
    },
    404,
  );
}

/** The page for a gift, in the language of the page it was given from. */
async function page(gift: GiftRow, standing: Standing, req: Request): Promise<Response> {
  const receipt = await receiptOf(gift);
  const language = gift.language ?? 'en';
  const t = translator(language);
  const amount = `<strong>${escapeHtml(formatMoney(receipt.amountSubunits, receipt.currency))}</strong>`;
  const what = escapeHtml(t('thanks.gift', { frequency: receipt.frequency.toLowerCase(), supports: receipt.supports }));
  const again = localePath(language, gift.kind === 'sponsorship' ? '/sponsor/' : '/donate/');
  // An M-Pesa monthly gift is paid to its own Paybill account from the next month on.
  const account = standing === 'not-paid' ? null : await mpesaAccountOfGift(gift.id);
  const mpesa = account ? `<h2>${escapeHtml(t('thanks.mpesaHeading'))}</h2>\n${mpesaHtml(account, language)}` : '';
  const line = (key: MessageKey) => `<p>${sentenceHtml(t, key, { amount, gift: what })}</p>`;
  if (standing === 'confirmed') {
    return htmlPage(
      {
        title: t('thanks.confirmedTitle'),
        html: [
          line('thanks.received'),
          gift.donor_email ? `<p>${escapeHtml(t('thanks.receiptComing'))}</p>` : '',
          gift.state === 'refunded' ? `<p class="note">${escapeHtml(t('thanks.refunded'))}</p>` : '',
          mpesa,
          `<p>${escapeHtml(t('thanks.seeAll'))}</p>`,
          `<a href="${escapeHtml(myGivingUrl(language))}">${escapeHtml(t('thanks.goMyGiving'))}</a>`,
        ].join('\n'),
        tone: 'success',
        language,
      },
      200,
    );
  }
  if (standing === 'processing') {
    return htmlPage(
      {
        title: t('thanks.processingTitle'),
        html: [
          line('thanks.processing'),
          `<p>${escapeHtml(t('thanks.processingReceipt'))}</p>`,
          mpesa,
          `<a href="${escapeHtml(new URL(req.url).pathname + new URL(req.url).search)}">${escapeHtml(t('thanks.checkAgain'))}</a>`,
        ].join('\n'),
        tone: 'success',
        language,
      },
      200,
    );
  }
  return htmlPage(
    {
      title: t('thanks.notPaidTitle'),
      html: [line('thanks.notPaid'), `<a href="${escapeHtml(again)}">${escapeHtml(t('thanks.tryAgain'))}</a>`].join(
        '\n',
      ),
      tone: 'problem',
      language,
    },
    200,
  );
}
