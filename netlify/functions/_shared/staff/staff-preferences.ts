/**
 * Each staff account's notification choice (instant emails, a daily digest, or none) and who therefore gets which
 * email. Accounts are keyed by their lower-cased username, the subject of their session.
 */
import type { NotifyMode, PreferencesInput } from '../../../../src/schemas/notifications.ts';
import type { Preferences } from '../../../../src/schemas/staff-account.ts';
import type { Queryable } from '../platform/db.ts';
import { notifyTo } from '../platform/mailer.ts';

/** The choice of `username`. */
export async function getPreferences(db: Queryable, username: string): Promise<Preferences> {
  const [row] = await db.query<{ email: string | null; notify: NotifyMode }>(
    'select email, notify from staff_preferences where username = lower($1)',
    [username],
  );
  return row ?? { email: null, notify: 'none' };
}

/** Stores the choice of `username`. */
export async function savePreferences(db: Queryable, username: string, input: PreferencesInput): Promise<Preferences> {
  const [row] = await db.query<{ email: string | null; notify: NotifyMode }>(
    `insert into staff_preferences (username, email, notify) values (lower($1), $2, $3)
     on conflict (username) do update set email = excluded.email, notify = excluded.notify, updated_at = now()
     returning email, notify`,
    [username, input.email, input.notify],
  );
  if (!row) throw new Error('staff_preferences upsert returned no row');
  return row;
}

async function staffAddresses(db: Queryable, mode: NotifyMode): Promise<string[]> {
  const rows = await db.query<{ email: string }>(
    'select lower(email) as email from staff_preferences where notify = $1 and email is not null order by email',
    [mode],
  );
  return rows.map((row) => row.email);
}

/** Who gets an email per submission: the `NOTIFY_TO` inboxes and every staff member who chose instant emails. */
export async function instantRecipients(db: Queryable): Promise<string[]> {
  return [...new Set([...notifyTo(), ...(await staffAddresses(db, 'instant'))])];
}

/** Staff members who chose one daily digest of everything instead of instant emails (minus any `NOTIFY_TO` inbox). */
export async function digestRecipients(db: Queryable): Promise<string[]> {
  const shared = new Set(notifyTo());
  return (await staffAddresses(db, 'digest')).filter((address) => !shared.has(address));
}
