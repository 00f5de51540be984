/**
 * Scheduled daily at 02:30 UTC (05:30 in Nairobi): deletes or anonymises personal data past its retention period
 * (src/lib/retention.ts) and records the run, as counts, for /samu; and deletes the files of backups past their
 * keeping time (backup-expiry.ts).
 */
import type { Config } from '@netlify/functions';
import { runRetention } from './_shared/people/retention.ts';
import { expireBackups } from './_shared/platform/backup-expiry.ts';
import { json } from './_shared/platform/http.ts';

/** Runs retention once; scheduled functions ignore the answer, so it only reports for logs and tests. */
export default async (): Promise<Response> => {
  const removed = await runRetention();
  const backupsExpired = await expireBackups();
  console.log('retention:', JSON.stringify(removed), 'backups expired:', backupsExpired);
  return json({ removed, backupsExpired });
};

export const config: Config = { schedule: '30 2 * * *' };
