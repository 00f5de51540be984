/**
 * `GET /api/admin/stats`: how many records each dashboard tab holds; the stories, programs and events that shipped
 * with the site are copied first (once), so they count.
 */
import type { Config } from '@netlify/functions';
import { staffFunction } from './_shared/platform/admin-resource.ts';
import { query } from './_shared/platform/db.ts';
import { json, methodNotAllowed } from './_shared/platform/http.ts';
import { copyShipped } from './_shared/content/shipped-content.ts';
import { copyShippedEvents } from './_shared/content/shipped-events.ts';

/** Table behind each counted resource. */
const TABLES = {
  events: 'events',
  contacts: 'contacts',
  newsletter: 'newsletter_subscribers',
  volunteers: 'volunteers',
  programs: 'programs',
  blog: 'blog_posts',
  donations: 'donations',
  gifts: 'gifts',
  media: 'media',
  children: 'children',
  calendar: 'site_events',
  team: 'team_members',
} as const;

export default staffFunction(async (req) => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  // What shipped with the site counts as soon as the dashboard opens, before its tab is first listed.
  await copyShipped('blog');
  await copyShipped('programs');
  await copyShippedEvents();
  const counts = Object.entries(TABLES)
    .map(([name, table]) => `(select count(*) from ${table})::float8 as ${name}`)
    .join(', ');
  const [row] = await query<Record<keyof typeof TABLES, number>>(`select ${counts}`);
  return json(row);
});

export const config: Config = { path: '/api/admin/stats' };
