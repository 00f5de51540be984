/**
 * The signed-in staff member's own account:
 * - `POST /api/admin/account/password` `{currentPassword, newPassword}` → `{token}`: sets the new password,
 *   ends every session of the account (this one included) and answers a token for a fresh session.
 *   A wrong current password is 400 on `currentPassword` and counts as a failed login for the throttle.
 * - `GET /api/admin/account/sessions` → `{sessions: [{id, createdAt, lastUsedAt, expiresAt, userAgent, current}]}`,
 *   the account's live sessions, most recently used first.
 * - `POST /api/admin/account/sessions/end-others` → `{ended}`: "sign out everywhere else", ends every live session
 *   of the account but the caller's own; their next request gets 401.
 * - `DELETE /api/admin/account/sessions/<id>` → 204: ends one of them; 404 for any other id.
 * - `GET /api/admin/account/profile` → `{profile: {username, displayName}}`; `PUT` `{displayName}` → the same, saved
 *   and audited: the name replies to applicants are signed with (blank clears it).
 */
import type { Config, Context } from '@netlify/functions';
import { PasswordChangeSchema, ProfileSchema } from '../../src/schemas/admin.ts';
import type { EndedAnswer, ProfileAnswer, SessionsAnswer, TokenAnswer } from '../../src/schemas/staff-account.ts';
import { staffFunction } from './_shared/platform/admin-resource.ts';
import { audit } from './_shared/platform/audit.ts';
import { signToken } from './_shared/platform/auth.ts';
import { clientId } from './_shared/platform/client.ts';
import { query, transaction } from './_shared/platform/db.ts';
import {
  badRequest,
  error,
  invalid,
  json,
  methodNotAllowed,
  noContent,
  readJsonBody,
  tooManyRequests,
} from './_shared/platform/http.ts';
import { admitAttempt, failed, signedIn } from './_shared/platform/login-throttle.ts';
import { hashPassword, verifyPassword } from './_shared/platform/passwords.ts';
import {
  createSession,
  endAllSessions,
  endOtherSessions,
  endSession,
  listSessions,
  SESSION_ID,
  type SessionOwner,
} from './_shared/platform/sessions.ts';
import {
  AccountRefusal,
  getProfile,
  passwordHashOf,
  saveDisplayName,
  setPassword,
} from './_shared/staff/staff-accounts.ts';

export default staffFunction(async (req, actor, context, session) => {
  const { pathname } = new URL(req.url);
  if (pathname.replace(/\/$/, '').endsWith('/password')) {
    if (req.method !== 'POST') return methodNotAllowed(['POST']);
    return changePassword(req, context, session);
  }
  if (pathname.replace(/\/$/, '').endsWith('/profile')) return profile(req, session);
  if (pathname.replace(/\/$/, '').endsWith('/sessions/end-others')) {
    if (req.method !== 'POST') return methodNotAllowed(['POST']);
    const ended = await transaction(async (tx) => {
      const count = await endOtherSessions(tx, session);
      await audit(tx, 'admin.sessions_end_others', actor, { ended: count });
      return count;
    });
    return json({ ended } satisfies EndedAnswer);
  }
  const id = context.params['id'];
  if (id === undefined) {
    if (req.method !== 'GET') return methodNotAllowed(['GET']);
    return json({ sessions: await listSessions(session) } satisfies SessionsAnswer);
  }
  if (req.method !== 'DELETE') return methodNotAllowed(['DELETE']);
  if (!SESSION_ID.test(id)) return badRequest('Malformed id', [{ path: 'id', message: 'Expected a session id' }]);
  const ended = await transaction(async (tx) => {
    const found = await endSession(tx, session.userId, id);
    if (found) await audit(tx, 'admin.session_end', actor, { current: id === session.sessionId });
    return found;
  });
  return ended ? noContent() : error(404, 'Session not found');
});

async function profile(req: Request, session: SessionOwner): Promise<Response> {
  if (req.method === 'GET') {
    const found = await getProfile({ query }, session.username);
    return found ? json({ profile: found } satisfies ProfileAnswer) : error(404, 'Staff member not found');
  }
  if (req.method !== 'PUT') return methodNotAllowed(['GET', 'PUT']);
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const parsed = ProfileSchema.safeParse(body.value);
  if (!parsed.success) return invalid(parsed.error, 'Invalid display name');
  try {
    return json({ profile: await saveDisplayName(session.username, parsed.data.displayName) } satisfies ProfileAnswer);
  } catch (failure) {
    if (failure instanceof AccountRefusal) return failure.response;
    throw failure;
  }
}

async function changePassword(req: Request, context: Context, session: SessionOwner): Promise<Response> {
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const parsed = PasswordChangeSchema.safeParse(body.value);
  if (!parsed.success) return invalid(parsed.error, 'Invalid password change');
  const { username, userId } = session;
  const client = clientId(context);
  // A stolen token must not become a way to guess the password: attempts count as logins, and meet their limits.
  const attempt = await admitAttempt(username, client, async () => {});
  if ('retryAfter' in attempt) return tooManyRequests(attempt.retryAfter);

  const current = await passwordHashOf(userId);
  if (current === undefined || !(await verifyPassword(parsed.data.currentPassword, current, 'ahead'))) {
    await transaction(async (tx) => {
      await failed(tx, attempt);
      await audit(tx, 'admin.login_failed', username, { reason: 'password_change' });
    });
    return badRequest('Invalid password change', [
      { path: 'currentPassword', message: 'The current password is not right' },
    ]);
  }
  const hash = await hashPassword(parsed.data.newPassword, undefined, 'ahead');
  const sessionId = await transaction(async (tx) => {
    await signedIn(tx, attempt, username, client);
    await setPassword(tx, userId, hash);
    await endAllSessions(tx, userId);
    await audit(tx, 'admin.password_change', username);
    return createSession(tx, userId, client, req.headers.get('user-agent') ?? '');
  });
  return json({ token: await signToken(username, sessionId) } satisfies TokenAnswer);
}

export const config: Config = {
  path: [
    '/api/admin/account/password',
    '/api/admin/account/profile',
    '/api/admin/account/sessions',
    '/api/admin/account/sessions/end-others',
    '/api/admin/account/sessions/:id',
  ],
};
