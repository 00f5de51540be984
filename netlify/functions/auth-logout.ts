/**
 * `POST /api/auth/logout`: ends the session of the token sent (`Authorization: Bearer …`) → 204. The token,
 * and the stream tokens made from it, stop working at once; the account's other sessions go on.
 */
import type { Config } from '@netlify/functions';
import { staffFunction } from './_shared/platform/admin-resource.ts';
import { audit } from './_shared/platform/audit.ts';
import { transaction } from './_shared/platform/db.ts';
import { methodNotAllowed, noContent } from './_shared/platform/http.ts';
import { endSession } from './_shared/platform/sessions.ts';

export default staffFunction(async (req, actor, _context, session) => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  await transaction(async (tx) => {
    await endSession(tx, session.userId, session.sessionId);
    await audit(tx, 'admin.logout', actor);
  });
  return noContent();
});

export const config: Config = { path: '/api/auth/logout' };
