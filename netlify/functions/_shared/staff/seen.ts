/**
 * "New" markers of the dashboard: per staff member and list, the newest row id they have seen. Rows above it are new
 * for that staff member only; opening a list moves their mark, nobody else's.
 */
import { SEEN_COUNT_CAP, SEEN_RESOURCES, type SeenResource } from '../../../../src/schemas/notifications.ts';
import { query } from '../platform/db.ts';

/** The rows of each counted list that visitors add (staff actions in `events` are never "new"). */
const SOURCES: Readonly<Record<SeenResource, { table: string; where: string }>> = {
  events: { table: 'events', where: `type not like 'admin.%'` },
  contacts: { table: 'contacts', where: 'true' },
  newsletter: { table: 'newsletter_subscribers', where: 'true' },
  volunteers: { table: 'volunteers', where: 'true' },
  donations: { table: 'donations', where: 'true' },
};

/** New-row counts and last-seen ids of one staff member, per counted list. */
export interface SeenState {
  /** How many rows arrived since the staff member last opened each list, up to {@link SEEN_COUNT_CAP}. */
  readonly counts: Record<SeenResource, number>;
  /** The newest id they have seen in each list ("0" when never opened). */
  readonly lastSeen: Record<SeenResource, string>;
}

/**
 * The counts and marks of `username`, in one round trip. Each count stops at the cap: a member who never opened a
 * list would otherwise count all of it (300,000 events at five years) on every reload.
 */
export async function seenState(username: string): Promise<SeenState> {
  const columns = SEEN_RESOURCES.map((resource) => {
    const { table, where } = SOURCES[resource];
    const mark = `coalesce((select last_id from staff_seen where username = lower($1) and resource = '${resource}'), 0)`;
    const fresh = `select 1 from ${table} where ${where} and id > ${mark} limit ${SEEN_COUNT_CAP}`;
    return `(select count(*) from (${fresh}) fresh)::int as "${resource}_count", ${mark}::text as "${resource}_seen"`;
  });
  const [row] = await query<Record<string, number | string>>(`select ${columns.join(', ')}`, [username]);
  const counts = {} as Record<SeenResource, number>;
  const lastSeen = {} as Record<SeenResource, string>;
  for (const resource of SEEN_RESOURCES) {
    counts[resource] = Number(row?.[`${resource}_count`] ?? 0);
    lastSeen[resource] = String(row?.[`${resource}_seen`] ?? '0');
  }
  return { counts, lastSeen };
}

/**
 * Records that `username` has seen `resource` up to `lastId`. The mark only moves forward and never past the newest
 * row that exists, so rows arriving later are still new.
 */
export async function markSeen(username: string, resource: SeenResource, lastId: string): Promise<void> {
  const { table } = SOURCES[resource];
  await query(
    `insert into staff_seen (username, resource, last_id)
     values (lower($1), $2, least($3::bigint, (select coalesce(max(id), 0) from ${table})))
     on conflict (username, resource) do update
       set last_id = greatest(staff_seen.last_id, excluded.last_id), updated_at = now()`,
    [username, resource, lastId],
  );
}
