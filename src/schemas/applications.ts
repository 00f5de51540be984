/**
 * Payloads of the applications queue and of staff accounts, shared by the dashboard and the functions.
 */
import { z } from 'zod';
import {
  APPLICATION_STATES,
  placeholderList,
  unknownPlaceholders,
  type ReplyPlaceholder,
} from '../lib/applications.ts';
import { LIMITS, NewPasswordSchema } from './admin.ts';

z.config({ jitless: true });

/** Longest note or reply text. */
export const MAX_APPLICATION_TEXT = 10_000;

/** `POST /api/admin/applications/<id>/state`: move an application to another state. */
export const StateChangeSchema = z.object({
  /** The state to move to; the queue refuses moves that skip a step. @example "in_review" */
  state: z.enum(APPLICATION_STATES, 'Choose new, in review, accepted, declined or withdrawn'),
});
/** A validated state change. */
export type StateChange = z.infer<typeof StateChangeSchema>;

/** `POST /api/admin/applications/<id>/holder`: who answers it; null for nobody. */
export const HolderChangeSchema = z.object({
  /** A staff member's username, or null. @example "amina" */
  holder: z.string().trim().min(1, 'Choose a staff member').max(LIMITS.username).nullable(),
});
/** A validated holder change. */
export type HolderChange = z.infer<typeof HolderChangeSchema>;

const longText = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(MAX_APPLICATION_TEXT, `${label} must be at most ${MAX_APPLICATION_TEXT} characters`);

/** `POST /api/admin/applications/<id>/notes`: a note for colleagues. */
export const NoteSchema = z.object({
  /** The note. @example "Called her; she starts in January." */
  text: longText('Note'),
});

/** An email subject: one line of at most 200 characters. */
const subject = z
  .string({ error: 'Subject is required' })
  .trim()
  .min(1, 'Subject is required')
  .max(200, 'Subject must be at most 200 characters')
  .refine((value) => !/[\r\n]/.test(value), 'Subject must be one line');

/** `POST /api/admin/applications/<id>/reply`: the email to the applicant, from an accepted or declined application. */
export const ReplySchema = z.object({
  /** The email's subject. @example "Your volunteer application: welcome aboard" */
  subject,
  /** The email's text. */
  body: longText('Message'),
});
/** A validated reply. */
export type Reply = z.infer<typeof ReplySchema>;

/** A template field whose braces may only name the `allowed` placeholders. */
const withPlaceholders = (field: z.ZodString, label: string, allowed: readonly ReplyPlaceholder[]) =>
  field.superRefine((value, ctx) => {
    const unknown = unknownPlaceholders(value, allowed);
    if (unknown.length === 0) return;
    ctx.addIssue({
      code: 'custom',
      message: `${label} has ${unknown.length === 1 ? 'an unknown placeholder' : 'unknown placeholders'} ${unknown.join(', ')}: use ${placeholderList(allowed)}`,
    });
  });

/**
 * `PUT /api/admin/reply-templates/<kind>/<outcome>`: the text a reply of that kind and outcome starts from, which may
 * use the `allowed` placeholders of its kind (`placeholdersOf` in src/lib/reply-templates.ts).
 */
export const replyTemplateSchema = (allowed: readonly ReplyPlaceholder[]) =>
  z.object({
    /** The subject, with placeholders. @example "Welcome aboard, {name}" */
    subject: withPlaceholders(subject, 'Subject', allowed),
    /** The text, with placeholders. @example "Dear {name},\n\nWelcome to {opportunity}.\n\n{staffName}" */
    body: withPlaceholders(longText('Message'), 'Message', allowed),
  });
/** A validated reply template. */
export type ReplyTemplateText = z.infer<ReturnType<typeof replyTemplateSchema>>;

/** One reply template as staff see it: its text, and who last changed it and when (null for the text it started with). */
export const ReplyTemplate = z.object({
  kind: z.string(),
  outcome: z.string(),
  subject: z.string(),
  body: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type ReplyTemplate = z.infer<typeof ReplyTemplate>;

/** `GET /api/admin/reply-templates`: every template, and the placeholders a text may use (name: what it stands for). */
export const ReplyTemplatesAnswer = z.object({
  templates: z.array(ReplyTemplate),
  placeholders: z.record(z.string(), z.string()),
});
export type ReplyTemplatesAnswer = z.infer<typeof ReplyTemplatesAnswer>;

/** `PUT /api/admin/reply-templates/:kind/:outcome`: the template as saved. */
export const ReplyTemplateAnswer = z.object({ template: ReplyTemplate });
export type ReplyTemplateAnswer = z.infer<typeof ReplyTemplateAnswer>;

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'));

/** `POST /api/admin/staff/invitations`: invite a colleague by email. */
export const InvitationSchema = z.object({
  /** Where the one-time link goes. @example "brian@example.org" */
  email,
});

/** The secret of a one-time link (base64url). */
export const LinkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{32,64}$/, 'This link is not complete');

/** `POST /api/auth/set-password`: use a one-time link to set a password (and, for an invitation, a username). */
export const SetPasswordSchema = z.object({
  /** The secret from the link. */
  token: LinkTokenSchema,
  /** A new colleague's username; ignored for a reset. @example "brian" */
  username: z
    .string()
    .trim()
    .min(1, 'Username is required')
    .max(LIMITS.username, `Username must be at most ${LIMITS.username} characters`)
    .regex(/^[A-Za-z0-9._-]+$/, 'Use letters, digits, dots, hyphens and underscores only')
    .optional(),
  /** The password, under the same rules as any other. */
  password: NewPasswordSchema,
});
/** A validated set-password body. */
export type SetPassword = z.infer<typeof SetPasswordSchema>;
