/**
 * The `events` collection: the committed src/content/events.json, then (whenever `DATABASE_URL` is set at build time)
 * the events of /samu, among them the copies of the file's events staff edited. Read-only. Whether an event is
 * upcoming or past is decided in src/data.ts by the build date.
 */
import type { Loader, LoaderContext } from 'astro/loaders';
import { withPictureBytes, type DatabaseTarget } from '../../netlify/public-api.ts';
import fileEvents from '../content/events.json' with { type: 'json' };
import { scheduleOf, SHIPPED_EVENT_IMAGE } from '../schemas/site-events.ts';
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
  /** The picture's blob key, when its upload's bytes are in the blob store. */
  image_key: string | null;
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
  /** Copied from the file and never edited since: the file's event shows. */
  file_copy: boolean;
}

/** A file event as src/content/events.json holds it. */
type FileEventJson = (typeof fileEvents)[number] & { paymentLink?: { label: string; campaign: string } };

/** A file event with its place in the file. */
type FileEvent = FileEventJson & { order: number };

/** The published events of /samu, oldest first, and the ids of the file events ever copied, read at one moment. */
export async function publishedEvents(target: DatabaseTarget): Promise<{ rows: EventRow[]; copied: Set<string> }> {
  const published = await readRecords('the events', target, async (tx) => {
    const rows = await tx.query<EventRow & Record<string, unknown>>(
      `select e.*, e.id::text as id, u.data as image_data, u.blob_key as image_key
       from site_events e left join uploads u on '/media/' || u.id || '/' || u.name = e.image
       where e.status = 'published' order by e.id`,
      [],
    );
    const copies = await tx.query<{ slug: string }>('select slug from event_seed_copies');
    return { rows, copied: new Set(copies.map((copy) => copy.slug)) };
  });
  await withPictureBytes(published.rows);
  return published;
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

/**
 * An edited copy of a file event: the row's fields over the file's, which keeps what /samu does not edit (the
 * gallery, the quotes, the contribution button's words). A Media picture replaces the shipped gallery too.
 */
function copyData(row: EventRow, file: FileEvent, image: string, shipped: boolean): Record<string, unknown> {
  const data = eventData(row, image);
  return {
    ...data,
    order: file.order,
    gallery: shipped ? file.gallery : [image],
    testimonials: file.testimonials,
    ...(row.campaign
      ? { paymentLink: { label: file.paymentLink?.label ?? 'Contribute to this event', campaign: row.campaign } }
      : {}),
  };
}

/**
 * Adds the events published from /samu to the file's. A file event copied into /samu shows as the file has it while
 * its copy is unedited (`file_copy`); an edited copy shows its row's fields; a copy unpublished or removed takes the
 * file event off the site. Any other row whose id a file event has is left out.
 */
export async function loadEventRecords(context: LoaderContext, target: DatabaseTarget): Promise<void> {
  const { store, logger } = context;
  const { rows, copied } = await publishedEvents(target);
  const following = new Set(rows.filter((row) => row.file_copy).map((row) => row.slug));
  for (const id of [...store.keys()]) if (copied.has(id) && !following.has(id)) store.delete(id);
  for (const row of rows) {
    if (store.has(row.slug)) {
      if (!row.file_copy)
        logger.warn(`events/${row.slug}: an event of the file uses this id; the database event is left out`);
      continue;
    }
    const fileIndex = fileEvents.findIndex((event) => event.id === row.slug);
    const file = fileIndex < 0 ? undefined : { ...(fileEvents[fileIndex] as FileEventJson), order: fileIndex };
    if (SHIPPED_EVENT_IMAGE.test(row.image)) {
      // A copy keeping its shipped picture resolves it, and the gallery, from the file's folder.
      const data = file ? copyData(row, file, row.image, true) : eventData(row, row.image);
      await storeRecord(context, 'events', row.slug, data, 'src/content/events.json');
      continue;
    }
    const staged = await stageMedia(context, `events-${row.slug}.json`, row.image, row.image_data);
    if (!staged.image) {
      logger.warn(`events/${row.slug}: its picture ${row.image} is not in Media; the event is left out`);
      continue;
    }
    const data = file ? copyData(row, file, staged.image, false) : eventData(row, staged.image);
    await storeRecord(context, 'events', row.slug, data, staged.filePath);
  }
  logger.info(`${rows.length} events from the database`);
}

/** A loader that runs `files` (the committed JSON), then adds the events published from /samu. */
export function withEventRecords(files: Loader): Loader {
  return withRecords('events', files, loadEventRecords);
}
