/**
 * Two rows of `npm run bench:http` about what a flood must not change:
 *
 * - sign-in flood: 50 sign-ins at once for 50 different usernames (from one address, then from 50 addresses of this
 *   machine's loopback), and a staff member on a device they signed in from before signing in during it: the
 *   flood's p50/p95 and status counts, and the staff sign-in's time beside the same sign-in alone;
 * - unsubscribe link: `POST /api/newsletter/unsubscribe-link` for addresses on the list and for unknown ones, one at
 *   a time and interleaved, each address asked once: p50/p95 of each, so a difference an observer could time shows.
 */
import { request } from 'node:http';
import { percentile } from './bench.ts';

/** Flood size. */
const FLOOD = 50;

/** An answer's status, headers and time, for a POST of JSON sent from `localAddress` (a loopback address). */
function postFrom(
  url: string,
  path: string,
  body: unknown,
  localAddress?: string,
): Promise<{ status: number; retryAfter: string | undefined; ms: number }> {
  const target = new URL(path, url);
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise((done, fail) => {
    request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          done({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'],
            ms: performance.now() - started,
          }),
        );
      },
    )
      .on('error', fail)
      .end(payload);
  });
}

const ms = (sorted: number[], p: number) => percentile(sorted, p).toFixed(0).padStart(5);
const counts = (statuses: number[]) =>
  [...new Set(statuses)]
    .sort()
    .map((status) => `${status}×${statuses.filter((s) => s === status).length}`)
    .join(', ');

/** The target for a staff sign-in during the flood: how long it may take. */
export const STAFF_SIGN_IN_TARGET_MS = 2000;

/**
 * The sign-in flood rows: `staff` must have signed in from 127.0.0.1 before. Returns what failed: a 5xx in the flood,
 * or a staff sign-in during it that was refused or took over {@link STAFF_SIGN_IN_TARGET_MS}.
 */
export async function benchSignInFlood(
  database: string,
  url: string,
  staff: { username: string; password: string },
): Promise<string[]> {
  const failures: string[] = [];
  const loopback = new URL(url).hostname === 'localhost' ? '127.0.0.1' : new URL(url).hostname;
  // The same sign-in with nothing else running: what the flood adds is the difference.
  const alone = await postFrom(url, '/api/auth/login', staff, loopback);
  for (const [label, address] of [
    ['one address', () => loopback],
    ['50 addresses', (i: number) => `127.0.1.${i + 1}`],
  ] as const) {
    const tag = Math.random().toString(36).slice(2, 8);
    const flood = Array.from({ length: FLOOD }, (_, i) =>
      postFrom(url, '/api/auth/login', { username: `flood-${tag}-${i}`, password: 'Summer2026!' }, address(i)),
    );
    // The staff sign-in starts once the flood is under way.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const own = await postFrom(url, '/api/auth/login', staff, loopback);
    const answers = await Promise.all(flood);
    const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b);
    const missing = answers.filter((answer) => answer.status === 429 && !answer.retryAfter).length;
    console.log(
      `${database.padEnd(9)} sign-in flood (${FLOOD} usernames at once, ${label}): p50 ${ms(sorted, 50)} ms  ` +
        `p95 ${ms(sorted, 95)} ms  answers ${counts(answers.map((answer) => answer.status))}; 429 without ` +
        `Retry-After ${missing}; staff sign-in during it ${own.status} in ${own.ms.toFixed(0)} ms ` +
        `(alone ${alone.status} in ${alone.ms.toFixed(0)} ms)`,
    );
    const errors = answers.filter((answer) => answer.status >= 500).length;
    if (errors > 0) failures.push(`${database}: the sign-in flood (${label}) got ${errors} × 5xx`);
    if (own.status !== 200 || !(own.ms <= STAFF_SIGN_IN_TARGET_MS)) {
      failures.push(
        `${database}: a staff sign-in during the flood (${label}) answered ${own.status} in ${own.ms.toFixed(0)} ms ` +
          `(target 200 within ${STAFF_SIGN_IN_TARGET_MS} ms)`,
      );
    }
  }
  return failures;
}

/** The unsubscribe-link row: `count` known and `count` unknown addresses, interleaved, each asked once. */
export async function benchUnsubscribeLink(database: string, url: string, count: number): Promise<void> {
  const tag = Math.random().toString(36).slice(2, 8);
  const known = (i: number) => `known-${tag}-${i}@example.org`;
  for (let i = 0; i < count; i += 1) {
    const signUp = await postFrom(url, '/api/admin/track', {
      type: 'newsletter_subscribe',
      payload: { email: known(i) },
    });
    if (signUp.status !== 202) throw new Error(`newsletter sign-up answered ${signUp.status}`);
  }
  const times = { known: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < count; i += 1) {
    for (const kind of i % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)) {
      const email = kind === 'known' ? known(i) : `unknown-${tag}-${i}@example.org`;
      const answer = await postFrom(url, '/api/newsletter/unsubscribe-link', { email });
      if (answer.status !== 202) throw new Error(`unsubscribe-link answered ${answer.status}`);
      times[kind].push(answer.ms);
    }
  }
  const line = (kind: 'known' | 'unknown') => {
    const sorted = times[kind].sort((a, b) => a - b);
    return `${kind} p50 ${percentile(sorted, 50).toFixed(1)} ms p95 ${percentile(sorted, 95).toFixed(1)} ms`;
  };
  console.log(
    `${database.padEnd(9)} unsubscribe-link c=1 ${count} + ${count} addresses: ${line('known')}; ${line('unknown')}`,
  );
}
