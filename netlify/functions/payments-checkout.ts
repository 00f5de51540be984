/**
 * `POST /api/payments/checkout`: the donate and sponsor forms post here (a plain form with `target="_blank"`, so it
 * works without JavaScript and before the page's script runs). The form is stored as /api/admin/track stores it (event,
 * consent, record, newsletter sign-up, staff notification) with a pending gift, in one transaction; then Paystack is asked for a hosted checkout whose reference is
 * the gift's, and the new tab is sent there with a 303. Without `PAYSTACK_SECRET_KEY` the tab goes to the clearly
 * marked placeholder payment page instead, as before payments were connected. PayPal, which Paystack lacks, stores a
 * pending PayPal gift and sends the tab to the charity's own PayPal link (`PAYPAL_URL`) with the gift's reference as
 * `item_number`, which PayPal hands back in its notification; staff confirm the gift from it in /samu.
 *
 * The money rules hold before anything is stored: amounts read strictly, the smallest gift of the currency, and no
 * checkout for a child who has a sponsor already (the visitor is offered a child still waiting). A submission the
 * browser gave an id makes one gift and one Paystack checkout however often, and however concurrently, it arrives.
 */
import { translator, type Locale } from '../../src/i18n/catalogue.ts';
import { localePath } from '../../src/i18n/paths.ts';
import { createHash } from 'node:crypto';
import type { Config, Context } from '@netlify/functions';
import { trackBodyFromForm } from '../../src/lib/forms.ts';
import { sponsorHref } from '../../src/lib/children.ts';
import { formatMoney, giftMinimums, minimumSubunits, type CheckoutMethod } from '../../src/lib/money.ts';
import { paymentUrl } from '../../src/lib/payment.ts';
import { trackRequest } from '../../src/schemas/track.ts';
import { clientId } from './_shared/platform/client.ts';
import { isUniqueViolation, transaction } from './_shared/platform/db.ts';
import {
  formAccepted,
  formProblem,
  isFormContentType,
  formTooLarge,
  languageOf,
  readFormBody,
} from './_shared/platform/form-answer.ts';
import { hasActiveSponsor, waitingChild } from './_shared/children/children.ts';
import { createCommitment } from './_shared/gifts/commitments.ts';
import { planFor } from './_shared/gifts/paystack-plans.ts';
import { closePendingOn, childById, insertGift, newReference } from './_shared/gifts/gifts.ts';
import { giftOfSubmission, lockForCheckout, saveCheckout } from './_shared/gifts/gift-checkouts.ts';
import { escapeHtml, htmlPage, type PageContent } from './_shared/platform/html-page.ts';
import {
  answer,
  error,
  isJsonContentType,
  json,
  methodNotAllowed,
  readJsonBody,
  zodIssues,
  type Issue,
} from './_shared/platform/http.ts';
import { GIFT_COMPLETERS } from './_shared/gifts/gift-mail.ts';
import { deliverAfterResponse } from './_shared/platform/outbox.ts';
import { initializeTransaction, paystackConfig, PaystackError, type PaystackConfig } from './_shared/gifts/paystack.ts';
import { hit, trackRateLimit } from './_shared/platform/rate-limit.ts';
import { thankYouUrl } from './_shared/gifts/site-links.ts';
import { storeSubmission } from './_shared/applications/submissions.ts';
import { chargeOf, type Charge, type CheckoutRequest } from './_shared/gifts/checkout-charge.ts';

/** Paystack channels for each payment method of the forms. */
const CHANNELS: Readonly<Record<Exclude<CheckoutMethod, 'paypal'>, readonly string[]>> = {
  card: ['card'],
  mpesa: ['mobile_money'],
  bank: ['bank_transfer'],
};

const PLAN_INTERVALS = { monthly: 'monthly', quarterly: 'quarterly', annual: 'annually' } as const;

/** Months between the instalments of each recurring frequency. */
const INTERVAL_MONTHS = { monthly: 1, quarterly: 3, annual: 12 } as const;

/**
 * How one request is answered. The browser's own form post (JavaScript off, or the new tab a form opens) gets a 303 to
 * the checkout, or the form's page again holding what was sent; a kept submission the page resends as JSON once the
 * connection returns gets the checkout address to offer as a link.
 */
type Answers = {
  go: (location: string) => Response;
  problem: (
    status: number,
    message: string,
    issues?: Issue[],
    headers?: Record<string, string>,
  ) => Promise<Response> | Response;
  /** A bot's honeypot post, answered as if accepted. */
  ignored: () => Response;
  /** A checkout refused for a reason the visitor can act on: a page of its own, or the JSON error with `details`. */
  refused: (status: number, page: PageContent, issue: Issue, details: Record<string, unknown>) => Response;
};

