/**
 * The login throttle: failed logins are stored per (lower-cased username, hashed client), and five
 * of them within fifteen minutes block that pair until the oldest of the five is that old.
 * Guesses spread over many addresses meet the account-wide limit: from twenty failures within fifteen
 * minutes on, every attempt waits a delay that doubles with each further failure, except from clients
 * that signed in to the account before (docs/decisions.md says why that keeps staff from being locked out).
 * Kept in the database because function instances share no memory.
 */
import type { Queryable } from './db.ts';
import { isKnownClient } from './sessions.ts';

/** Failures allowed per username and client within the window. */
export const LOGIN_THROTTLE = { failures: 5, windowMinutes: 15 } as const;

/** The account-wide limit: failures from all clients before the delay starts, and the longest delay. */
export const ACCOUNT_THROTTLE = { failures: 20, windowMinutes: 15, maxDelaySeconds: 300 } as const;

/**
 * Seconds until `username` may be tried again by `client` under the account-wide limit, or 0. The delay
 * after the latest failure is 1 s at the limit and doubles with each failure past it, up to five minutes.
 */
export async function accountDelay(db: Queryable, username: string, client: string): Promise<number> {
  const [row] = await db.query<{ failures: number; retry: number | null }>(
    `select count(*)::int as failures,
            extract(epoch from max(ts) - now())::float8 as retry
     from login_failures where username = lower($1) and ts > now() - make_interval(mins => $2)`,
    [username, ACCOUNT_THROTTLE.windowMinutes],
  );
  const over = (row?.failures ?? 0) - ACCOUNT_THROTTLE.failures;
  if (!row || over < 0 || row.retry === null) return 0;
  const delay = Math.min(2 ** over, ACCOUNT_THROTTLE.maxDelaySeconds);
  const wait = Math.ceil(row.retry + delay);
  if (wait <= 0) return 0;
  return (await isKnownClient(db, username, client)) ? 0 : wait;
}

// Rows this old count for nothing; removed now and then so the table stays small.
const PURGE_PROBABILITY = 0.02;

/** Seconds until `username` may try again from `client`, or 0 when it may try now. */
export async function blockedFor(db: Queryable, username: string, client: string): Promise<number> {
  const [row] = await db.query<{ retry: number }>(
    `select ceil(extract(epoch from ts + make_interval(mins => $3) - now()))::int as retry
     from login_failures
     where username = lower($1) and client = $2 and ts > now() - make_interval(mins => $3)
     order by ts desc offset $4 limit 1`,
    [username, client, LOGIN_THROTTLE.windowMinutes, LOGIN_THROTTLE.failures - 1],
  );
  return row ? Math.max(1, row.retry) : 0;
}

/** Counts one failed login of `username` from `client`. */
export async function recordFailure(db: Queryable, username: string, client: string): Promise<void> {
  await db.query('insert into login_failures (username, client) values (lower($1), $2)', [username, client]);
  if (Math.random() < PURGE_PROBABILITY) {
    await db.query('delete from login_failures where ts < now() - make_interval(mins => $1)', [
      LOGIN_THROTTLE.windowMinutes,
    ]);
  }
}

/** Forgets the failures of `username` from `client` after it signs in. */
export async function clearFailures(db: Queryable, username: string, client: string): Promise<void> {
  await db.query('delete from login_failures where username = lower($1) and client = $2', [username, client]);
}
