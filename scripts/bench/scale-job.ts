/**
 * One scheduled job of `npm run bench:scale`, in a process of its own so that its peak memory is its own:
 * `node scripts/bench/scale-job.ts <retention|digest|reconcile|commitments-daily>` with `DATABASE_URL` (and
 * `DATABASE_WS_PROXY`) set. Calls the function's handler once, as the scheduler does, and prints one line of JSON:
 * `{ms, maxRssBytes, status, answer}`.
 */
import type { Context } from '@netlify/functions';
import { closePools } from '../../netlify/functions/_shared/platform/db.ts';

const JOBS: Record<string, string> = {
  retention: '../../netlify/functions/retention.ts',
  digest: '../../netlify/functions/notify-digest.ts',
  reconcile: '../../netlify/functions/payments-reconcile.ts',
  'commitments-daily': '../../netlify/functions/commitments-daily.ts',
};

const name = process.argv[2] ?? '';
const module = JOBS[name];
if (!module) {
  console.error(`Name a job: ${Object.keys(JOBS).join(', ')}`);
  process.exit(2);
}
const handler = (await import(module)) as { default: (req: Request, context: Context) => Promise<Response> };
const pending: Promise<unknown>[] = [];
const context = { waitUntil: (work: Promise<unknown>) => pending.push(work), params: {} } as unknown as Context;
const started = performance.now();
const response = await handler.default(
  new Request('http://localhost/.netlify/functions/scheduled', { method: 'POST', body: '{}' }),
  context,
);
const answer = await response.text();
await Promise.all(pending);
const ms = performance.now() - started;
await closePools();
// maxRSS is in kibibytes.
console.log(
  JSON.stringify({
    ms,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    status: response.status,
    answer: answer.slice(0, 300),
  }),
);
