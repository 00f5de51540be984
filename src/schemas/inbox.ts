/**
 * The answer of `GET /api/admin/inbox`, the first screen of /samu: what arrived since Monday and since the staff
 * member's last visit, and what is overdue or waits for staff. The function builds it and checks it against this
 * schema; the dashboard reads it with the same one.
 */
import { z } from 'zod';

// No compiled validators: zod would build them with `new Function`, which the pages' Content-Security-Policy forbids.
z.config({ jitless: true });

/** What visitors, donors and sponsors send that the inbox lists, each with the dashboard section where it is handled. */
export const ARRIVAL_KINDS = ['gifts', 'contacts', 'volunteers', 'newsletter', 'letters'] as const;
/** One of {@link ARRIVAL_KINDS}. */
export type ArrivalKind = (typeof ARRIVAL_KINDS)[number];

/** What waits for staff: each kind with the section where it is handled. */
export const DUE_KINDS = [
  'overdue-applications',
  'overdue-messages',
  'unmatched-gifts',
  'failed-emails',
  'consents-ending',
  'lapsed-commitments',
  'letters-to-review',
  'children-due-news',
] as const;
/** One of {@link DUE_KINDS}. */
export type DueKind = (typeof DUE_KINDS)[number];

/** The dashboard section each kind of item is handled in (the section's address hash). */
export const INBOX_SECTIONS: Readonly<Record<ArrivalKind | DueKind, string>> = {
  gifts: 'gifts',
  contacts: 'contacts',
  volunteers: 'volunteers',
  newsletter: 'newsletter',
  letters: 'letters',
  'overdue-applications': 'volunteers',
  'overdue-messages': 'contacts',
  'unmatched-gifts': 'gifts',
  'failed-emails': 'notifications',
  'consents-ending': 'children',
  'lapsed-commitments': 'gifts',
  'letters-to-review': 'letters',
  'children-due-news': 'letters',
};

/** How many of the newest items of each kind the inbox lists by name. */
export const INBOX_ITEMS = 5;

const Timestamp = z.iso.datetime({ offset: true });

/** One item as the inbox names it: who or what, an amount when it is money, a few words more. */
export const InboxItem = z.object({
  id: z.string(),
  /** When it arrived (or, for what is due, the moment it is due). */
  ts: Timestamp,
  /** A person's or child's name, or the email's subject. */
  name: z.string(),
  amount: z.object({ subunits: z.number().int(), currency: z.string().length(3) }).nullable(),
  /** A few words more: a message's subject, an application's kind. */
  note: z.string().nullable(),
  /** Arrived after the staff member's last visit. */
  isNew: z.boolean(),
});
/** One {@link InboxItem}. */
export type InboxItem = z.infer<typeof InboxItem>;

/** What arrived of one kind. */
export const InboxArrivals = z.object({
  kind: z.enum(ARRIVAL_KINDS),
  /** How many arrived since Monday 00:00 in Nairobi. */
  sinceMonday: z.number().int().nonnegative(),
  /** How many of those (or earlier ones) arrived after the last visit. */
  sinceVisit: z.number().int().nonnegative(),
  /** The newest of those since Monday, newest first, at most {@link INBOX_ITEMS}. */
  items: z.array(InboxItem).max(INBOX_ITEMS),
});

/** What waits for staff, of one kind. */
export const InboxDue = z.object({
  kind: z.enum(DUE_KINDS),
  count: z.number().int().nonnegative(),
  /** The first few, the most urgent first, at most {@link INBOX_ITEMS}. */
  items: z.array(InboxItem).max(INBOX_ITEMS),
});

/** `GET /api/admin/inbox`. */
export const InboxAnswer = z.object({
  /** The moment the inbox was judged at. */
  asOf: Timestamp,
  /** Monday 00:00 in Nairobi of that week. */
  weekStart: Timestamp,
  /** The end of the staff member's last visit, or null on their first. */
  lastVisit: Timestamp.nullable(),
  arrivals: z.array(InboxArrivals),
  due: z.array(InboxDue),
});
/** One {@link InboxAnswer}. */
export type InboxAnswer = z.infer<typeof InboxAnswer>;

/** `GET /api/admin/inbox?at=…`: the moment to judge "overdue" and "this week" at (the dashboard's clock). */
export const InboxQuery = z.object({
  at: Timestamp.optional(),
});
