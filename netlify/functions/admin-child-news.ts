/**
 * News of a sponsored child, written and published in /samu:
 * - `GET  /api/admin/child-news/:child`: the child's updates and what the guardian's consent lets one hold today;
 * - `POST /api/admin/child-news/:child`: a new draft; `PUT /api/admin/child-news/:child/:update` changes a draft;
 * - `POST /api/admin/child-news/:child/:update/publish`: publishes it and emails the sponsor (409 with the reasons
 *   when the consent does not allow what it holds);
 * - `GET  /api/admin/sponsor-news`: every sponsored child and when their sponsor last heard anything.
 */
import type { Config } from '@netlify/functions';
import { ChildUpdateSchema } from '../../src/schemas/child-updates.ts';
import { IdSchema, staffFunction } from './_shared/platform/admin-resource.ts';
import { childUpdates, publishUpdate, saveDraft, sponsorNewsDue } from './_shared/children/child-updates.ts';
import { error, invalid, json, methodNotAllowed, readJsonBody } from './_shared/platform/http.ts';
import { deliverAfterResponse } from './_shared/platform/outbox.ts';

export default staffFunction(async (req, actor, context) => {
  if (new URL(req.url).pathname === '/api/admin/sponsor-news') {
    return req.method === 'GET' ? json(await sponsorNewsDue()) : methodNotAllowed(['GET']);
  }
  const child = IdSchema.safeParse(context.params['child']);
  if (!child.success) return invalid(child.error, 'Malformed child id', 'child');
  const rawUpdate = context.params['update'];
  const update = rawUpdate === undefined ? undefined : IdSchema.safeParse(rawUpdate);
  if (update && !update.success) return invalid(update.error, 'Malformed update id', 'update');

  if (context.params['action'] !== undefined) {
    if (context.params['action'] !== 'publish' || !update) return error(404, 'Not found');
    if (req.method !== 'POST') return methodNotAllowed(['POST']);
    const outcome = await publishUpdate(child.data, update.data, actor);
    if (!outcome.ok) {
      const issues = (outcome.issues ?? []).map((message) => ({ path: 'consent', message }));
      return error(outcome.status, outcome.message, issues.length > 0 ? issues : undefined);
    }
    if (outcome.update.emailed > 0) deliverAfterResponse(context);
    return json(outcome.update);
  }

  if (!update && req.method === 'GET') {
    const answer = await childUpdates(child.data);
    return answer ? json(answer) : error(404, 'Child not found');
  }
  if (update ? req.method !== 'PUT' : req.method !== 'POST')
    return methodNotAllowed(update ? ['PUT'] : ['GET', 'POST']);
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const draft = ChildUpdateSchema.safeParse(body.value);
  if (!draft.success) return invalid(draft.error, 'Invalid update');
  const saved = await saveDraft(child.data, draft.data, actor, update?.data);
  if (saved === undefined) return error(404, update ? 'No such draft of this child' : 'Child not found');
  if (saved === 'published') return error(409, 'A published update cannot be changed');
  return json(saved, update ? 200 : 201);
});

export const config: Config = {
  path: [
    '/api/admin/child-news/:child',
    '/api/admin/child-news/:child/:update',
    '/api/admin/child-news/:child/:update/:action',
    '/api/admin/sponsor-news',
  ],
};
