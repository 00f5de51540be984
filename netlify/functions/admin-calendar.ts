/**
 * `/api/admin/calendar[/<id>]`: the charity's events, added, edited and cancelled in /samu (`/api/admin/events` is the
 * activity log). Listing first copies the events of src/content/events.json (shipped-events.ts), so staff edit those
 * too; a new event never takes the id of a file event not yet copied (409); a published event's picture must be in
 * Media or be the one its shipped event came with (400); a change the public pages show asks for a site build.
 * Upcoming and past follow the build date.
 */
import type { Config, Context } from '@netlify/functions';
import { SITE_EVENT_COLUMNS, SiteEventSchema } from '../../src/schemas/site-events.ts';
import { resourceFunction, staffFunction, type ResourceWrite } from './_shared/platform/admin-resource.ts';
import type { ResourceAction } from './_shared/platform/audit.ts';
import { requestBuild } from './_shared/content/build-hook.ts';
import { query } from './_shared/platform/db.ts';
import { error } from './_shared/platform/http.ts';
import { changesSite, missingMedia } from './_shared/content/publishing.ts';
import {
  copyShippedEvents,
  FILE_EVENTS,
  isCopiedEvent,
  isShippedEventImage,
  markEventEdited,
} from './_shared/content/shipped-events.ts';
import { SITE_STATE_COLUMNS } from './_shared/content/site-builds.ts';

/** 409 when an event that shipped with the site, never copied into /samu, has this id. */
async function fileClash(slug: unknown): Promise<Response | undefined> {
  if (typeof slug !== 'string' || !FILE_EVENTS.some((event) => event.id === slug)) return undefined;
  if (await isCopiedEvent({ query }, slug)) return undefined;
  const message = `The id "${slug}" is used by an event that shipped with the site; choose another`;
  return error(409, message, [{ path: 'slug', message }]);
}

/** 400 when a published event's picture is neither in Media nor the one a shipped event came with. */
async function pictureMissing(values: Record<string, unknown>): Promise<Response | undefined> {
  const image = typeof values['image'] === 'string' ? values['image'] : '';
  if (isShippedEventImage(image)) return undefined;
  return missingMedia(values, 'image');
}

const resource = resourceFunction({
  resource: 'calendar',
  table: 'site_events',
  columns: SITE_EVENT_COLUMNS,
  noun: 'event',
  edit: { single: 'event', schema: SiteEventSchema },
  deletable: true,
  auditColumns: ['slug', 'title', 'date', 'status', 'cancelled'],
  select: [...SITE_STATE_COLUMNS, 'file_copy'],
  guard: async (write: ResourceWrite) => {
    if (!write.values) return undefined;
    return (await fileClash(write.values['slug'])) ?? (await pictureMissing(write.values));
  },
  within: markEventEdited,
  after: async (op: ResourceAction, row: Record<string, unknown>, context: Context) => {
    if (!changesSite(op, row)) return;
    const what = op === 'delete' ? 'deleted' : row['cancelled'] === true ? 'cancelled' : String(row['status']);
    await requestBuild(`${what} event ${String(row['slug'])}`, context);
  },
});

/** Listing first copies the events that shipped with the site, once. */
export default staffFunction(async (req, _actor, context) => {
  if (req.method === 'GET' && context.params['id'] === undefined) await copyShippedEvents();
  return resource(req, context);
});

export const config: Config = { path: ['/api/admin/calendar', '/api/admin/calendar/:id'] };
