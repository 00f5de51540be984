/**
 * `/api/admin/calendar[/<id>]`: the charity's events, added, edited and cancelled in /samu (`/api/admin/events` is the
 * activity log). Ids never collide with the events of src/content/events.json (409); a published event's picture must
 * be in Media (400); a change the public pages show asks for a site build. Upcoming and past follow the build date.
 */
import type { Config, Context } from '@netlify/functions';
import fileEvents from '../../src/content/events.json' with { type: 'json' };
import { SITE_EVENT_COLUMNS, SiteEventSchema } from '../../src/schemas/site-events.ts';
import { resourceFunction, type ResourceWrite } from './_shared/admin-resource.ts';
import type { ResourceAction } from './_shared/audit.ts';
import { requestBuild } from './_shared/build-hook.ts';
import { error } from './_shared/http.ts';
import { changesSite, missingMedia } from './_shared/publishing.ts';
import { SITE_STATE_COLUMNS } from './_shared/site-builds.ts';

/** 409 when an event of the committed file has this id. */
function fileClash(slug: unknown): Response | undefined {
  if (!fileEvents.some((event) => event.id === slug)) return undefined;
  const message = `The id "${String(slug)}" is used by an event in src/content/events.json; choose another`;
  return error(409, message, [{ path: 'slug', message }]);
}

export default resourceFunction({
  resource: 'calendar',
  table: 'site_events',
  columns: SITE_EVENT_COLUMNS,
  noun: 'event',
  edit: { single: 'event', schema: SiteEventSchema },
  deletable: true,
  auditColumns: ['slug', 'title', 'date', 'status', 'cancelled'],
  select: SITE_STATE_COLUMNS,
  guard: async (write: ResourceWrite) => {
    if (!write.values) return undefined;
    return fileClash(write.values['slug']) ?? (await missingMedia(write.values, 'image'));
  },
  after: async (op: ResourceAction, row: Record<string, unknown>, context: Context) => {
    if (!changesSite(op, row)) return;
    const what = op === 'delete' ? 'deleted' : row['cancelled'] === true ? 'cancelled' : String(row['status']);
    await requestBuild(`${what} event ${String(row['slug'])}`, context);
  },
});

export const config: Config = { path: ['/api/admin/calendar', '/api/admin/calendar/:id'] };
