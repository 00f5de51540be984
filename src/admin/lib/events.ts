import type { Row } from './list.ts';

/** At most this many events are kept in Recent Activity. */
export const MAX_EVENTS = 500;

function time(row: Row): number {
  const ts = row['ts'];
  const ms = typeof ts === 'string' || typeof ts === 'number' ? new Date(ts).getTime() : Number.NaN;
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

function compareIdsDesc(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) {
    const [x, y] = [BigInt(a), BigInt(b)];
    return x === y ? 0 : x > y ? -1 : 1;
  }
  return b.localeCompare(a);
}

/** True when event id `a` is later than `b` (ids are decimal strings of a bigint sequence). */
export function isLaterEventId(a: string, b: string): boolean {
  return compareIdsDesc(a, b) < 0;
}

/** Puts new events in front of the kept ones: newest first, each id once, at most `max` kept. */
export function mergeEvents(existing: readonly Row[], incoming: readonly Row[], max: number = MAX_EVENTS): Row[] {
  const byId = new Map<string, Row>();
  for (const row of existing) byId.set(row.id, row);
  for (const row of incoming) byId.set(row.id, row);
  return [...byId.values()].sort((a, b) => time(b) - time(a) || compareIdsDesc(a.id, b.id)).slice(0, max);
}

/** Public tracking types and the staff list each of them adds a row to (docs/api.md, track). */
const TRACK_RESOURCES: Readonly<Record<string, string>> = {
  newsletter_subscribe: 'newsletter',
  contact_submit: 'contacts',
  sponsorship_application: 'volunteers',
  volunteer_application: 'volunteers',
  school_volunteer_application: 'volunteers',
  internship_application: 'volunteers',
  donation_intent: 'donations',
};

/** The staff list an event changes ('admin.programs.create' → 'programs'), or null when it changes none. */
export function resourceOfEvent(type: unknown): string | null {
  if (typeof type !== 'string') return null;
  const tracked = TRACK_RESOURCES[type];
  if (tracked) return tracked;
  if (type.startsWith('gift.')) return 'gifts';
  const match = /^admin\.([a-z_]+)\.(create|update|delete|upload)$/.exec(type);
  return match?.[1] ?? null;
}
