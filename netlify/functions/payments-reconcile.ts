/**
 * Scheduled every 15 minutes: settles the Paystack charges a webhook stored but no instance settled (it stopped
 * first), then asks Paystack about pending gifts that no webhook settled (see _shared/gifts/reconcile.ts).
 */
import type { Config, Context } from '@netlify/functions';
import { GIFT_COMPLETERS } from './_shared/gifts/gift-mail.ts';
import { deliverDue } from './_shared/platform/outbox.ts';
import { settleStoredEvents } from './_shared/gifts/paystack-events.ts';
import { reconcile } from './_shared/gifts/reconcile.ts';
import { json } from './_shared/platform/http.ts';

/** Runs one round; scheduled functions ignore the answer, so it only reports for logs and tests. */
export default async (_req: Request, context: Context): Promise<Response> => {
  const now = new Date();
  const stored = await settleStoredEvents(now, context);
  const report = { stored, ...(await reconcile(now, context)) };
  if (report.confirmed > 0 || stored > 0) await deliverDue({ completers: GIFT_COMPLETERS });
  if (report.checked > 0 || report.abandoned > 0 || stored > 0) {
    console.log('payments-reconcile:', JSON.stringify(report));
  }
  return json(report);
};

export const config: Config = { schedule: '*/15 * * * *' };
