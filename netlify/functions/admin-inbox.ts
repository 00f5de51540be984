/**
 * `GET /api/admin/inbox[?at=<ISO time>]`: the signed-in staff member's inbox (src/schemas/inbox.ts), read in the same
 * session as their visit. `at` is the dashboard's clock, which judges "this week" and "overdue".
 */
import type { Config } from '@netlify/functions';
import { InboxAnswer, InboxQuery } from '../../src/schemas/inbox.ts';
import { staffFunction } from './_shared/platform/admin-resource.ts';
import { invalid, json, methodNotAllowed } from './_shared/platform/http.ts';
import { inbox } from './_shared/staff/inbox.ts';

export default staffFunction(async (req, username, _context, session) => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  const parsed = InboxQuery.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!parsed.success) return invalid(parsed.error, 'Invalid inbox time');
  const now = new Date();
  const at = parsed.data.at === undefined ? now : new Date(parsed.data.at);
  return json(InboxAnswer.parse(await inbox({ username, sessionId: session.sessionId }, now, at)));
});

export const config: Config = { path: '/api/admin/inbox' };
