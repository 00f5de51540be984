/**
 * `npm run bench:admin`: p50/p95/p99 latency of three staff calls, in-process and warm (the figures
 * measure our code and the database, not a worker spawn), against the embedded database and against
 * PostgreSQL (a throw-away database on `TEST_PG_URL`, default postgres://postgres@127.0.0.1:5432/postgres):
 *
 * - login: `POST /api/auth/login` with the right password (argon2id dominates, on purpose);
 * - list: `GET /api/admin/programs?limit=500` over 500 programs;
 * - create: `POST /api/admin/programs` (insert and audit event in one transaction);
 * - live: from sending that create to its `new_event` on an open `GET /api/admin/events/stream` (the stream polls
 *   every 500 ms; the dashboard's target is a change on screen within 2 s).
 *
 * Options (env): BENCH_LOGINS (default 40), BENCH_REQUESTS (default 300) for list and create, BENCH_LIVE (default 40).
 */
import { randomBytes } from 'node:crypto';
import type { Context } from '@netlify/functions';
import programs from '../netlify/functions/admin-programs.ts';
import stream from '../netlify/functions/admin-stream.ts';
import login from '../netlify/functions/auth-login.ts';
import { closePools, query, type DatabaseTarget } from '../netlify/functions/_shared/platform/db.ts';
import { setAdminPassword } from '../netlify/functions/_shared/staff/account-setup.ts';
import { measure, onEachDatabase, row, timeLiveDelivery, type Call } from './bench/bench.ts';
import { migrate } from '../support/database/migrate.ts';

const LOGINS = Number(process.env['BENCH_LOGINS'] ?? 40);
const REQUESTS = Number(process.env['BENCH_REQUESTS'] ?? 300);
const LIVE = Number(process.env['BENCH_LIVE'] ?? 40);
const PASSWORD = randomBytes(12).toString('base64url');

let sequence = 0;
// Netlify always fills `params` (empty for a path without parameters).
const context = () => ({ ip: `10.9.${(sequence >> 8) & 255}.${sequence++ & 255}`, params: {} }) as unknown as Context;

/** Times `count` calls of `call` one at a time, each of which must answer `status`. */
const time = (count: number, status: number, call: (i: number) => Promise<Response>) => measure(count, 1, status, call);

async function bench(name: string, target: DatabaseTarget): Promise<void> {
  process.env['DATABASE_URL'] = target.url;
  process.env['DATABASE_WS_PROXY'] = target.proxy ?? '';
  await migrate(target);
  await setAdminPassword('bench', PASSWORD, target);
  await query(
    `insert into programs (title, slug, summary, content)
     select 'Program ' || n, 'program-' || n, repeat('summary ', 10), repeat('content ', 100) from generate_series(1, 500) n`,
    [],
    target,
  );
  const signIn = () =>
    login(
      new Request('http://localhost/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'bench', password: PASSWORD }),
      }),
      context(),
    );
  // A real sign-in: tokens name a server-side session.
  const { token } = (await (await signIn()).json()) as { token: string };
  const auth = { Authorization: `Bearer ${token}` };
  const list = () =>
    programs(new Request('http://localhost/api/admin/programs?limit=500', { headers: auth }), context());
  const create = (i: number) =>
    programs(
      new Request('http://localhost/api/admin/programs', {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          title: `Bench ${i}`,
          slug: `bench-${name}-${sequence}-${i}`,
          summary: 'Bench',
          content: 'x'.repeat(500),
        }),
      }),
      context(),
    );

  // Warm-up: pools, JIT, prepared plans.
  await time(3, 200, signIn);
  await time(20, 200, list);
  await time(20, 201, create);

  row(name, 'login', 1, await time(LOGINS, 200, signIn));
  row(name, 'list500', 1, await time(REQUESTS, 200, list));
  row(name, 'create', 1, await time(REQUESTS, 201, create));
  const handlers: Call = (path, init) => stream(new Request(`http://localhost${path}`, init), context());
  row(name, 'live', 1, await timeLiveDelivery(handlers, token, LIVE, (i) => create(REQUESTS + i)));
  await closePools();
}

process.env['JWT_SECRET'] ||= randomBytes(32).toString('hex');
console.log(`admin handlers, in-process and warm, one call at a time (node ${process.version})`);
await onEachDatabase(bench);
