/**
 * `npm run bench:http`: what a visitor or a staff member waits for under `npm start`. For each database (the embedded
 * default, then PostgreSQL on `TEST_PG_URL`) it starts `scripts/serve.ts --no-build` as its own process (build first
 * with `npm run build`), then over HTTP:
 *
 * - p50/p95/p99 and requests per second, at concurrency 1 and 16, for track (202), login (at most 4 at once: the
 *   login throttle counts a sign-in in flight as a failure), stats, a 500-row list and an unauthenticated 401;
 * - My giving: `GET /my-giving/account` for a signed-in donor with 200 gifts (scripts/bench/bench-my-giving.ts), at
 *   concurrency 1 and 16;
 * - sign-in flood: 50 sign-ins at once for 50 usernames (from one address, then from 50), with a staff sign-in
 *   during it; and the unsubscribe-link call for known and unknown addresses side by side (scripts/bench/bench-signin.ts);
 * - live: from a create to its `new_event` on an open `GET /api/admin/events/stream`, one at a time;
 * - a load of 1,000 tracking POSTs at concurrency 100 (rate limit raised): every answer's status, the rows stored
 *   against the 202s, the peak memory of the server's process tree, and how long after the last answer a stream open
 *   meanwhile had delivered the last of their events;
 * - gifts (scripts/bench/bench-gifts.ts), with the server pointed at a Paystack stand-in and a real SMTP server: the
 *   public checkout, the signed Paystack webhook and the M-Pesa C2B confirmation alone and in bursts at concurrency 50
 *   with 30 % duplicates, then the ledger checked in the database (one confirmed gift and one receipt per reference).
 *
 * Then it runs `bench:track` and `bench:admin` (the same handlers in-process) so both sets of figures sit side by side.
 * Options (env): BENCH_REQUESTS (default 200 per row; half of it for the gifts rows alone), BENCH_LOGINS (default 20
 * per row), BENCH_LOAD (default 1000), BENCH_WEBHOOKS (default 1000), BENCH_C2B (default 500), BENCH_DUPLICATES
 * (default 0.3), BENCH_BURST_CONCURRENCY (default 50), BENCH_LIVE (default 20). To run a part only: BENCH_ONLY, a
 * comma-separated list of rows (track, login, stats, list500, 401), mygiving, signin, live, load and gifts (default all,
 * and then the in-process comparison too); BENCH_DATABASES, embedded and/or postgres (default both). Exits with 1 when
 * an invariant of the gifts fails or a target is missed.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { closePools } from '../netlify/functions/_shared/platform/db.ts';
import { LOGIN_THROTTLE } from '../netlify/functions/_shared/platform/login-throttle.ts';
import {
  measure,
  nextLiveEvent,
  openLiveStream,
  percentile,
  row,
  timeLiveDelivery,
  withBenchDatabases,
  type Call,
} from './bench/bench.ts';
import { benchGifts, giftBenchSizes, startGiftServices, type GiftRun, type GiftServices } from './bench/bench-gifts.ts';
import { checkGifts } from './bench/bench-ledger.ts';
import { MY_GIVING_GIFTS, MY_GIVING_P50_TARGET_MS, signedInDonor } from './bench/bench-my-giving.ts';
import { benchSignInFlood, benchUnsubscribeLink } from './bench/bench-signin.ts';
import { startServeProcess, type ServeProcess } from '../support/e2e/serve-process.ts';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const REQUESTS = Number(process.env['BENCH_REQUESTS'] ?? 200);
const LOGINS = Number(process.env['BENCH_LOGINS'] ?? 20);
const LOAD = Number(process.env['BENCH_LOAD'] ?? 1000);
const LIVE = Number(process.env['BENCH_LIVE'] ?? 20);
const PASSWORD = randomBytes(12).toString('base64url');
const ONLY = process.env['BENCH_ONLY']
  ?.split(',')
  .map((part) => part.trim())
  .filter(Boolean);
const DATABASES = (process.env['BENCH_DATABASES'] ?? 'embedded,postgres').split(',').map((part) => part.trim());
/** Whether a part of the bench runs (BENCH_ONLY). */
const runs = (part: string) => !ONLY || ONLY.includes(part);

/** Starts the server on a port the system picks (its `url` says which). */
function startServer(env: Record<string, string>): Promise<ServeProcess> {
  return startServeProcess(['--no-build'], {
    ...env,
    PORT: '0',
    ADMIN_USERNAME: 'bench',
    ADMIN_PASSWORD: PASSWORD,
    TRACK_RATE_LIMIT_PER_MINUTE: '1000000',
  });
}

