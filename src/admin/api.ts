import { unwrapList, unwrapRecord, type ListPage, type Row } from './lib/list.ts';
import { CommitmentList, type COMMITMENT_ACTIONS } from '../schemas/commitments.ts';
import { BackupJobAnswer, type BackupJob } from '../schemas/backup.ts';
import { readIssues, type Issue } from './lib/issues.ts';
import { filenameFromDisposition } from './lib/format.ts';
import { $token, expireSession, tokenReplacing } from './stores/session.ts';
import type { GiftSummary, GiftTotal } from '../schemas/gifts.ts';
import {
  EndedAnswer,
  LinkAnswer,
  StaffList,
  PreferencesAnswer,
  ProfileAnswer,
  SeenAnswer,
  SessionsAnswer,
  TokenAnswer,
  type LinkInfo,
  type Preferences,
  type StaffProfile,
  type StaffSession,
} from '../schemas/staff-account.ts';
import { RetentionAnswer } from '../schemas/retention.ts';
import { ReplyTemplateAnswer, ReplyTemplatesAnswer, type ReplyTemplate } from '../schemas/applications.ts';
import type { z } from 'zod';
import { OutboxAnswer } from '../schemas/notifications.ts';
import { ApplicationCaseAnswerSchema, type ApplicationCase } from '../schemas/cases.ts';

export type { GiftSummary, GiftTotal, ReplyTemplate, RetentionAnswer };
export type { LinkInfo, Preferences, SeenAnswer, StaffList, StaffProfile, StaffSession };

/** A failed call: its HTTP status (0 for a network failure), the server's text and any field problems. */
export class ApiError extends Error {
  readonly status: number;
  readonly issues: readonly Issue[];
  readonly serverText: string | null;

  constructor(status: number, message: string, serverText: string | null = null, issues: readonly Issue[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverText = serverText;
    this.issues = issues;
  }
}

/** `body` as `schema` reads it; an answer of any other shape is a failed call, never a half-read one. */
export function readAnswer<T>(schema: z.ZodType<T>, body: unknown): T {
  const read = schema.safeParse(body);
  if (!read.success) throw new ApiError(200, "The server's answer could not be read. Please reload the page.");
  return read.data;
}

async function readBody(response: Response): Promise<unknown> {
  const raw = await response.text();
  if (raw === '') return null;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function errorText(body: unknown): string | null {
  if (typeof body === 'object' && body !== null) {
    const error = (body as Record<string, unknown>)['error'] ?? (body as Record<string, unknown>)['message'];
    if (typeof error === 'string' && error.trim() !== '') return error;
  }
  return null;
}

type CallOptions = {
  readonly method?: string;
  readonly json?: unknown;
  readonly body?: BodyInit;
  /** Set on the call that itself brings the new token (a password change): its 401 does not wait for itself. */
  readonly replacesToken?: boolean;
};

/**
 * Calls an admin endpoint with the bearer token. A 401 signs out with the session-expired notice, unless the token was
 * replaced meanwhile (a password change ends the old session before its answer brings the new token): then the call
 * is made once more, with the new token.
 */
export async function call(path: string, options: CallOptions = {}, again = false): Promise<Response> {
  const token = $token.get();
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body = options.body;
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      cache: 'no-store',
      ...(body ? { body } : {}),
    });
  } catch {
    throw new ApiError(0, 'Network error: check the connection and try again.');
  }
  if (response.ok) return response;
  if (response.status === 401 && !again && !options.replacesToken && (await tokenReplacing(token)) !== null) {
    return call(path, options, true);
  }
  const errorBody = await readBody(response);
  const serverText = errorText(errorBody);
  if (response.status === 401) expireSession(token);
  throw new ApiError(
    response.status,
    serverText ?? `Request failed (${response.status})`,
    serverText,
    readIssues(errorBody),
  );
}

export async function callJson(path: string, options: CallOptions = {}): Promise<unknown> {
  const response = await call(path, options);
  return response.status === 204 ? null : readBody(response);
}

