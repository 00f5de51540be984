/**
 * `POST /api/payments/checkout`: the donate and sponsor forms post here (a plain form with `target="_blank"`, so it
 * works without JavaScript and before the page's script runs). The form is stored as /api/admin/track stores it (event,
 * consent, record, newsletter sign-up, staff notification) with a pending gift, in one transaction; then Paystack is asked for a hosted checkout whose reference is
 * the gift's, and the new tab is sent there with a 303. Without `PAYSTACK_SECRET_KEY` the tab goes to the clearly
 * marked placeholder payment page instead, as before payments were connected. PayPal, which Paystack lacks, stores a
 * pending PayPal gift and sends the tab to the charity's own PayPal link (`PAYPAL_URL`) with the gift's reference as
 * `item_number`, which PayPal hands back in its notification; staff confirm the gift from it in /samu.
 */
import { createHash } from 'node:crypto';
import type { Config, Context } from '@netlify/functions';
import { trackBodyFromForm } from '../../src/lib/forms.ts';
import {
  checkoutCurrency,
  sponsorshipPaymentUsd,
  usdToSubunits,
  type CheckoutMethod,
  type GiftCurrency,
} from '../../src/lib/money.ts';
import { paymentUrl } from '../../src/lib/payment.ts';
import { trackRequest, type DonationIntent, type SponsorshipApplication } from '../../src/schemas/track.ts';
import { clientId } from './_shared/client.ts';
import { query, transaction } from './_shared/db.ts';
import { formAccepted, formProblem, isFormContentType, MAX_FORM_BYTES, readFormBody } from './_shared/form-answer.ts';
import { closePending, childById, insertGift, newReference, type GiftRow, type NewGift } from './_shared/gifts.ts';
import {
  error,
  isJsonContentType,
  json,
  methodNotAllowed,
  readJsonBody,
  zodIssues,
  type Issue,
} from './_shared/http.ts';
import { GIFT_COMPLETERS } from './_shared/gift-mail.ts';
import { deliverAfterResponse } from './_shared/outbox.ts';
import {
  createPlan,
  initializeTransaction,
  paystackConfig,
  PaystackError,
  type PaystackConfig,
} from './_shared/paystack.ts';
import { hit, trackRateLimit } from './_shared/rate-limit.ts';
import { storeSubmission } from './_shared/submissions.ts';

/** The monthly price of partial and group sponsorship charged online: the lower end of each range (spec §9). */
const SPONSORSHIP_MONTHLY_USD = { partial: 15, group: 20 } as const;

/** Paystack channels for each payment method of the forms. */
const CHANNELS: Readonly<Record<Exclude<CheckoutMethod, 'paypal'>, readonly string[]>> = {
  card: ['card'],
  mpesa: ['mobile_money'],
  bank: ['bank_transfer'],
};

const PLAN_INTERVALS = { monthly: 'monthly', quarterly: 'quarterly', annual: 'annually' } as const;

