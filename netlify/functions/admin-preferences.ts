/** `GET|PUT /api/admin/preferences`: the signed-in staff member's own notification choice. */
import type { Config } from '@netlify/functions';
import { preferencesInput } from '../../src/schemas/notifications.ts';
import type { PreferencesAnswer } from '../../src/schemas/staff-account.ts';
import { staffFunction } from './_shared/platform/admin-resource.ts';
import { query } from './_shared/platform/db.ts';
import { invalid, json, methodNotAllowed, readJsonBody } from './_shared/platform/http.ts';
import { getPreferences, savePreferences } from './_shared/staff/staff-preferences.ts';

const db = { query };

export default staffFunction(async (req, actor) => {
  if (req.method === 'GET') return json({ preferences: await getPreferences(db, actor) } satisfies PreferencesAnswer);
  if (req.method !== 'PUT') return methodNotAllowed(['GET', 'PUT']);
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const parsed = preferencesInput.safeParse(body.value);
  if (!parsed.success) return invalid(parsed.error, 'Invalid notification settings');
  return json({ preferences: await savePreferences(db, actor, parsed.data) } satisfies PreferencesAnswer);
});

export const config: Config = { path: '/api/admin/preferences' };
