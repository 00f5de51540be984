/** `GET /api/admin/events`: the event log (tracking calls and the staff audit trail), newest first. */
import type { Config } from '@netlify/functions';
import { resourceFunction } from './_shared/platform/admin-resource.ts';
import { eventAbout } from './_shared/people/event-about.ts';

export default resourceFunction({
  resource: 'events',
  table: 'events',
  columns: ['type', 'payload'],
  noun: 'event',
  select: [eventAbout('t')],
});

export const config: Config = { path: '/api/admin/events' };