/** Resident memory of a process and all its descendants, in bytes (Linux /proc). */
async function treeRss(pid: number): Promise<number> {
  const parents = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    parents.set(Number(entry), ppid);
  }
  const tree = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [child, parent] of parents) {
      if (tree.has(parent) && !tree.has(child)) {
        tree.add(child);
        grew = true;
      }
    }
  }
  let total = 0;
  for (const member of tree) {
    const status = await readFile(`/proc/${member}/status`, 'utf8').catch(() => '');
    total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  }
  return total;
}

let sequence = 0;
const contact = () =>
  JSON.stringify({
    type: 'contact_submit',
    payload: { name: 'Bench', email: 'bench@example.org', subject: 'Load', message: `Message ${sequence++}` },
  });

async function bench(database: string, server: ServeProcess, gifts: GiftServices): Promise<GiftRun | undefined> {
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
  const signIn = () => post('/api/auth/login', JSON.stringify({ username: 'bench', password: PASSWORD }));
  const { token } = (await (await signIn()).json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const get = (path: string, headers: Record<string, string> = auth) => fetch(`${server.url}${path}`, { headers });
  const create = (i: number) =>
    post(
      '/api/admin/programs',
      JSON.stringify({ title: `Program ${i}`, slug: `program-${i}`, summary: 'Bench', content: 'x'.repeat(500) }),
      auth,
    );
  if (runs('live') || runs('list500')) await measure(500, 16, 201, create);

  const calls: [string, number, (i: number) => Promise<Response>, number][] = [
    ['track', 202, () => post('/api/admin/track', contact()), REQUESTS],
    ['login', 200, signIn, LOGINS],
    ['stats', 200, () => get('/api/admin/stats'), REQUESTS],
    ['list500', 200, () => get('/api/admin/programs?limit=500'), REQUESTS],
    ['401', 401, () => get('/api/admin/stats', {}), REQUESTS],
  ];
  for (const [name, status, call, count] of calls) {
    if (!runs(name)) continue;
    await measure(Math.min(count, 10), 1, status, call);
    // A sign-in counts as a failure until its password is checked, and one client may have only a few at once.
    const most = name === 'login' ? LOGIN_THROTTLE.failures - 1 : 16;
    for (const concurrency of [1, most])
      row(database, name, concurrency, await measure(count, concurrency, status, call));
  }

  // My giving: the page of a donor with many gifts, as their session sees it.
  if (runs('mygiving')) {
    const donor = await signedInDonor(server.url, gifts.smtp, auth);
    const myGiving = () => get('/my-giving/account', { cookie: donor.cookie });
    await measure(10, 1, 200, myGiving);
    for (const concurrency of [1, 16]) {
      const result = await measure(REQUESTS, concurrency, 200, myGiving);
      row(database, 'mygiving', concurrency, result);
      const p50 = percentile(result.sorted, 50);
      if (concurrency === 1 && !(p50 <= MY_GIVING_P50_TARGET_MS)) {
        failures.push(`${database}: My giving's p50 is ${p50.toFixed(1)} ms (target ≤ ${MY_GIVING_P50_TARGET_MS} ms)`);
      }
    }
    console.log(
      `${database.padEnd(9)} mygiving: a donor with ${MY_GIVING_GIFTS} gifts, p50 target ${MY_GIVING_P50_TARGET_MS} ms at c=1`,
    );
  }
  if (runs('signin')) {
    failures.push(...(await benchSignInFlood(database, server.url, { username: 'bench', password: PASSWORD })));
    await benchUnsubscribeLink(database, server.url, Math.ceil(REQUESTS / 2));
  }

  // A change until its event reaches an open stream (the dashboard's live view), one at a time.
  const http: Call = (path, init) => fetch(`${server.url}${path}`, init);
  if (runs('live')) {
    row(database, 'live', 1, await timeLiveDelivery(http, token, LIVE, (i) => create(500 + i)));
  }
  if (!runs('load'))
    return runs('gifts')
      ? benchGifts(database, server.url, gifts, giftBenchSizes(Math.ceil(REQUESTS / 2)), auth)
      : undefined;

  // During the load below a stream stays open: how long after the last answer its last event arrives.
  const watching = await openLiveStream(http, token);
  let delivered = 0;
  let lastDelivered = 0;
  const counting = (async () => {
    while (delivered < LOAD) {
      await nextLiveEvent(watching);
      delivered += 1;
      lastDelivered = performance.now();
    }
  })().catch(() => undefined);
  const before = ((await (await get('/api/admin/stats')).json()) as { contacts: number }).contacts;
  const statuses = new Map<number, number>();
  let retryAfterMissing = 0;
  let peak = 0;
  const sampler = setInterval(() => {
    void treeRss(server.child.pid ?? 0).then((rss) => (peak = Math.max(peak, rss)));
  }, 100);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 100 }, async () => {
      while (next < LOAD) {
        next++;
        const response = await post('/api/admin/track', contact()).catch(() => undefined);
        const status = response?.status ?? 0;
        await response?.arrayBuffer();
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if ((status === 429 || status === 503) && !response?.headers.get('retry-after')) retryAfterMissing++;
      }
    }),
  );
  const ended = performance.now();
  const seconds = (ended - started) / 1000;
  clearInterval(sampler);
  const after = ((await (await get('/api/admin/stats')).json()) as { contacts: number }).contacts;
  const accepted = statuses.get(202) ?? 0;
  const answers = [...statuses].map(([status, count]) => `${status || 'no answer'}×${count}`).join(', ');
  console.log(
    `${database.padEnd(9)} load     c=100 ${String(LOAD).padStart(5)} req ${(LOAD / seconds).toFixed(0).padStart(6)} req/s  ` +
      `answers ${answers}; rows stored ${after - before} (202s ${accepted}${after - before === accepted ? ', equal' : ', DIFFERENT'}); ` +
      `429/503 without Retry-After ${retryAfterMissing}; peak memory of the server's process tree ${(peak / 2 ** 20).toFixed(0)} MB`,
  );
  await counting;
  await watching.close();
  console.log(
    `${database.padEnd(9)} live     c=100 the open stream delivered ${delivered} of the load's ${LOAD} events, ` +
      `the last ${delivered > 0 ? `${(lastDelivered - ended).toFixed(0)} ms after the last answer` : 'never'}`,
  );
  return runs('gifts')
    ? benchGifts(database, server.url, gifts, giftBenchSizes(Math.ceil(REQUESTS / 2)), auth)
    : undefined;
}

