/**
 * The login throttle: failed logins are stored per (lower-cased username, hashed client), and five
 * of them within fifteen minutes block that pair until the oldest of the five is that old.
 * Guesses spread over many addresses meet the account-wide limit: twenty failures within fifteen minutes
 * block the account until the oldest of the twenty is that old, except for clients that signed in to the
 * account before (docs/decisions.md says why that keeps staff from being locked out).
 * Kept in the database because function instances share no memory.
 *
 * An attempt is counted before its password is checked ({@link admitAttempt}): under an advisory lock per username,
 * the limits are read and the attempt is written as a failure in one transaction, so attempts sent at once are
 * counted one after another, and the check that costs time (argon2id) runs only for attempts the limits let through.
 */
import { transaction, type Queryable } from './db.ts';
import { isKnownClient } from './sessions.ts';

/** Failures allowed per username and client within the window. */
export const LOGIN_THROTTLE = { failures: 5, windowMinutes: 15 } as const;

/** The account-wide limit: failures from all clients within the window that block the account. */
export const ACCOUNT_THROTTLE = { failures: 20, windowMinutes: 15 } as const;

/**
 * Seconds until `username` may be tried again by `client` under the account-wide limit, or 0: once the account has
 * {@link ACCOUNT_THROTTLE} failures within the window, until the oldest of them leaves it.
 */
export async function accountDelay(db: Queryable, username: string, client: string): Promise<number> {
  const [row] = await db.query<{ retry: number }>(
    `select ceil(extract(epoch from ts + make_interval(mins => $2) - now()))::int as retry
     from login_failures
     where username = lower($1) and ts > now() - make_interval(mins => $2)
     order by ts desc offset $3 limit 1`,
    [username, ACCOUNT_THROTTLE.windowMinutes, ACCOUNT_THROTTLE.failures - 1],
  );
  if (!row) return 0;
  return (await isKnownClient(db, username, client)) ? 0 : Math.max(1, row.retry);
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

/** An attempt the limits let through: its row counts as a failure until {@link signedIn} removes it. */
export interface Attempt {
  readonly id: string;
}

/**
 * Counts an attempt at `username` from `client` before its password is checked: the attempt, or the seconds to wait
 * when a limit is reached. `onRefused` runs in the same transaction (to audit the refusal).
 */
export async function admitAttempt(
  username: string,
  client: string,
  onRefused: (tx: Queryable) => Promise<void>,
): Promise<Attempt | { retryAfter: number }> {
  return transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtextextended('login:' || lower($1), 0))`, [username]);
    const retryAfter = (await blockedFor(tx, username, client)) || (await accountDelay(tx, username, client));
    if (retryAfter > 0) {
      await onRefused(tx);
      return { retryAfter };
    }
    const [row] = await tx.query<{ id: string }>(
      'insert into login_failures (username, client) values (lower($1), $2) returning id::text as id',
      [username, client],
    );
    if (Math.random() < PURGE_PROBABILITY) {
      await tx.query('delete from login_failures where ts < now() - make_interval(mins => $1)', [
        LOGIN_THROTTLE.windowMinutes,
      ]);
    }
    return { id: row!.id };
  });
}

/** Marks an attempt's check as ended in failure: it keeps counting for the window. */
export async function failed(db: Queryable, attempt: Attempt): Promise<void> {
  await db.query('update login_failures set settled_at = now() where id = $1', [attempt.id]);
}

/**
 * After the right password: the attempt no longer counts, nor do the failures of that username from that client
 * that had ended before it began; failures still being checked, or ended since, are attempts it raced with and stay.
 */
export async function signedIn(db: Queryable, attempt: Attempt, username: string, client: string): Promise<void> {
  await db.query(
    `delete from login_failures where id = $1
       or (username = lower($2) and client = $3
           and settled_at < (select ts from login_failures where id = $1))`,
    [attempt.id, username, client],
  );
}
