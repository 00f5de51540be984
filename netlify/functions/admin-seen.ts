/**
 * `GET /api/admin/seen`: how many rows of each visitor-fed list are new for the signed-in staff member, and the
 * newest id they had seen. `POST /api/admin/seen` `{resource, lastId}`: they opened that list up to that row.
 */
import type { Config } from '@netlify/functions';
import { seenInput } from '../../src/schemas/notifications.ts';
import type { SeenAnswer } from '../../src/schemas/staff-account.ts';
import { staffFunction } from './_shared/platform/admin-resource.ts';
import { invalid, json, methodNotAllowed, readJsonBody } from './_shared/platform/http.ts';
import { markSeen, seenState } from './_shared/staff/seen.ts';

export default staffFunction(async (req, actor) => {
  if (req.method === 'GET') return json((await seenState(actor)) satisfies SeenAnswer);
  if (req.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const parsed = seenInput.safeParse(body.value);
  if (!parsed.success) return invalid(parsed.error, 'Invalid seen mark');
  await markSeen(actor, parsed.data.resource, parsed.data.lastId);
  return json((await seenState(actor)) satisfies SeenAnswer);
});

export const config: Config = { path: '/api/admin/seen' };
