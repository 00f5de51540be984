/**
 * The `events` collection: the committed src/content/events.json, then (whenever `DATABASE_URL` is set at build time)
 * the events published from /samu. Read-only. Their ids never collide with the file's (the dashboard refuses them);
 * whether an event is upcoming or past is decided in src/data.ts by the build date.
 */
import type { Loader, LoaderContext } from 'astro/loaders';
import type { DatabaseTarget } from '../../netlify/functions/_shared/db.ts';
import { scheduleOf } from '../schemas/site-events.ts';
import { stageMedia } from './media.ts';
import { readRecords, storeRecord, withRecords } from './seeded.ts';

/** A published event row as the loader reads it. */
interface EventRow {
  id: string;
  slug: string;
  title: string;
  subtitle: string;
  date: string;
  venue: string;
  image: string;
  image_data: Buffer | null;
  alt: string;
  theme: string;
  description: string;
  full_description: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  schedule: string;
  expected_impact: string[];
  actual_impact: string[];
  items_needed: string[];
  impact: string;
  long_term_impact: string;
  message: string;
  campaign: string;
  cancelled: boolean;
}

/** The published events of /samu, oldest first. */
export async function publishedEvents(target: DatabaseTarget): Promise<EventRow[]> {
  return readRecords('the events', target, (tx) =>
    tx.query<EventRow & Record<string, unknown>>(
      `select e.*, e.id::text as id, u.data as image_data
       from site_events e left join uploads u on '/media/' || u.id || '/' || u.name = e.image
       where e.status = 'published' order by e.id`,
      [],
    ),
  );
}

/** The collection entry of an event row (its picture already staged). */
function eventData(row: EventRow, image: string): Record<string, unknown> {
  return {
    id: row.slug,
    order: 1000 + Number(row.id),
    title: row.title,
    subtitle: row.subtitle,
    date: row.date,
    venue: row.venue,
    image,
    imageAlt: row.alt,
    theme: row.theme,
    description: row.description,
    fullDescription: row.full_description,
    contact: { name: row.contact_name, email: row.contact_email, phone: row.contact_phone },
    schedule: scheduleOf(row.schedule),
    ...(row.expected_impact.length > 0 ? { expectedImpact: row.expected_impact } : {}),
    ...(row.actual_impact.length > 0 ? { actualImpact: row.actual_impact } : {}),
    itemsNeeded: row.items_needed,
    // Written after the event: left out while empty, so the pages leave them out too.
    ...(row.impact ? { impact: row.impact } : {}),
    gallery: [image],
    testimonials: [],
    ...(row.long_term_impact ? { longTermImpact: row.long_term_impact } : {}),
    ...(row.campaign ? { paymentLink: { label: 'Contribute to this event', campaign: row.campaign } } : {}),
    ...(row.message ? { message: row.message } : {}),
    cancelled: row.cancelled,
  };
}

/** Adds the events published from /samu to the file's events (a row whose id a file event has is left out). */
export async function loadEventRecords(context: LoaderContext, target: DatabaseTarget): Promise<void> {
  const { store, logger } = context;
  const rows = await publishedEvents(target);
  for (const row of rows) {
    if (store.has(row.slug)) {
      logger.warn(`events/${row.slug}: an event of the file uses this id; the database event is left out`);
      continue;
    }
    const staged = await stageMedia(context, `events-${row.slug}.json`, row.image, row.image_data);
    if (!staged.image) {
      logger.warn(`events/${row.slug}: its picture ${row.image} is not in Media; the event is left out`);
      continue;
    }
    await storeRecord(context, 'events', row.slug, eventData(row, staged.image), staged.filePath);
  }
  logger.info(`${rows.length} events from the database`);
}

/** A loader that runs `files` (the committed JSON), then adds the events published from /samu. */
export function withEventRecords(files: Loader): Loader {
  return withRecords('events', files, loadEventRecords);
}