type CheckoutRequest =
  | { type: 'donation_intent'; payload: DonationIntent }
  | { type: 'sponsorship_application'; payload: SponsorshipApplication };

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
  if (body.status === 'too-large') {
    return formProblem(req, undefined, {
      status: 413,
      message: `The form is larger than ${MAX_FORM_BYTES / 1024} KB.`,
    });
  }
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
    ignored: () => formAccepted(raw.type),
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
    const reference = submissionId ? referenceOf(submissionId) : newReference();
    if (submissionId) {
      const [known] = await query<{ checkout_url: string | null }>(
        'select checkout_url from gifts where reference = $1',
        [reference],
      );
      if (known) return answers.go(known.checkout_url ?? offsite(reference));
    }
    const provider = charge.method === 'paypal' ? 'paypal' : 'paystack';
    const gift = await transaction(async (tx) => {
      await storeSubmission(tx, request);
      return insertGift(tx, { ...charge, provider, recordedBy: provider, reference });
    });
    deliverAfterResponse(context, GIFT_COMPLETERS);

    if ((charge.method === 'paypal' && paypalLink) || !config) return answers.go(offsite(gift.reference));
    try {
      return answers.go(await startCheckout(config, gift, charge, request));
    } catch (failure) {
      if (!(failure instanceof PaystackError)) throw failure;
      console.error('checkout: Paystack refused or could not be reached:', failure.message);
      await closePending(gift.id, 'failed', `The checkout could not start: ${failure.message}`);
      return problem(
        502,
        'The secure payment page could not be opened just now. Nothing was charged; please try again in a few minutes.',
      );
    }
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A 303 that sends the new tab on, telling the provider nothing about where it came from. */
function redirect(location: string): Response {
  return new Response(null, {
    status: 303,
    headers: { Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  });
}

type Charge = Omit<NewGift, 'reference'> & { amountUsd: number };

/** What the form asks to be charged, or the field that makes it impossible. */
async function chargeOf(request: CheckoutRequest): Promise<Charge | { issue: { path: string; message: string } }> {
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
  const { childId, sponsorshipType, paymentMethod } = request.payload;
  const child = await childById(childId);
  if (!child) return { issue: { path: 'payload.childId', message: 'This child is not on our list' } };
  const monthly = sponsorshipType === 'full' ? child.monthlyUsd : SPONSORSHIP_MONTHLY_USD[sponsorshipType];
  const usd = sponsorshipPaymentUsd(monthly, paymentMethod);
  return {
    ...person,
    kind: 'sponsorship',
    frequency: paymentMethod,
    childId,
    sponsorshipType,
    amountSubunits: usdToSubunits(usd, 'USD'),
    amountUsd: usd,
    currency: 'USD',
    method: 'card',
  };
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

/** Asks Paystack for the checkout of a pending gift (with a plan when it recurs); the address to send the tab to. */
async function startCheckout(config: PaystackConfig, gift: GiftRow, charge: Charge, request: CheckoutRequest) {
  const recurring = charge.frequency !== 'one-time' ? charge.frequency : undefined;
  const plan = recurring ? await planFor(config, charge, recurring) : undefined;
  const method = charge.method as Exclude<CheckoutMethod, 'paypal'>;
  const started = await initializeTransaction(config, {
    email: charge.donorEmail ?? '',
    amount: charge.amountSubunits,
    currency: charge.currency,
    reference: gift.reference,
    channels: CHANNELS[method] ?? CHANNELS.card,
    ...(plan ? { plan } : {}),
    metadata: { gift_id: gift.id, form: request.type, ...choicesOf(charge) },
  });
  await query('update gifts set checkout_url = $2, plan_code = $3, updated_at = now() where id = $1', [
    gift.id,
    started.authorization_url,
    plan ?? null,
  ]);
  return started.authorization_url;
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

/** The Paystack plan of a recurring amount, made once and kept in `paystack_plans`. */
async function planFor(
  config: PaystackConfig,
  charge: Charge,
  frequency: keyof typeof PLAN_INTERVALS,
): Promise<string> {
  const interval = PLAN_INTERVALS[frequency];
  const key = [charge.currency, charge.amountSubunits, interval] as const;
  const [known] = await query<{ plan_code: string }>(
    'select plan_code from paystack_plans where currency = $1 and amount_subunits = $2 and interval = $3',
    key,
  );
  if (known) return known.plan_code;
  const created = await createPlan(config, {
    name: `Tumaini ${interval} gift ${charge.currency} ${charge.amountSubunits / 100}`,
    amount: charge.amountSubunits,
    interval,
    currency: charge.currency,
  });
  await query(
    `insert into paystack_plans (currency, amount_subunits, interval, plan_code) values ($1, $2, $3, $4)
     on conflict do nothing`,
    [...key, created.plan_code],
  );
  const [stored] = await query<{ plan_code: string }>(
    'select plan_code from paystack_plans where currency = $1 and amount_subunits = $2 and interval = $3',
    key,
  );
  return stored?.plan_code ?? created.plan_code;
}
