/**
 * What the staff account endpoints answer (`/api/admin/account/…`, `/api/admin/seen`, `/api/admin/preferences`): the
 * functions build these shapes and the dashboard reads them with the same schemas.
 */
import { z } from 'zod';
import { NOTIFY_MODES } from './notifications.ts';

z.config({ jitless: true });

/** One signed-in session of the staff member's account. */
export const StaffSession = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** When a request last used it (to the minute). */
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string(),
  /** True for the session of the token that asked. */
  current: z.boolean(),
});
export type StaffSession = z.infer<typeof StaffSession>;

/** `GET /api/admin/account/sessions`: the account's live sessions, most recently used first. */
export const SessionsAnswer = z.object({ sessions: z.array(StaffSession) });
export type SessionsAnswer = z.infer<typeof SessionsAnswer>;

/** `POST /api/admin/account/sessions/end-others`: how many sessions ended. */
export const EndedAnswer = z.object({ ended: z.number().int().nonnegative() });
export type EndedAnswer = z.infer<typeof EndedAnswer>;

/** The staff member's own details: the username they sign in with and the name replies are signed with (or null). */
export const StaffProfile = z.object({ username: z.string(), displayName: z.string().nullable() });
export type StaffProfile = z.infer<typeof StaffProfile>;

/** `GET` and `PUT /api/admin/account/profile`. */
export const ProfileAnswer = z.object({ profile: StaffProfile });
export type ProfileAnswer = z.infer<typeof ProfileAnswer>;

/** `POST /api/admin/account/password`: the token of the fresh session (every other one has ended). */
export const TokenAnswer = z.object({ token: z.string().min(1) });
export type TokenAnswer = z.infer<typeof TokenAnswer>;

/** `GET` and `POST /api/admin/seen`: per counted list, the rows new to the staff member and the newest id they saw. */
export const SeenAnswer = z.object({
  counts: z.record(z.string(), z.number().int()),
  lastSeen: z.record(z.string(), z.string()),
});
export type SeenAnswer = z.infer<typeof SeenAnswer>;

/** A staff member's notification choice; `none` without an address until they choose. */
export const Preferences = z.object({ email: z.string().nullable(), notify: z.enum(NOTIFY_MODES) });
export type Preferences = z.infer<typeof Preferences>;

/** `GET` and `PUT /api/admin/preferences`. */
export const PreferencesAnswer = z.object({ preferences: Preferences });
export type PreferencesAnswer = z.infer<typeof PreferencesAnswer>;

/** One staff account as the Staff tab lists it. */
export const StaffMember = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  createdAt: z.string(),
  /** When the account last signed in, or null. */
  lastSignIn: z.string().nullable(),
});
export type StaffMember = z.infer<typeof StaffMember>;

/** An invitation not yet used. */
export const PendingInvitation = z.object({
  id: z.string(),
  email: z.string(),
  createdBy: z.string(),
  expiresAt: z.string(),
});
export type PendingInvitation = z.infer<typeof PendingInvitation>;

/** `GET /api/admin/staff`: every account and the invitations still open. */
export const StaffList = z.object({ staff: z.array(StaffMember), invitations: z.array(PendingInvitation) });
export type StaffList = z.infer<typeof StaffList>;

/** What a one-time link is for: `invite` (choose a username) or `reset` (of the account `username`). */
export const LinkInfo = z.object({
  purpose: z.enum(['invite', 'reset']),
  email: z.string(),
  username: z.string().nullable(),
});
export type LinkInfo = z.infer<typeof LinkInfo>;
/** What a one-time link is for. */
export type LinkPurpose = LinkInfo['purpose'];

/** `GET /api/auth/set-password?token=…`. */
export const LinkAnswer = z.object({ link: LinkInfo });
export type LinkAnswer = z.infer<typeof LinkAnswer>;