/** Signs in; resolves to the token or rejects with the server's text, else 'Login failed'. */
export async function login(username: string, password: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ username, password }),
      cache: 'no-store',
    });
  } catch {
    throw new Error('Login failed');
  }
  const body = await readBody(response);
  const token = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['token'] : undefined;
  if (response.ok && typeof token === 'string' && token !== '') return token;
  throw new Error(errorText(body) ?? 'Login failed');
}

/** Reads one page of a staff list. */
export async function fetchList(resource: string, limit: number, cursor: string | null = null): Promise<ListPage> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  return unwrapList(await callJson(`/api/admin/${resource}?${query.toString()}`), resource);
}

/** Reads the count of every resource; unreadable counts are left out. */
export async function fetchStats(): Promise<Record<string, number>> {
  const body = await callJson('/api/admin/stats');
  const source = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const inner = source['stats'];
  const counts = typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>) : source;
  const stats: Record<string, number> = {};
  for (const [key, value] of Object.entries(counts)) {
    const count = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
    if (Number.isFinite(count)) stats[key] = count;
  }
  return stats;
}

/** Reads one program, post or media item for editing. */
export async function fetchRecord(resource: string, id: string, names: readonly string[]): Promise<Row> {
  const row = unwrapRecord(await callJson(`/api/admin/${resource}/${encodeURIComponent(id)}`), names);
  if (!row) throw new ApiError(200, 'The record could not be read.');
  return row;
}

/** Creates (id null) or updates a program, post or media item. */
export async function saveRecord(resource: string, id: string | null, body: unknown): Promise<void> {
  const path = id === null ? `/api/admin/${resource}` : `/api/admin/${resource}/${encodeURIComponent(id)}`;
  await callJson(path, { method: id === null ? 'POST' : 'PUT', json: body });
}

