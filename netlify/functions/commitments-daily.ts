/**
 * Scheduled daily at 04:00 UTC (07:00 in Nairobi): brings every commitment's instalments and state up to the day
 * (late, lapsed; a lapsed sponsorship asks staff to contact the sponsor) and queues the reminders of M-Pesa
 * instalments due in three days. Then the offers to sponsors whose child left the programme: the one reminder of
 * an unanswered offer, and the end of a sponsorship whose reminder went unanswered (exit-choices.ts).
 *
 * The browser tests name the day instead of waiting for it: only when `JOBS_CLOCK_FROM_REQUEST` is `1` (set by the
 * test server, never in production) does a call's JSON body `{"now": "<ISO time>"}` set the clock of the run.
 */
import type { Config } from '@netlify/functions';
import { runCommitments } from './_shared/gifts/commitment-reminders.ts';
import { runExitOffers } from './_shared/children/exit-choices.ts';
import { json } from './_shared/platform/http.ts';
import { deliverDue } from './_shared/platform/outbox.ts';

/** The time the run decides by: the request's `now` when tests may name it, else the real time. */
async function clockOf(req: Request): Promise<Date> {
  if (process.env['JOBS_CLOCK_FROM_REQUEST'] !== '1') return new Date();
  const body = (await req.json().catch(() => ({}))) as { now?: unknown };
  const named = typeof body.now === 'string' ? new Date(body.now) : undefined;
  return named && !Number.isNaN(named.getTime()) ? named : new Date();
}

/** Runs once; scheduled functions ignore the answer, so it only reports for logs and tests. */
export default async (req: Request): Promise<Response> => {
  const now = await clockOf(req);
  const report = { ...(await runCommitments(now)), exitOffers: await runExitOffers(now) };
  if (report.reminders > 0 || report.exitOffers.reminded > 0) await deliverDue();
  console.log('commitments-daily:', JSON.stringify(report));
  return json({ ...report, now: now.toISOString() });
};

export const config: Config = { schedule: '0 4 * * *' };
