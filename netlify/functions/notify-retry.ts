/**
 * Scheduled every 5 minutes: sends the notifications still pending (a mail server that was down, a run cut short),
 * each with its own backoff, marking failed what has not gone out within a day; and deletes finished outbox rows
 * older than 30 days.
 */
import type { Config } from '@netlify/functions';
import { GIFT_COMPLETERS } from './_shared/gifts/gift-mail.ts';
import { deliverDue, purgeFinished } from './_shared/platform/outbox.ts';
import { json } from './_shared/platform/http.ts';

/** Runs one retry round; scheduled functions ignore the answer, so it only reports for logs and tests. */
export default async (): Promise<Response> => {
  const report = await deliverDue({ completers: GIFT_COMPLETERS });
  const purged = await purgeFinished();
  if (report.sent + report.failed + report.retrying + report.skipped + purged > 0) {
    console.log('notify-retry:', JSON.stringify({ ...report, purged }));
  }
  return json({ ...report, purged });
};

export const config: Config = { schedule: '*/5 * * * *' };
