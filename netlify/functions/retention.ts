/**
 * Scheduled daily at 02:30 UTC (05:30 in Nairobi): deletes or anonymises personal data past its retention period
 * (src/lib/retention.ts) and records the run, as counts, for /samu.
 */
import type { Config } from '@netlify/functions';
import { runRetention } from './_shared/people/retention.ts';
import { json } from './_shared/platform/http.ts';

/** Runs retention once; scheduled functions ignore the answer, so it only reports for logs and tests. */
export default async (): Promise<Response> => {
  const removed = await runRetention();
  console.log('retention:', JSON.stringify(removed));
  return json({ removed });
};

export const config: Config = { schedule: '30 2 * * *' };
