/**
 * The audit trail: every staff action is stored as an event (`admin.<what>`, `payload.actor`), in the
 * transaction of the action itself, so Recent Activity and the live stream read it from `events` alone.
 */
import type { Queryable } from './db.ts';

/** Resources staff create, update or delete; the path segment after `/api/admin/`. */
export const ADMIN_RESOURCES = [
  'programs',
  'blog',
  'media',
  'contacts',
  'newsletter',
  'volunteers',
  'donations',
  'breaches',
  'children',
  'calendar',
  'team',
] as const;
/** One of {@link ADMIN_RESOURCES}. */
export type AdminResource = (typeof ADMIN_RESOURCES)[number];

/** What a staff member can do to a resource. */
export type ResourceAction = 'create' | 'update' | 'delete';

/** Every audit event type. */
export type AuditType =
  | 'admin.login'
  | 'admin.login_failed'
  | 'admin.logout'
  | 'admin.password_change'
  | 'admin.session_end'
  | 'admin.sessions_end_others'
  | 'admin.account.profile'
  | 'admin.media.upload'
  | 'admin.db.backup'
  | 'admin.staff.invite'
  | 'admin.staff.reset'
  | 'admin.staff.remove'
  | 'admin.staff.withdraw'
  | 'admin.staff.join'
  | 'admin.gifts.create'
  | 'admin.gifts.statement'
  | 'admin.gifts.refund'
  | 'admin.gifts.confirm'
  | 'admin.gifts.assign'
  | 'admin.gifts.rate'
  | 'admin.commitments.decide'
  | 'admin.person.export'
  | 'admin.person.correct'
  | 'admin.person.erase'
  | 'admin.person.link'
  | 'admin.reply_template.save'
  | 'admin.letters.review'
  | 'admin.letters.deliver'
  | 'admin.site.update'
  | `admin.${AdminResource}.${ResourceAction}`;

const RESOURCE_CHANGE = new RegExp(`^admin\\.(${ADMIN_RESOURCES.join('|')})\\.(create|update|delete)$`);

/** Stores one audit event on `db` (the caller's transaction); a null actor (no such account) is left out. */
export async function audit(
  db: Queryable,
  type: AuditType,
  actor: string | null,
  details: Record<string, unknown> = {},
): Promise<void> {
  await db.query('insert into events (type, payload) values ($1, $2)', [
    type,
    actor === null ? details : { actor, ...details },
  ]);
}

/** The resource an event type reports a change of (`admin.programs.update` → `programs`), or null. */
export function changedResource(type: string): AdminResource | null {
  return (RESOURCE_CHANGE.exec(type)?.[1] as AdminResource | undefined) ?? null;
}
