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
import { KNOWN_CLIENT_DAYS, knownClientSql } from './sessions.ts';

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

// Rows this old count for nothing; removed now and then so the table stays small.
const PURGE_PROBABILITY = 0.02;

/** An attempt the limits let through: its row counts as a failure until {@link signedIn} removes it. */
export interface Attempt {
  readonly id: string;
  /** True when the client signed in to this username before: its check goes ahead of the hashing queue. */
  readonly known: boolean;
}

/**
 * Seconds until the failures of `limit` matching `where` fall below it (at least 1), or null when they are below it
 * now: a SQL subquery over `login_failures`, its window and offset given as placeholders.
 */
function delaySql(where: string, window: string, offset: string): string {
  return `(select greatest(1, ceil(extract(epoch from ts + make_interval(mins => ${window}) - now()))::int)
           from login_failures where ts > now() - make_interval(mins => ${window}) and ${where}
           order by ts desc offset ${offset} limit 1)`;
}

/**
 * One statement that reads the limits of an attempt at `$1` from `$2` and, when none is reached, writes the attempt
 * as a failure: whether the client is known, the seconds to wait (0 when admitted) and the attempt's id. A client
 * that signed in to the account before meets only the per-pair limit (docs/decisions.md says why).
 */
const ADMIT = `with
  known as (select ${knownClientSql('$1', '$2', '$3')} as known),
  delays as (
    select ${delaySql('username = lower($1) and client = $2', '$4', '$5')} as pair,
           ${delaySql('username = lower($1)', '$6', '$7')} as account,
           ${delaySql('client = $2', '$8', '$9')} as by_client
  ),
  verdict as (
    select known.known,
           coalesce(delays.pair, case when known.known then null else coalesce(delays.account, delays.by_client) end, 0)
             as retry
    from known, delays
  ),
  admitted as (
    insert into login_failures (username, client) select lower($1), $2 from verdict where retry = 0
    returning id::text as id
  )
select verdict.known, verdict.retry, (select id from admitted) as id from verdict`;

/**
 * Counts an attempt at `username` from `client` before its password is checked: the attempt, or the seconds to wait
 * when a limit is reached. `onRefused` runs in the same transaction (to audit the refusal). The limits are read and
 * the attempt written in one statement, under advisory locks per client and per username taken in one statement
 * before it (client first, then username, in every transaction, so two attempts never wait for each other's second
 * lock): a flood of attempts holds each lock, and the embedded database's one connection, as briefly as it can.
 * A client `known` to have signed in to the account before (as the caller read it) meets only the per-pair limit,
 * so it takes only the username's lock and never waits behind a flood of other names from the same address; should
 * it no longer be known when the limits are read, the attempt is counted again under both locks.
 */
export async function admitAttempt(
  username: string,
  client: string,
  onRefused: (tx: Queryable) => Promise<void>,
  known = false,
): Promise<Attempt | { retryAfter: number }> {
  const admitted = await transaction(async (tx) => {
    if (known) {
      await tx.query(`select pg_advisory_xact_lock(hashtextextended('login:' || lower($1), 0))`, [username]);
    } else {
      await tx.query(
        `select pg_advisory_xact_lock(hashtextextended('login-client:' || $1, 0)),
                pg_advisory_xact_lock(hashtextextended('login:' || lower($2), 0))`,
        [client, username],
      );
    }
    const [row] = await tx.query<{ known: boolean; retry: number; id: string | null }>(ADMIT, [
      username,
      client,
      KNOWN_CLIENT_DAYS,
      LOGIN_THROTTLE.windowMinutes,
      LOGIN_THROTTLE.failures - 1,
      ACCOUNT_THROTTLE.windowMinutes,
      ACCOUNT_THROTTLE.failures - 1,
      CLIENT_THROTTLE.windowMinutes,
      CLIENT_THROTTLE.failures - 1,
    ]);
    if (known && !row?.known) throw new NoLongerKnown();
    if (!row?.id) {
      await onRefused(tx);
      return { retryAfter: Math.max(1, row?.retry ?? 1) };
    }
    if (Math.random() < PURGE_PROBABILITY) {
      await tx.query('delete from login_failures where ts < now() - make_interval(mins => $1)', [
        LOGIN_THROTTLE.windowMinutes,
      ]);
    }
    return { id: row.id, known: row.known };
  }).catch((failure: unknown) => {
    if (failure instanceof NoLongerKnown) return undefined;
    throw failure;
  });
  return admitted ?? admitAttempt(username, client, onRefused);
}

/** The client's sign-ins to the account ended between the caller's read and the limits': count it as unknown. */
class NoLongerKnown extends Error {}

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