/** The fields of a form post or the body of a JSON one, with how to answer it; a response when neither can be read. */
async function readCheckout(req: Request): Promise<{ raw: Record<string, unknown>; answers: Answers } | Response> {
  const type = req.headers.get('content-type');
  if (isJsonContentType(type)) {
    const body = await readJsonBody(req);
    if (!body.ok) return body.response;
    const raw = isRecord(body.value) ? body.value : {};
    return {
      raw,
      answers: {
        go: (location) => json({ checkoutUrl: location }, 201),
        problem: (status, message, issues, headers) => error(status, message, issues, headers),
        ignored: () => json({ ok: true }, 202),
        refused: (status, page, issue, details) => json({ error: page.title, issues: [issue], ...details }, status),
      },
    };
  }
  if (!isFormContentType(type)) {
    return formProblem(req, undefined, {
      status: 415,
      message: 'Please send the form from the donate or sponsor page.',
    });
  }
  const body = await readFormBody(req);
  if (body.status === 'too-large') return formTooLarge(req);
  const { fields } = body;
  const raw = trackBodyFromForm(fields);
  const answers: Answers = {
    go: redirect,
    problem: (status, message, issues, headers) =>
      formProblem(req, raw.type, {
        status,
        message,
        fields,
        ...(issues ? { issues } : {}),
        ...(headers ? { headers } : {}),
      }),
    ignored: () => formAccepted(raw.type, {}, languageOf(fields)),
    refused: (status, page) => htmlPage(page, status),
  };
  if (body.status === 'unstorable') {
    return answers.problem(400, 'Some text cannot be stored', body.issues);
  }
  return { raw, answers };
}

/** Handles one checkout post. */
export default async (req: Request, context: Context): Promise<Response> => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const read = await readCheckout(req);
  if (read instanceof Response) return read;
  const { raw, answers } = read;
  const problem = answers.problem;
  if (raw['type'] !== 'donation_intent' && raw['type'] !== 'sponsorship_application') {
    return problem(400, 'Only the donate and sponsor forms start a payment.');
  }
  // A filled honeypot is a bot: answer as if accepted so it learns nothing, and store nothing.
  if (typeof raw['website'] === 'string' && raw['website'].trim() !== '') return answers.ignored();

  try {
    const limit = await hit('track', clientId(context), trackRateLimit());
    if (!limit.allowed) {
      const seconds = limit.retryAfterSeconds;
      return problem(429, `Too many forms came from your connection; try again in ${seconds} s.`, [], {
        'Retry-After': String(seconds),
      });
    }
    const parsed = trackRequest.safeParse(raw);
    if (!parsed.success) return problem(400, 'Please check the form', zodIssues(parsed.error));
    const request = parsed.data as CheckoutRequest;
    const charge = await chargeOf(request);
    if ('issue' in charge) return problem(400, 'Please check the form', [charge.issue]);

    const minimum = minimumSubunits(charge.currency, giftMinimums(process.env));
    if (charge.amountSubunits < minimum) {
      const path = request.type === 'donation_intent' ? 'payload.amount' : 'payload.sponsorshipType';
      return problem(400, 'Please check the form', [
        { path, message: `The smallest gift in ${charge.currency} is ${formatMoney(minimum, charge.currency)}` },
      ]);
    }

    const config = paystackConfig();
    const paypalLink = process.env['PAYPAL_URL'];
    if (charge.method === 'paypal' && !paypalLink && config) {
      return problem(400, 'Please check the form', [
        { path: 'payload.paymentMethod', message: 'PayPal is not available; choose card, M-Pesa or bank transfer' },
      ]);
    }
    // PayPal has a link of its own; before payments are connected it is the placeholder page, as every method is.
    const offsite = (reference: string) =>
      charge.method === 'paypal' && paypalLink
        ? paypalUrl(paypalLink, reference)
        : placeholderUrl(request, charge.amountUsd);

    // A resent submission (the same browser-made id) finds the gift its first arrival made: nothing is stored twice.
    const { submissionId } = parsed.data;
    const submissionKey = submissionId ? referenceOf(submissionId) : null;
    let gift = submissionKey ? await giftOfSubmission(submissionKey) : undefined;
    if (!gift) {
      if (charge.childId && (await hasActiveSponsor(charge.childId))) {
        return answers.refused(...(await sponsoredAnswer(charge.childId, request.language)));
      }
      const provider = charge.method === 'paypal' ? 'paypal' : 'paystack';
      try {
        gift = await transaction(async (tx) => {
          await storeSubmission(tx, request);
          const reference = submissionKey ?? newReference();
          const pending = await insertGift(tx, {
            ...charge,
            provider,
            recordedBy: provider,
            reference,
            submissionKey,
            language: request.language,
          });
          // A gift that recurs is a commitment from the start; its first payment starts it (commitments.ts).
          if (charge.frequency !== 'one-time') {
            await createCommitment(
              tx,
              {
                kind: charge.kind,
                cause: charge.cause ?? null,
                childId: charge.childId ?? null,
                sponsorshipType: charge.sponsorshipType ?? null,
                donorName: charge.donorName ?? null,
                donorEmail: charge.donorEmail ?? null,
                donorPhone: charge.donorPhone ?? null,
                anonymous: charge.anonymous ?? false,
                amountSubunits: charge.amountSubunits,
                currency: charge.currency,
                method: charge.method === 'card' || charge.method === 'mpesa' ? charge.method : 'other',
                intervalMonths: INTERVAL_MONTHS[charge.frequency],
                giftId: pending.id,
                language: request.language,
              },
              new Date(),
            );
          }
          return pending;
        });
        deliverAfterResponse(context, GIFT_COMPLETERS);
      } catch (failure) {
        // The same submission arriving at the same moment: the one stored first is this one's gift too.
        if (!submissionKey || !isUniqueViolation(failure)) throw failure;
        gift = await giftOfSubmission(submissionKey);
        if (!gift) throw failure;
      }
    }

    if ((charge.method === 'paypal' && paypalLink) || !config) return answers.go(offsite(gift.reference));
    const started = await checkoutLink(config, gift.id, charge, request);
    if ('url' in started) return answers.go(started.url);
    if ('paid' in started) return problem(409, 'This gift has been paid already. Thank you!');
    console.error('checkout: Paystack refused or could not be reached:', started.failure);
    return problem(
      502,
      'The secure payment page could not be opened just now. Nothing was charged; please try again in a few minutes.',
    );
  } catch (failure) {
    console.error('checkout: database error', failure);
    return problem(503, 'The service is temporarily unavailable; please try again later');
  }
};

