/**
 * The login throttle: failed logins are stored per (lower-cased username, hashed client), and five
 * of them within fifteen minutes block that pair until the oldest of the five is that old.
 * Guesses spread over many addresses meet the account-wide limit: twenty failures within fifteen minutes
 * block the account until the oldest of the twenty is that old, except for clients that signed in to the
 * account before (docs/decisions.md says why that keeps staff from being locked out).
 * One client's failures across every username meet the client limit: thirty within fifteen minutes block that client
 * for every name it has not signed in to before, so a spray of common names from one address stops early.
 * Kept in the database because function instances share no memory.
 *
 * An attempt is counted before its password is checked ({@link admitAttempt}): under advisory locks per client and per
 * username, the limits are read and the attempt is written as a failure in one transaction, so attempts sent at once
 * are counted one after another, and the check that costs time (argon2id) runs only for attempts the limits let
 * through.
 */
import { transaction, type Queryable } from './db.ts';
import { isKnownClient } from './sessions.ts';

/** A limit: this many failures within the window block until the oldest of them leaves it. */
interface Limit {
  readonly failures: number;
  readonly windowMinutes: number;
}

/** Failures allowed per username and client within the window. */
export const LOGIN_THROTTLE: Limit = { failures: 5, windowMinutes: 15 };

/** The account-wide limit: failures from all clients within the window that block the account. */
export const ACCOUNT_THROTTLE: Limit = { failures: 20, windowMinutes: 15 };

/** The client limit: failures from one client, whatever the usernames, within the window that block the client. */
export const CLIENT_THROTTLE: Limit = { failures: 30, windowMinutes: 15 };

/**
 * Seconds until the failures matching `where` (over `$3` and on, given in `values`) fall below `limit`, or 0 when
 * they are below it now.
 */
async function delayUnder(db: Queryable, limit: Limit, where: string, values: readonly string[]): Promise<number> {
  const [row] = await db.query<{ retry: number }>(
    `select ceil(extract(epoch from ts + make_interval(mins => $1) - now()))::int as retry
     from login_failures
     where ts > now() - make_interval(mins => $1) and ${where}
     order by ts desc offset $2 limit 1`,
    [limit.windowMinutes, limit.failures - 1, ...values],
  );
  return row ? Math.max(1, row.retry) : 0;
}

/** Seconds until `username` may try again from `client` under the per-pair limit, or 0 when it may try now. */
export function blockedFor(db: Queryable, username: string, client: string): Promise<number> {
  return delayUnder(db, LOGIN_THROTTLE, 'username = lower($3) and client = $4', [username, client]);
}

// Rows this old count for nothing; removed now and then so the table stays small.
const PURGE_PROBABILITY = 0.02;

/** An attempt the limits let through: its row counts as a failure until {@link signedIn} removes it. */
export interface Attempt {
  readonly id: string;
  /** True when the client signed in to this username before: its check goes ahead of the hashing queue. */
  readonly known: boolean;
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
    // Client first, then username, in every transaction: two attempts never wait for each other's second lock.
    await tx.query(`select pg_advisory_xact_lock(hashtextextended('login-client:' || $1, 0))`, [client]);
    await tx.query(`select pg_advisory_xact_lock(hashtextextended('login:' || lower($1), 0))`, [username]);
    const known = await isKnownClient(tx, username, client);
    // A client that signed in to the account before meets only the per-pair limit (docs/decisions.md says why).
    const retryAfter =
      (await blockedFor(tx, username, client)) ||
      (known
        ? 0
        : (await delayUnder(tx, ACCOUNT_THROTTLE, 'username = lower($3)', [username])) ||
          (await delayUnder(tx, CLIENT_THROTTLE, 'client = $3', [client])));
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
    return { id: row!.id, known };
  });
}

/** Takes back an attempt whose password was never checked (the hashing queue was full): it counts for nothing. */
export async function withdrawn(db: Queryable, attempt: Attempt): Promise<void> {
  await db.query('delete from login_failures where id = $1', [attempt.id]);
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