/** Deletes one record of any deletable list. */
export async function deleteRecord(resource: string, id: string): Promise<void> {
  await callJson(`/api/admin/${resource}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Uploads a file; resolves to the public URL it is served from. */
export async function uploadFile(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const body = await callJson('/api/admin/media/upload', { method: 'POST', body: form });
  const url = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['url'] : undefined;
  if (typeof url !== 'string' || url === '') throw new ApiError(200, 'The upload answer had no URL.');
  return url;
}

/** Starts a backup in the background; its job answers how far it has come. */
export async function startBackup(): Promise<BackupJob> {
  return readAnswer(BackupJobAnswer, await callJson('/api/admin/db/backup', { method: 'POST' })).job;
}

/** A backup job as it stands now, with its download link once done. */
export async function backupJob(id: string): Promise<BackupJob> {
  return readAnswer(BackupJobAnswer, await callJson(`/api/admin/db/backup/${encodeURIComponent(id)}`)).job;
}

/** Gets a short-lived token for the live event stream (a normal token is refused in a URL). */
export async function fetchStreamToken(): Promise<string> {
  const body = await callJson('/api/admin/events/stream-token', { method: 'POST' });
  const token = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['token'] : undefined;
  if (typeof token !== 'string' || token === '') throw new ApiError(200, 'No stream token in the answer.');
  return token;
}

/** Ends the session of `token` on the server (logout); never throws, since signing out locally happens anyway. */
export async function endSessionOnServer(token: string): Promise<void> {
  try {
    await fetch('/api/auth/logout', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      cache: 'no-store',
      keepalive: true,
    });
  } catch {
    // Offline: the session still ends when its token expires.
  }
}

/** The account's live sessions, most recently used first. */
export async function fetchSessions(): Promise<StaffSession[]> {
  return readAnswer(SessionsAnswer, await callJson('/api/admin/account/sessions')).sessions;
}

/** Signs out every other session of the account ("sign out everywhere else"); resolves to how many ended. */
export async function endOtherSessions(): Promise<number> {
  return readAnswer(EndedAnswer, await callJson('/api/admin/account/sessions/end-others', { method: 'POST' })).ended;
}

/** Reads the signed-in staff member's profile. */
export async function fetchProfile(): Promise<StaffProfile> {
  return readAnswer(ProfileAnswer, await callJson('/api/admin/account/profile')).profile;
}

/** Saves the name replies are signed with (blank clears it); field problems come back as `ApiError.issues`. */
export async function saveProfile(displayName: string): Promise<StaffProfile> {
  const body = await callJson('/api/admin/account/profile', { method: 'PUT', json: { displayName } });
  return readAnswer(ProfileAnswer, body).profile;
}

/** Changes the password; resolves to the token of the fresh session the server starts (all others end). */
export async function changePassword(currentPassword: string, newPassword: string): Promise<string> {
  const body = await callJson('/api/admin/account/password', {
    method: 'POST',
    json: { currentPassword, newPassword },
    replacesToken: true,
  });
  return readAnswer(TokenAnswer, body).token;
}

/** Reads the "new" counts of the signed-in staff member. */
export async function fetchSeen(): Promise<SeenAnswer> {
  return readAnswer(SeenAnswer, await callJson('/api/admin/seen'));
}

/** Records that the signed-in staff member has seen `resource` up to row `lastId`; resolves to the new counts. */
export async function markSeen(resource: string, lastId: string): Promise<SeenAnswer> {
  return readAnswer(SeenAnswer, await callJson('/api/admin/seen', { method: 'POST', json: { resource, lastId } }));
}

/** Reads the signed-in staff member's notification choice. */
export async function fetchPreferences(): Promise<Preferences> {
  return readAnswer(PreferencesAnswer, await callJson('/api/admin/preferences')).preferences;
}

/** Saves the signed-in staff member's notification choice; field problems come back as `ApiError.issues`. */
export async function savePreferences(preferences: Preferences): Promise<Preferences> {
  const body = await callJson('/api/admin/preferences', { method: 'PUT', json: preferences });
  return readAnswer(PreferencesAnswer, body).preferences;
}

/** A page of the notification outbox, the count of each status, and whether emails are really sent. */
export type OutboxPage = ListPage & Pick<OutboxAnswer, 'counts' | 'sending'>;

/** Reads the newest notifications, optionally of one status. */
export async function fetchOutbox(status: string | null, limit: number): Promise<OutboxPage> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (status) query.set('status', status);
  const { outbox, nextCursor, counts, sending } = readAnswer(
    OutboxAnswer,
    await callJson(`/api/admin/outbox?${query.toString()}`),
  );
  return { rows: outbox, nextCursor, eventsThrough: null, counts, sending };
}

/** Queues one notification to be sent again now. */
export async function resendNotification(id: string): Promise<void> {
  await callJson('/api/admin/outbox/resend', { method: 'POST', json: { id } });
}

/** One application with its notes and emails, as `GET /api/admin/applications/<id>` answers it. */
export type Application = ApplicationCase;

function readApplication(body: unknown): Application {
  return readAnswer(ApplicationCaseAnswerSchema, body).application;
}

/** Reads one application with its history. */
export async function fetchApplication(id: string): Promise<Application> {
  return readApplication(await callJson(`/api/admin/applications/${encodeURIComponent(id)}`));
}

/** Changes an application (`state`, `holder`, `notes`, `reply`); resolves to it as it now is. */
export async function changeApplication(id: string, action: string, body: unknown): Promise<Application> {
  return readApplication(
    await callJson(`/api/admin/applications/${encodeURIComponent(id)}/${action}`, { method: 'POST', json: body }),
  );
}

/** Reads every reply template. */
export async function fetchReplyTemplates(): Promise<readonly ReplyTemplate[]> {
  return readAnswer(ReplyTemplatesAnswer, await callJson('/api/admin/reply-templates')).templates;
}

/** Saves one reply template; field problems (an unknown placeholder, an empty text) come back as `ApiError.issues`. */
export async function saveReplyTemplate(
  kind: string,
  outcome: string,
  text: { readonly subject: string; readonly body: string },
): Promise<ReplyTemplate> {
  const path = `/api/admin/reply-templates/${encodeURIComponent(kind)}/${encodeURIComponent(outcome)}`;
  return readAnswer(ReplyTemplateAnswer, await callJson(path, { method: 'PUT', json: text })).template;
}

/** Fetches a month-end download (`/api/admin/gifts/month-end.csv?…`); resolves to the file and its name. */
export async function fetchDownload(path: string): Promise<{ readonly blob: Blob; readonly filename: string }> {
  const response = await call(path);
  const filename = filenameFromDisposition(response.headers.get('content-disposition')) ?? path.split('?')[0]!;
  return { blob: await response.blob(), filename };
}

/** Reads the retention periods and when retention last ran. */
export async function fetchRetention(): Promise<RetentionAnswer> {
  return readAnswer(RetentionAnswer, await callJson('/api/admin/retention'));
}

/** Calls an admin endpoint that answers JSON (a child's history, consents, sponsorship); rejects with an ApiError. */
export async function adminJson(path: string, method = 'GET', json?: unknown): Promise<unknown> {
  return callJson(path, { method, ...(json === undefined ? {} : { json }) });
}

/** Reads the staff accounts and open invitations. */
export async function fetchStaff(): Promise<StaffList> {
  return readAnswer(StaffList, await callJson('/api/admin/staff'));
}

/** Emails a colleague an invitation; field problems come back as `ApiError.issues`. */
export async function inviteStaff(email: string): Promise<void> {
  await callJson('/api/admin/staff/invitations', { method: 'POST', json: { email } });
}

/** Withdraws an open invitation: its link stops working at once. */
export async function withdrawInvitation(id: string): Promise<void> {
  await callJson(`/api/admin/staff/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Emails a staff member a link to set a new password. */
export async function resetStaffPassword(id: string): Promise<void> {
  await callJson(`/api/admin/staff/${encodeURIComponent(id)}/reset`, { method: 'POST' });
}

/** Removes a staff account (its sessions end). */
export async function removeStaffAccount(id: string): Promise<void> {
  await callJson(`/api/admin/staff/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

async function publicCall(path: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      cache: 'no-store',
      headers: { Accept: 'application/json', ...init.headers },
    });
  } catch {
    throw new ApiError(0, 'Network error: check the connection and try again.');
  }
  const body = await readBody(response);
  if (!response.ok) {
    const text = errorText(body);
    throw new ApiError(response.status, text ?? `Request failed (${response.status})`, text, readIssues(body));
  }
  return body;
}

/** Reads what a one-time link is for; rejects (410) when it is used or expired. */
export async function fetchLink(secret: string): Promise<LinkInfo> {
  const body = await publicCall(`/api/auth/set-password?token=${encodeURIComponent(secret)}`, {});
  return readAnswer(LinkAnswer, body).link;
}

/** Uses a one-time link to set a password (and, for an invitation, a username); resolves to a session token. */
export async function useSetPasswordLink(secret: string, password: string, username?: string): Promise<string> {
  const body = await publicCall('/api/auth/set-password', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: secret, password, ...(username === undefined ? {} : { username }) }),
  });
  return readAnswer(TokenAnswer, body).token;
}

/**
 * Reads a page of commitments (monthly gifts and sponsorships), newest first, with their latest instalments; the
 * sponsors to contact; and the count in each state.
 */
export async function fetchCommitments(page: { before?: string; limit?: number } = {}): Promise<CommitmentList> {
  const params = new URLSearchParams();
  if (page.before) params.set('before', page.before);
  if (page.limit) params.set('limit', String(page.limit));
  const search = params.size > 0 ? `?${params}` : '';
  return CommitmentList.parse(await callJson(`/api/admin/commitments${search}`));
}

/** A staff decision on a commitment: end, pause, resume, or "the sponsor was contacted". */
export async function decideCommitment(decision: {
  id: string;
  action: (typeof COMMITMENT_ACTIONS)[number];
  note?: string;
}): Promise<void> {
  await callJson('/api/admin/commitments/decide', { method: 'POST', json: decision });
}
