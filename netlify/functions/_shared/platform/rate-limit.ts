/**
 * Fixed-window counters kept in the database (`rate_limits`), since function instances share no
 * memory. Windows are aligned on the database clock so every instance agrees on them.
 */
import { query, type Queryable } from './db.ts';

/** How many hits a window allows. */
export interface RateLimitRule {
  /** Hits allowed per window. */
  limit: number;
  /** Window length in seconds. */
  windowSeconds: number;
}

/** Outcome of one hit. */
export interface RateLimitResult {
  /** False once the window's limit is exceeded. */
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Seconds until the window resets. */
  retryAfterSeconds: number;
}

/**
 * Public tracking: far above what a person filling in forms ever sends. `TRACK_RATE_LIMIT_PER_MINUTE` raises it
 * where many people share one address (the browser tests, where every "visitor" is 127.0.0.1).
 */
export function trackRateLimit(): RateLimitRule {
  const perMinute = Number(process.env['TRACK_RATE_LIMIT_PER_MINUTE']);
  return { limit: Number.isInteger(perMinute) && perMinute > 0 ? perMinute : 30, windowSeconds: 60 };
}

// Rows of windows older than this are removed now and then, so the table stays small.
const PURGE_AFTER = '1 day';
const PURGE_PROBABILITY = 0.01;

/** Counts one hit of `subject` (e.g. a client hash) in `scope` (e.g. `track`) and says whether it is allowed. */
export async function hit(
  scope: string,
  subject: string,
  rule: RateLimitRule,
  db: Queryable = { query },
): Promise<RateLimitResult> {
  const rows = await db.query<{ count: number; retry_after: number }>(
    `insert into rate_limits as r (key, window_start, count)
     values ($1, to_timestamp(floor(extract(epoch from now()) / $2::int) * $2::int), 1)
     on conflict (key) do update
       set count = case when r.window_start = excluded.window_start then r.count + 1 else 1 end,
           window_start = excluded.window_start
     returning count, extract(epoch from (window_start + make_interval(secs => $2::int) - now()))::float8 as retry_after`,
    [`${scope}:${subject}`, rule.windowSeconds],
  );
  const row = rows[0];
  if (!row) throw new Error('rate limit upsert returned no row');
  if (Math.random() < PURGE_PROBABILITY) {
    await db.query(`delete from rate_limits where window_start < now() - interval '${PURGE_AFTER}'`);
  }
  return {
    allowed: row.count <= rule.limit,
    count: row.count,
    retryAfterSeconds: Math.max(1, Math.ceil(row.retry_after)),
  };
}

/** Forgets `subject` in `scope` (e.g. after a successful login). */
export async function reset(scope: string, subject: string, db: Queryable = { query }): Promise<void> {
  await db.query('delete from rate_limits where key = $1', [`${scope}:${subject}`]);
}
