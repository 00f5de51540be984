/**
 * Server-side staff sessions (`admin_sessions`): every token names one by its `sid` claim, so logout, a
 * password change or deleting the account ends tokens before they expire. The staff check reads one row by
 * primary key, joined to its account by primary key: one indexed lookup per request, plus a write of the session's
 * last use at most once a minute.
 */
import { randomUUID } from 'node:crypto';
import type { StaffSession } from '../../../../src/schemas/staff-account.ts';
import { query, type Queryable } from './db.ts';

/** How long a session lasts, in seconds (the session token's lifetime). */
export const SESSION_SECONDS = 8 * 60 * 60;

/** How long ended and expired sessions are kept: the account-wide login limit remembers clients that long. */
export const KNOWN_CLIENT_DAYS = 30;

/** Longest User-Agent kept, in characters. */
const MAX_USER_AGENT = 200;

// Sessions older than KNOWN_CLIENT_DAYS are removed now and then, so the table stays small.
const PURGE_PROBABILITY = 0.05;

/**
 * How stale a session's `last_used_at` may get before a request records its use, in seconds: the staff check stays
 * one read on most requests, and the account dialog's "last active" is right to the minute.
 */
export const LAST_USED_GRANULARITY_SECONDS = 60;

/** A session id: a random UUID (the form `admin_sessions.id` holds). */
export const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Who a live session belongs to. */
export interface SessionOwner {
  /** The session's id (the token's `sid`). */
  sessionId: string;
  /** The account's id. */
  userId: string;
  /** The account's username as stored. */
  username: string;
}

/** Starts a session for the account `userId`; returns its id. */
export async function createSession(db: Queryable, userId: string, client: string, userAgent: string): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into admin_sessions (id, user_id, expires_at, client, user_agent)
     values ($1, $2, now() + make_interval(secs => $3), $4, $5)`,
    [id, userId, SESSION_SECONDS, client, cleanUserAgent(userAgent)],
  );
  if (Math.random() < PURGE_PROBABILITY) {
    await db.query('delete from admin_sessions where expires_at < now() - make_interval(days => $1)', [
      KNOWN_CLIENT_DAYS,
    ]);
  }
  return id;
}

/** Printable ASCII of a User-Agent, trimmed to {@link MAX_USER_AGENT} characters. */
function cleanUserAgent(value: string): string {
  return value.replaceAll(/[^\x20-\x7e]/g, '').slice(0, MAX_USER_AGENT);
}

/**
 * The owner of session `sessionId` if it is live: not ended, not expired, its account still there and its
 * password unchanged since the session began. Null for anything else. With `touch`, a request is using the session:
 * its last use is recorded when the one on record is older than {@link LAST_USED_GRANULARITY_SECONDS}.
 */
export async function liveSession(
  sessionId: string,
  db: Queryable = { query },
  { touch = false }: { touch?: boolean } = {},
): Promise<SessionOwner | null> {
  if (!SESSION_ID.test(sessionId)) return null;
  const [row] = await db.query<{ user_id: string; username: string; stale: boolean }>(
    `select u.id::text as user_id, u.username, s.last_used_at < now() - make_interval(secs => $2) as stale
     from admin_sessions s join admin_users u on u.id = s.user_id
     where s.id = $1 and s.ended_at is null and s.expires_at > now() and u.password_changed_at <= s.created_at`,
    [sessionId, LAST_USED_GRANULARITY_SECONDS],
  );
  if (!row) return null;
  if (touch && row.stale) await db.query('update admin_sessions set last_used_at = now() where id = $1', [sessionId]);
  return { sessionId, userId: row.user_id, username: row.username };
}

/** Ends one session of `userId`; false when it was not a live session of that account. */
export async function endSession(db: Queryable, userId: string, sessionId: string): Promise<boolean> {
  if (!SESSION_ID.test(sessionId)) return false;
  const rows = await db.query(
    `update admin_sessions set ended_at = now()
     where id = $1 and user_id = $2 and ended_at is null and expires_at > now() returning id`,
    [sessionId, userId],
  );
  return rows.length > 0;
}

/** Ends every live session of `userId`. */
export async function endAllSessions(db: Queryable, userId: string): Promise<void> {
  await db.query('update admin_sessions set ended_at = now() where user_id = $1 and ended_at is null', [userId]);
}

/**
 * Ends every live session of `owner`'s account except `owner`'s own ("sign out everywhere else"); returns how many
 * ended. Sessions of other accounts are untouched.
 */
export async function endOtherSessions(db: Queryable, owner: SessionOwner): Promise<number> {
  const rows = await db.query(
    `update admin_sessions set ended_at = now()
     where user_id = $1 and id <> $2 and ended_at is null and expires_at > now() returning id`,
    [owner.userId, owner.sessionId],
  );
  return rows.length;
}

/** The live sessions of `owner`'s account, most recently used first, marking the one `owner` is. */
export async function listSessions(owner: SessionOwner, db: Queryable = { query }): Promise<StaffSession[]> {
  const rows = await db.query<{
    id: string;
    created_at: Date | string;
    last_used_at: Date | string;
    expires_at: Date | string;
    user_agent: string;
  }>(
    `select s.id::text as id, s.created_at, s.last_used_at, s.expires_at, s.user_agent
     from admin_sessions s join admin_users u on u.id = s.user_id
     where s.user_id = $1 and s.ended_at is null and s.expires_at > now() and u.password_changed_at <= s.created_at
     order by s.last_used_at desc, s.created_at desc, s.id`,
    [owner.userId],
  );
  const iso = (value: Date | string) => new Date(value).toISOString();
  return rows.map((row) => ({
    id: row.id,
    createdAt: iso(row.created_at),
    lastUsedAt: iso(row.last_used_at),
    expiresAt: iso(row.expires_at),
    userAgent: row.user_agent,
    current: row.id === owner.sessionId,
  }));
}

/**
 * A SQL expression, true when the client `$client` started a session of the account named `$username` within
 * `$days` days ({@link KNOWN_CLIENT_DAYS}): the parameters are given as their placeholders.
 */
export function knownClientSql(username: string, client: string, days: string): string {
  return `exists (
    select 1 from admin_sessions s join admin_users u on u.id = s.user_id
    where lower(u.username) = lower(${username}) and s.client = ${client}
      and s.created_at > now() - make_interval(days => ${days}))`;
}
