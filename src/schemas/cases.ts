/**
 * Payloads and answers of cases staff answer in /samu (contact messages; applications share the note, holder and reply
 * payloads of ./applications.ts), shared by the dashboard and the functions.
 */
import { z } from 'zod';
import { CONTACT_STATUSES } from '../lib/contact-cases.ts';
import { APPLICATION_KINDS, APPLICATION_STATES } from '../lib/applications.ts';

z.config({ jitless: true });

export { HolderChangeSchema, NoteSchema, ReplySchema, type Reply } from './applications.ts';

/** `POST /api/admin/contact-cases/<id>/done`: mark a contact message done, or open it again. */
export const DoneSchema = z.object({
  /** True to mark it done, false to open it again. @example true */
  done: z.boolean('Say whether the message is done'),
});
/** A validated done change. */
export type DoneChange = z.infer<typeof DoneSchema>;

/** A note on a case, or an email sent to its person with the outbox's status of it. */
export const CaseHistoryEntrySchema = z.object({
  id: z.string(),
  ts: z.string(),
  kind: z.enum(['note', 'acknowledgement', 'reply']),
  /** Lower-cased username; null for an automatic email. */
  author: z.string().nullable(),
  body: z.string(),
  subject: z.string().nullable(),
  recipient: z.string().nullable(),
  replyTo: z.string().nullable(),
  /** The outbox status (pending, sent, failed, skipped), null once the outbox has let it go. */
  status: z.string().nullable(),
  sentAt: z.string().nullable(),
});
/** One entry of a case's history. */
export type CaseHistoryEntry = z.infer<typeof CaseHistoryEntrySchema>;

/** A reply as staff start from it: its template, filled. */
export const DraftSchema = z.object({ subject: z.string(), body: z.string() });

/** `GET /api/admin/contact-cases/<id>` → `{contact}`: one contact message as a case. */
export const ContactCaseSchema = z.object({
  id: z.string(),
  ts: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  /** What the message is about (general, volunteer, donation, …). */
  type: z.string(),
  message: z.string(),
  status: z.enum(CONTACT_STATUSES),
  holder: z.string().nullable(),
  /** When the promised reply is due, and whether it is past that without a reply. */
  dueAt: z.string(),
  overdue: z.boolean(),
  repliedAt: z.string().nullable(),
  doneAt: z.string().nullable(),
  history: z.array(CaseHistoryEntrySchema),
  /** The reply this staff member starts from: the contact template, filled; null when it is missing. */
  draft: DraftSchema.nullable(),
  /** The From and Reply-To a reply goes out with: the charity's office. */
  replyFrom: z.string(),
});
/** One contact message as a case. */
export type ContactCase = z.infer<typeof ContactCaseSchema>;

/** The answer of every contact case call. */
export const ContactCaseAnswerSchema = z.object({ contact: ContactCaseSchema });

/** `GET /api/admin/applications/<id>` → `{application}`: one application with its notes and emails. */
export const ApplicationCaseSchema = z.object({
  id: z.string(),
  ts: z.string(),
  /** The programme applied to; null for an application of a kind no longer offered. */
  kind: z.enum(APPLICATION_KINDS).nullable(),
  name: z.string(),
  email: z.string().nullable(),
  /** The form as received, field by field. */
  details: z.record(z.string(), z.unknown()),
  state: z.enum(APPLICATION_STATES),
  holder: z.string().nullable(),
  /** When the promised answer is due, and whether it is past that without one. */
  dueAt: z.string(),
  overdue: z.boolean(),
  history: z.array(CaseHistoryEntrySchema),
  /** An accepted or declined application's reply as this staff member starts from it: its template, filled. */
  draft: DraftSchema.nullable(),
});
/** One application as a case. */
export type ApplicationCase = z.infer<typeof ApplicationCaseSchema>;

/** The answer of every application call. */
export const ApplicationCaseAnswerSchema = z.object({ application: ApplicationCaseSchema });
