/**
 * The events that shipped in src/content/events.json, as records of /samu: the first time the Events tab lists them,
 * each file event never copied becomes a published row marked `file_copy` (copy-seed.ts). A copy keeps `file_copy`
 * only while its fields are still the file's; the build shows the file's event until then (src/loaders/events.ts).
 */
import fileEvents from '../../../../src/content/events.json' with { type: 'json' };
import type { ResourceAction } from '../platform/audit.ts';
import type { Queryable } from '../platform/db.ts';
import { copySeed } from './seed-copy.ts';

type FileEvent = (typeof fileEvents)[number] & {
  expectedImpact?: string[];
  actualImpact?: string[];
  paymentLink?: { label: string; campaign: string };
};

/** A file event in the columns of `site_events` (without status). */
export function eventSeedRow(event: FileEvent): Record<string, unknown> {
  return {
    slug: event.id,
    title: event.title,
    subtitle: event.subtitle,
    date: event.date,
    venue: event.venue,
    image: event.image,
    alt: event.imageAlt,
    theme: event.theme,
    description: event.description,
    full_description: event.fullDescription,
    contact_name: event.contact.name,
    contact_email: event.contact.email,
    contact_phone: event.contact.phone,
    schedule: event.schedule.map((line) => `${line.time} | ${line.activity}`).join('\n'),
    expected_impact: event.expectedImpact ?? [],
    actual_impact: event.actualImpact ?? [],
    items_needed: event.itemsNeeded,
    impact: event.impact ?? '',
    long_term_impact: event.longTermImpact ?? '',
    message: event.message ?? '',
    campaign: event.paymentLink?.campaign ?? '',
    cancelled: false,
  };
}

/** The file's events, in file order. */
export const FILE_EVENTS: readonly FileEvent[] = fileEvents;

/** True when `image` is the card picture of one of the file's events. */
export const isShippedEventImage = (image: string) => FILE_EVENTS.some((event) => event.image === image);

/** Copies the file's events never copied before (a removed copy stays removed), published and Live. */
export async function copyShippedEvents(): Promise<void> {
  await copySeed({
    table: 'site_events',
    ledger: 'event_seed_copies',
    seed: FILE_EVENTS,
    slugOf: (event) => event.id,
    row: (event) => ({ ...eventSeedRow(event), site_changed_at: '1970-01-01T00:00:00Z' }),
  });
}

/** Keeps `file_copy` true only while the event's fields are still the file's (inside the update's transaction). */
export async function markEventEdited(tx: Queryable, op: ResourceAction, row: Record<string, unknown>): Promise<void> {
  if (op !== 'update' || row['file_copy'] !== true) return;
  const file = FILE_EVENTS.find((event) => event.id === row['slug']);
  const shipped = file ? eventSeedRow(file) : undefined;
  const same =
    shipped !== undefined &&
    row['status'] === 'published' &&
    Object.entries(shipped).every(([column, value]) => JSON.stringify(row[column]) === JSON.stringify(value));
  if (!same) await tx.query('update site_events set file_copy = false where id = $1', [row['id']]);
}

/** True when `slug` was a file event's and is now a record's (copied). */
export async function isCopiedEvent(db: Queryable, slug: string): Promise<boolean> {
  const [found] = await db.query('select 1 from event_seed_copies where slug = $1', [slug]);
  return found !== undefined;
}
