/**
 * Scheduled every 15 minutes: asks Paystack about pending gifts that no webhook settled (see _shared/reconcile.ts).
 */
import type { Config, Context } from '@netlify/functions';
import { GIFT_COMPLETERS } from './_shared/gift-mail.ts';
import { deliverDue } from './_shared/outbox.ts';
import { reconcile } from './_shared/reconcile.ts';
import { json } from './_shared/http.ts';

/** Runs one round; scheduled functions ignore the answer, so it only reports for logs and tests. */
export default async (_req: Request, context: Context): Promise<Response> => {
  const report = await reconcile(new Date(), context);
  if (report.confirmed > 0) await deliverDue({ completers: GIFT_COMPLETERS });
  if (report.checked > 0 || report.abandoned > 0) console.log('payments-reconcile:', JSON.stringify(report));
  return json(report);
};

export const config: Config = { schedule: '*/15 * * * *' };
