/**
 * Payloads of the staff notification settings, the "new" markers and the outbox, shared by the
 * dashboard and the admin functions.
 */
import { z } from 'zod';

/** How a staff member hears about submissions. */
export const NOTIFY_MODES = ['instant', 'digest', 'none'] as const;
/** One of {@link NOTIFY_MODES}. */
export type NotifyMode = (typeof NOTIFY_MODES)[number];

/** Dashboard lists that count "new" rows: the ones visitors add to. */
export const SEEN_RESOURCES = ['events', 'contacts', 'newsletter', 'volunteers', 'donations'] as const;
/** "New" rows are counted up to this many: the tab then says "999+ new", and the count reads no more rows. */
export const SEEN_COUNT_CAP = 1000;
/** One of {@link SEEN_RESOURCES}. */
export type SeenResource = (typeof SEEN_RESOURCES)[number];

/** Statuses an outbox row can have. */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
/** One of {@link OUTBOX_STATUSES}. */
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

const rowId = z.string().regex(/^[0-9]{1,18}$/, 'Expected a whole number');

/** `PUT /api/admin/preferences`: the signed-in staff member's own notification choice. */
export const preferencesInput = z
  .object({
    /** Where this staff member's emails go; blank when they want none. @example "amina@example.org" */
    email: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      z
        .string()
        .trim()
        .max(254, 'Email must be at most 254 characters')
        .pipe(z.email('Enter a valid email address'))
        .nullable()
        .default(null),
    ),
    /** Instant emails, one daily digest, or nothing. @example "digest" */
    notify: z.enum(NOTIFY_MODES, 'Choose instant, digest or none'),
  })
  .refine((value) => value.notify === 'none' || value.email !== null, {
    path: ['email'],
    message: 'Enter the email address the notifications go to',
  });
/** A parsed {@link preferencesInput}. */
export type PreferencesInput = z.infer<typeof preferencesInput>;

/** `POST /api/admin/seen`: the staff member has seen a list up to `lastId`. */
export const seenInput = z.object({
  /** The list opened. @example "contacts" */
  resource: z.enum(SEEN_RESOURCES, `Expected one of ${SEEN_RESOURCES.join(', ')}`),
  /** Newest row id shown. @example "42" */
  lastId: rowId,
});
/** A parsed {@link seenInput}. */
export type SeenInput = z.infer<typeof seenInput>;

/** `POST /api/admin/outbox/resend`: the outbox row to send again. */
export const resendInput = z.object({
  /** Outbox row id. @example "7" */
  id: rowId,
});

/** `GET /api/admin/outbox` query. */
export const outboxQuery = z.object({
  /** Only rows of this status; all when absent. */
  status: z.enum(OUTBOX_STATUSES, `Expected one of ${OUTBOX_STATUSES.join(', ')}`).optional(),
  /** Page size, 1 to 200. */
  limit: z.coerce
    .number('Limit must be a number')
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(200, 'Limit must be at most 200')
    .default(50),
  /** Rows older than this id (the previous page's `nextCursor`). */
  cursor: rowId.optional(),
});

/** `GET /api/admin/outbox` → a page of notifications, the count of each status, and whether emails are really sent. */
export const OutboxAnswer = z.object({
  outbox: z.array(z.looseObject({ id: z.coerce.string() })),
  nextCursor: z.string().nullable(),
  counts: z.partialRecord(z.enum(OUTBOX_STATUSES), z.number()),
  sending: z.boolean(),
});
export type OutboxAnswer = z.infer<typeof OutboxAnswer>;
