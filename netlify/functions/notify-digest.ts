/**
 * Scheduled daily at 04:00 UTC (07:00 in Nairobi): queues the digest of the previous Nairobi day (newsletter
 * sign-ups, and everything for staff who chose a digest) and sends it.
 */
import type { Config } from '@netlify/functions';
import { previousNairobiDay, queueDigests } from './_shared/staff/digest.ts';
import { deliverDue } from './_shared/platform/outbox.ts';
import { json } from './_shared/platform/http.ts';

/** Queues and sends yesterday's digests; a second run the same day queues nothing (one row per day and audience). */
export default async (): Promise<Response> => {
  const day = previousNairobiDay();
  const queued = await queueDigests(day);
  const report = await deliverDue();
  console.log('notify-digest:', JSON.stringify({ day, queued, ...report }));
  return json({ day, queued, ...report });
};

export const config: Config = { schedule: '0 4 * * *' };
