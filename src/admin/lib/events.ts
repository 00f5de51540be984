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

const LABELS: Readonly<Record<string, string>> = {
  newsletter_subscribe: 'Newsletter subscription',
  contact_submit: 'Contact message',
  sponsorship_application: 'Sponsorship application',
  volunteer_application: 'Volunteer application',
  school_volunteer_application: 'School volunteer application',
  internship_application: 'Internship application',
  donation_intent: 'Donation intent',
  'admin.login': 'Staff sign-in',
  'admin.login_failed': 'Failed staff sign-in',
  'admin.logout': 'Staff sign-out',
  'admin.password_change': 'Staff password changed',
  'admin.session_end': 'Staff session ended',
  'admin.sessions_end_others': 'Staff signed out everywhere else',
  'admin.account.profile': 'Staff member changed the name they sign with',
  'admin.staff.withdraw': 'Staff invitation withdrawn',
  'admin.db.backup': 'Backup created',
  'admin.media.upload': 'File uploaded',
  'admin.gifts.create': 'Gift recorded by staff',
  'admin.gifts.statement': 'Yearly statement sent',
  'admin.reply_template.save': 'Reply template changed',
  'admin.gifts.refund': 'Gift marked refunded by staff',
  'admin.gifts.confirm': 'PayPal gift confirmed by staff',
  'admin.person.export': "A person's data exported",
  'admin.person.correct': "A person's data corrected",
  'admin.person.erase': 'A person erased',
  'admin.person.link': 'Possible match confirmed as the same person',
  'admin.gifts.assign': 'Unmatched gift assigned by staff',
  'gift.pending': 'Gift started (pending payment)',
  'gift.recorded': 'Gift recorded',
  'gift.confirmed': 'Gift confirmed',
  'gift.flagged': 'Gift flagged for a look',
  'gift.unmatched': 'Payment received that matches no gift (to assign)',
  'gift.failed': 'Gift failed',
  'gift.abandoned': 'Gift abandoned',
  'gift.subscription': 'Monthly gift changed',
  'gift.refunded': 'Gift refunded',
  'gift.partly_refunded': 'Gift partly refunded',
};

const NOUNS: Readonly<Record<string, string>> = {
  programs: 'Program',
  blog: 'Blog post',
  media: 'Media item',
  contacts: 'Contact',
  newsletter: 'Subscriber',
  volunteers: 'Application',
  donations: 'Donation',
};

const VERBS: Readonly<Record<string, string>> = { create: 'created', update: 'updated', delete: 'deleted' };

/** A readable name for an event type ('admin.blog.update' → 'Blog post updated'). */
export function describeEventType(type: unknown): string {
  if (typeof type !== 'string' || type === '') return 'Event';
  const label = LABELS[type];
  if (label) return label;
  const match = /^admin\.([a-z_]+)\.([a-z_]+)$/.exec(type);
  const noun = match?.[1] ? NOUNS[match[1]] : undefined;
  const verb = match?.[2] ? VERBS[match[2]] : undefined;
  if (noun && verb) return `${noun} ${verb}`;
  const words = type.replaceAll(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
