/**
 * `GET /api/payments/instalment?account=<account>`: the one-payment link of an M-Pesa commitment's reminder email.
 * It opens a one-off Paystack checkout (mobile money) for the oldest open instalment of the commitment the account
 * names; once confirmed, that gift pays it. The gift's reference is made from the commitment and the period, so
 * opening the link again reuses the same checkout and never makes a second gift for one period.
 */
import type { Config, Context } from '@netlify/functions';
import { openInstalmentCheckout } from './_shared/gifts/instalment-checkout.ts';
import { htmlPage, escapeHtml } from './_shared/platform/html-page.ts';
import { answer, methodNotAllowed } from './_shared/platform/http.ts';
import { deliverAfterResponse } from './_shared/platform/outbox.ts';
import { paystackConfig, PaystackError } from './_shared/gifts/paystack.ts';

const page = (title: string, text: string, status: number) =>
  htmlPage({ title, html: `<p>${escapeHtml(text)}</p>`, tone: 'problem' }, status);

/** Opens the checkout of one instalment. */
export default async (req: Request, context: Context): Promise<Response> => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
  const account = new URL(req.url).searchParams.get('account') ?? '';
  if (!/^[A-Za-z0-9 -]{4,24}$/.test(account)) {
    return page('Link not recognised', 'This payment link is not complete. Please use the link in your email.', 400);
  }
  const config = paystackConfig();
  if (!config) {
    return page(
      'Online payment unavailable',
      'Online payment is not available just now. Please pay to our M-Pesa Paybill with your account number.',
      503,
    );
  }
  try {
    const opened = await openInstalmentCheckout(config, account, new Date());
    deliverAfterResponse(context);
    if (opened.status === 'unknown') {
      return page('Link not recognised', 'No monthly gift or sponsorship has this account number.', 404);
    }
    if (opened.status === 'closed') {
      return page('Nothing to pay', 'This commitment has ended or is paused, so there is nothing to pay.', 409);
    }
    if (opened.status !== 'open') {
      return htmlPage(
        { title: 'Already paid', html: '<p>This payment has already arrived. Thank you!</p>', tone: 'success' },
        200,
      );
    }
    return answer(null, 303, { Location: opened.url, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
  } catch (failure) {
    if (failure instanceof PaystackError) {
      console.error('instalment: Paystack refused or could not be reached:', failure.message);
      return page('Try again soon', 'The secure payment page could not be opened. Nothing was charged.', 502);
    }
    console.error('instalment: database error', failure);
    return page('Try again soon', 'The service is temporarily unavailable; please try again later.', 503);
  }
};

export const config: Config = { path: '/api/payments/instalment' };
