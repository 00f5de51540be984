/**
 * `GET /api/admin/stats`: how many records each dashboard tab holds; the stories, programs and events that shipped
 * with the site are copied first (once), so they count.
 */
import type { Config } from '@netlify/functions';
import { staffFunction } from './_shared/platform/admin-resource.ts';
import { json, methodNotAllowed } from './_shared/platform/http.ts';
import { copyShipped } from './_shared/content/shipped-content.ts';
import { copyShippedEvents } from './_shared/content/shipped-events.ts';
import { tabCounts } from './_shared/staff/tab-counts.ts';

export default staffFunction(async (req) => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  // What shipped with the site counts as soon as the dashboard opens, before its tab is first listed.
  await Promise.all([copyShipped('blog'), copyShipped('programs'), copyShippedEvents()]);
  return json(await tabCounts());
});

export const config: Config = { path: '/api/admin/stats' };
