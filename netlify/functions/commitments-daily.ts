/**
 * Scheduled daily at 04:00 UTC (07:00 in Nairobi): brings every commitment's instalments and state up to the day
 * (late, lapsed; a lapsed sponsorship asks staff to contact the sponsor) and queues the reminders of M-Pesa
 * instalments due in three days. Then the offers to sponsors whose child left the programme: the one reminder of
 * an unanswered offer, and the end of a sponsorship whose reminder went unanswered (exit-choices.ts).
 *
 * Netlify stops a scheduled function after 30 seconds. The run stops starting to settle commitments at
 * {@link SETTLE_UNTIL_MS} (the next run takes the rest first) and to send emails at {@link SEND_UNTIL_MS} (what is not
 * sent stays queued in the outbox for the next delivery): every step it takes is whole, so nothing is left half-done.
 *
 * The browser tests name the day instead of waiting for it: only when `JOBS_CLOCK_FROM_REQUEST` is `1` (set by the
 * test server, never in production) does a call's JSON body `{"now": "<ISO time>"}` set the clock of the run.
 */
import type { Config } from '@netlify/functions';
import { runCommitments } from './_shared/gifts/commitment-reminders.ts';
import { runExitOffers } from './_shared/children/exit-choices.ts';
import { json } from './_shared/platform/http.ts';
import { deliverDue, RUN_BUDGET_MS } from './_shared/platform/outbox.ts';

/** Milliseconds into the run after which no further batch of commitments is started. */
const SETTLE_UNTIL_MS = 15_000;
/** Milliseconds into the run after which no further email is sent. */
const SEND_UNTIL_MS = 25_000;

/** The time the run decides by: the request's `now` when tests may name it, else the real time. */
async function clockOf(req: Request): Promise<Date> {
  if (process.env['JOBS_CLOCK_FROM_REQUEST'] !== '1') return new Date();
  const body = (await req.json().catch(() => ({}))) as { now?: unknown };
  const named = typeof body.now === 'string' ? new Date(body.now) : undefined;
  return named && !Number.isNaN(named.getTime()) ? named : new Date();
}

/** Runs once; scheduled functions ignore the answer, so it only reports for logs and tests. */
export default async (req: Request): Promise<Response> => {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  const now = await clockOf(req);
  const commitments = await runCommitments(now, { outOfTime: () => elapsed() >= SETTLE_UNTIL_MS });
  const report = { ...commitments, exitOffers: await runExitOffers(now) };
  if (report.reminders > 0 || report.exitOffers.reminded > 0) {
    await deliverDue({ budgetMs: Math.max(0, Math.min(RUN_BUDGET_MS, SEND_UNTIL_MS - elapsed())) });
  }
  console.log('commitments-daily:', JSON.stringify(report));
  return json({ ...report, now: now.toISOString() });
};

export const config: Config = { schedule: '0 4 * * *' };
