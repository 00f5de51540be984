/**
 * `npm run bench:track`: requests per second and p50/p95/p99 latency of the track handler, called
 * in-process and warm (so the figures measure our code and the database, not a worker spawn), against
 * the embedded database and against PostgreSQL (a throw-away database on `TEST_PG_URL`,
 * default postgres://postgres@127.0.0.1:5432/postgres). Both go through the Neon driver and the relay.
 *
 * Options (env): BENCH_REQUESTS (default 2000), BENCH_CONCURRENCY (default "1,16").
 */
import { randomBytes } from 'node:crypto';
import type { Context } from '@netlify/functions';
import track from '../netlify/functions/track.ts';
import { closePools, type DatabaseTarget } from '../netlify/functions/_shared/platform/db.ts';
import { measure, onEachDatabase, row } from './bench/bench.ts';
import { migrate } from '../support/database/migrate.ts';

const REQUESTS = Number(process.env['BENCH_REQUESTS'] ?? 2000);
const CONCURRENCY = (process.env['BENCH_CONCURRENCY'] ?? '1,16').split(',').map(Number);
const WARMUP = 200;

const timestamp = new Date().toISOString();
const bodies = [
  { type: 'newsletter_subscribe', payload: { email: 'reader@example.org' } },
  {
    type: 'contact_submit',
    payload: { name: 'Amina', email: 'amina@example.org', subject: 'Visit', message: 'Hello' },
  },
  {
    type: 'volunteer_application',
    payload: {
      name: 'Brian',
      email: 'brian@example.org',
      phone: '0700',
      age: 24,
      nationality: 'Kenyan',
      availability: 'Weekends',
      motivation: 'Give back',
    },
  },
  {
    type: 'donation_intent',
    payload: {
      amount: 50,
      type: 'one-time',
      cause: 'education',
      paymentMethod: 'card',
      name: 'Faith',
      email: 'faith@example.org',
      anonymous: false,
      newsletter: true,
      timestamp,
    },
  },
].map((body) => JSON.stringify(body));

let sequence = 0;
function call(): Promise<Response> {
  const n = sequence++;
  // A fresh address per request keeps the rate limit out of the way while still exercising it.
  const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const request = new Request('http://localhost/api/admin/track', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: bodies[n % bodies.length]!,
  });
  return track(request, { ip } as Context);
}

async function bench(name: string, target: DatabaseTarget): Promise<void> {
  process.env['DATABASE_URL'] = target.url;
  process.env['DATABASE_WS_PROXY'] = target.proxy ?? '';
  process.env['IP_HASH_KEY'] ??= randomBytes(16).toString('hex');
  // Newsletter sign-ups sign their confirmation links.
  process.env['JWT_SECRET'] ??= randomBytes(32).toString('hex');
  await migrate(target);
  await measure(WARMUP, 8, 202, call);
  for (const concurrency of CONCURRENCY)
    row(name, 'track', concurrency, await measure(REQUESTS, concurrency, 202, call));
  await closePools();
}

console.log(
  `track handler, in-process and warm; ${REQUESTS} requests per row, mixed form types (node ${process.version})`,
);
await onEachDatabase(bench);