export const config: Config = { path: '/api/payments/checkout' };

/** The checkout reference of a submission the browser gave an id: the same for every time it is resent. */
function referenceOf(submissionId: string): string {
  return `TCF-${createHash('sha256').update(submissionId).digest('hex').slice(0, 20)}`;
}

/**
 * The answer to a checkout for a child who has a sponsor already: nothing is stored or charged, and the visitor is
 * offered a child still waiting (the page works without JavaScript; a resent form gets the same as JSON).
 */
async function sponsoredAnswer(
  childId: string,
  language: Locale,
): Promise<[number, PageContent, Issue, Record<string, unknown>]> {
  const t = translator(language);
  const sponsorPage = localePath(language, '/sponsor');
  const child = await childById(childId);
  const name = child?.name.split(' ')[0] ?? t('sponsored.thisChild');
  const waiting = await waitingChild(childId);
  const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
  const offer = waiting
    ? `<p>${escapeHtml(t('sponsored.waiting', { waiting: waiting.name }))}</p>\n` +
      `${link(sponsorHref(waiting.id, sponsorPage), t('sponsored.sponsorWaiting', { waiting: waiting.name }))}\n` +
      `<p>${link(`${sponsorPage}/`, t('sponsored.seeEvery'))}</p>`
    : `<p>${escapeHtml(t('sponsored.everyone'))}</p>\n${link(`${sponsorPage}/`, t('sponsored.seePage'))}`;
  const message = waiting
    ? t('sponsored.messageWaiting', { name, waiting: waiting.name })
    : t('sponsored.messageNone', { name });
  return [
    409,
    {
      title: t('sponsored.title', { name }),
      html: `<p>${escapeHtml(t('sponsored.thanks', { name }))}</p>\n${offer}`,
      tone: 'problem',
    },
    { path: 'payload.childId', message },
    { waitingChild: waiting ? { ...waiting, url: sponsorHref(waiting.id, sponsorPage) } : null },
  ];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A 303 that sends the new tab on, telling the provider nothing about where it came from. */
function redirect(location: string): Response {
  return answer(null, 303, { Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
}

/** The charity's PayPal link carrying the gift's reference as `item_number`, PayPal's pass-through variable. */
function paypalUrl(link: string, reference: string): string {
  const url = new URL(link);
  url.searchParams.set('item_number', reference);
  return url.href;
}

/** Today's placeholder payment page with the form's choices (payments not connected). */
function placeholderUrl(request: CheckoutRequest, amountUsd: number): string {
  if (request.type === 'donation_intent') {
    const { type, cause } = request.payload;
    return paymentUrl('donationUrl', {
      amount: amountUsd,
      frequency: type,
      cause,
      source: 'donate-page',
      campaign: 'donate-now',
    });
  }
  const { childId, sponsorshipType, paymentMethod } = request.payload;
  return paymentUrl('sponsorshipUrl', {
    amount: amountUsd,
    childId,
    sponsorshipType,
    frequency: paymentMethod,
    source: 'sponsor-page',
    campaign: 'sponsorship',
  });
}

/** What asking for a gift's checkout came to: its address, a gift already paid, or why Paystack gave none. */
type CheckoutLink = { url: string } | { paid: true } | { failure: string };

/**
 * The Paystack checkout of a gift, made once. A card gift that recurs gets a plan, so Paystack charges the card each
 * period; Paystack cannot charge mobile money or bank transfers again, so an M-Pesa or bank commitment's first payment
 * is a one-off checkout, and its later ones come to the Paybill account. The checkout is made once: the gift's row stays locked while Paystack is asked, so the same
 * submission arriving many times at once gets one checkout, and every arrival its address. A gift whose checkout
 * never got its address saved (the process stopped in between) is asked for again; when Paystack already holds its
 * reference, which it never accepts twice, the gift takes a fresh reference first (no one ever had the first
 * checkout's address, so nothing can be paid there). A checkout that could not start leaves the gift failed, and a
 * later resend tries again.
 */
async function checkoutLink(
  config: PaystackConfig,
  giftId: string,
  charge: Charge,
  request: CheckoutRequest,
): Promise<CheckoutLink> {
  return transaction(async (tx): Promise<CheckoutLink> => {
    const gift = await lockForCheckout(tx, giftId);
    if (!gift) throw new Error(`gift ${giftId} vanished during its checkout`);
    if (gift.checkout_url) return { url: gift.checkout_url };
    if (gift.state === 'confirmed' || gift.state === 'refunded') return { paid: true };
    const recurring = charge.frequency !== 'one-time' && charge.method === 'card' ? charge.frequency : undefined;
    const method = charge.method as Exclude<CheckoutMethod, 'paypal'>;
    let reference = gift.reference;
    try {
      const plan = recurring ? await planFor(tx, config, charge, PLAN_INTERVALS[recurring]) : undefined;
      const initialize = () =>
        initializeTransaction(config, {
          email: charge.donorEmail ?? '',
          amount: charge.amountSubunits,
          currency: charge.currency,
          reference,
          channels: CHANNELS[method] ?? CHANNELS.card,
          ...(plan ? { plan } : {}),
          // Paystack sends the donor back here after paying, with the reference (thank-you.ts).
          callback_url: thankYouUrl(),
          metadata: { gift_id: giftId, form: request.type, ...choicesOf(charge) },
        });
      let started;
      try {
        started = await initialize();
      } catch (failure) {
        if (!isDuplicateReference(failure)) throw failure;
        reference = newReference();
        started = await initialize();
      }
      await saveCheckout(tx, giftId, { url: started.authorization_url, plan, reference });
      return { url: started.authorization_url };
    } catch (failure) {
      if (!(failure instanceof PaystackError)) throw failure;
      await closePendingOn(tx, giftId, 'failed', `The checkout could not start: ${failure.message}`);
      return { failure: failure.message };
    }
  });
}

/** True when Paystack refused an initialize because it holds the reference already. */
function isDuplicateReference(failure: unknown): boolean {
  return failure instanceof PaystackError && failure.status === 400 && /duplicate/i.test(failure.message);
}

/**
 * Every choice the visitor made, as the gift's metadata at Paystack (echoed in its dashboard, verify answers and
 * webhooks): how often, and the cause, or the child and the sponsorship type.
 */
function choicesOf(charge: Charge): Record<string, string> {
  const choices: Record<string, string> = { frequency: charge.frequency };
  if (charge.cause) choices['cause'] = charge.cause;
  if (charge.childId) choices['child_id'] = charge.childId;
  if (charge.sponsorshipType) choices['sponsorship_type'] = charge.sponsorshipType;
  return choices;
}