function runScript(script: string, env: Record<string, string>): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(root, 'scripts', script)], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`${script} exited with ${code}`))));
  });
}

if (!existsSync(join(root, 'dist', 'index.html'))) throw new Error('Build the site first: npm run build');
const failures: string[] = [];

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
console.log(
  `over HTTP through npm start's server (node ${process.version}, ${cpus().length} CPUs, load average ${load()}); ` +
    'latency per request',
);
await withBenchDatabases('watoto-bench-http-', async (databases) => {
  const { dataDir } = databases;
  if (DATABASES.includes('embedded')) {
    const embeddedGifts = await startGiftServices();
    let embeddedRun: GiftRun | undefined;
    try {
      const embedded = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '', ...embeddedGifts.env });
      try {
        embeddedRun = await bench('embedded', embedded, embeddedGifts);
      } finally {
        await embedded.stop();
      }
    } finally {
      await embeddedGifts.close();
    }
    // The embedded database is the server's own: open it again once the server has stopped, to check the ledger.
    if (embeddedRun) {
      const local = await databases.embedded();
      try {
        failures.push(...(await checkGifts('embedded', { url: local.url, proxy: local.proxy }, embeddedRun)));
      } finally {
        await closePools();
        await local.close();
      }
    }
  }

  if (DATABASES.includes('postgres')) {
    const target = await databases.postgres();
    const postgresGifts = await startGiftServices();
    try {
      const postgres = await startServer({ DATA_DIR: dataDir, DATABASE_URL: target.url, ...postgresGifts.env });
      let postgresRun: GiftRun | undefined;
      try {
        postgresRun = await bench('postgres', postgres, postgresGifts);
      } finally {
        await postgres.stop();
      }
      if (postgresRun) failures.push(...(await checkGifts('postgres', target, postgresRun)));
      await closePools();
    } finally {
      await postgresGifts.close();
    }
  }
});

console.log(`load average at the end ${load()}`);
if (failures.length > 0) {
  console.log(`\n${failures.length} invariant(s) or target(s) failed:`);
  for (const failure of failures) console.log(`  - ${failure}`);
  process.exitCode = 1;
} else {
  console.log(`\nevery invariant and target held (${DATABASES.join(', ')})`);
}

if (!ONLY) {
  console.log('\nthe same handlers in-process (no HTTP, no worker), for comparison:');
  await runScript('bench-track.ts', { BENCH_REQUESTS: String(REQUESTS * 2), BENCH_CONCURRENCY: '1,16' });
  await runScript('bench-admin.ts', { BENCH_REQUESTS: String(REQUESTS), BENCH_LOGINS: String(LOGINS) });
}
