/**
 * The events staff add in /samu: an event's fields as one form. The dashboard and
 * netlify/functions/admin-calendar.ts share it.
 */
import { z } from 'zod';
import { OWN_MEDIA_URL } from '../lib/media-paths.ts';
import { PublishStatusSchema, SLUG_PATTERN } from './admin.ts';
import { day, line, lines, required } from './fields.ts';

/** The card picture a shipped event keeps until a Media picture replaces it. */
export const SHIPPED_EVENT_IMAGE = /^\.\.\/assets\/events\/[a-z0-9-]+\.(?:jpg|jpeg|png|webp)$/;

/** A schedule line: `9:00 AM | Registration`. */
const SCHEDULE_LINE = /^([^|]{1,40})\|(.{1,200})$/;

/** The schedule typed one `time | activity` per line, as `{time, activity}` pairs. */
export function scheduleOf(text: string): { time: string; activity: string }[] {
  return text
    .split('\n')
    .map((entry) => SCHEDULE_LINE.exec(entry.trim()))
    .filter((match) => match !== null)
    .map((match) => ({ time: match[1]!.trim(), activity: match[2]!.trim() }));
}

/**
 * Fields a published event needs, with their labels: what is known before the day. The impact headline, long-term
 * impact and closing message come after it, so they stay optional and the site leaves out what is missing.
 */
const TO_PUBLISH = {
  subtitle: 'Subtitle',
  venue: 'Venue',
  image: 'Image',
  alt: 'Image description',
  theme: 'Theme',
  description: 'Description',
  full_description: 'Full description',
  contact_name: 'Contact name',
  contact_email: 'Contact email',
  contact_phone: 'Contact phone',
  schedule: 'Schedule',
  items_needed: 'Items needed',
} as const;

/** An event's create and edit form. */
export const SiteEventSchema = z
  .object({
    /** The event's id on the site (lowercase words joined by hyphens). */
    slug: required('Event id', 80).regex(SLUG_PATTERN, 'Event id may hold only lowercase letters, digits and hyphens'),
    /** Event name. */
    title: required('Title'),
    /** One line under the title. */
    subtitle: line('Subtitle'),
    /** Day of the event: before the build date it is past, else upcoming. */
    date: day('Date'),
    /** Place and town. */
    venue: line('Venue'),
    /** Card picture from Media. */
    image: z
      .string()
      .trim()
      .refine(
        (value) => value === '' || OWN_MEDIA_URL.test(value) || SHIPPED_EVENT_IMAGE.test(value),
        'Pick the image from Media (an address like /media/1/photo.jpg)',
      )
      .default(''),
    /** What the picture shows. */
    alt: line('Image description'),
    /** The theme in a few words. */
    theme: line('Theme'),
    /** One or two sentences for the card. */
    description: line('Description', 600),
    /** A paragraph for the details. */
    full_description: line('Full description', 3000),
    /** Who to ask. */
    contact_name: line('Contact name'),
    contact_email: z.union([z.literal(''), z.email('Contact email must be an email address')]).default(''),
    contact_phone: line('Contact phone', 40),
    /** One `time | activity` per line. */
    schedule: line('Schedule', 3000).refine(
      (text) => text.split('\n').every((entry) => entry.trim() === '' || SCHEDULE_LINE.test(entry.trim())),
      'Write each schedule line as "time | activity", e.g. "9:00 AM | Registration"',
    ),
    /** Planned results, one per line. */
    expected_impact: lines('Expected impact'),
    /** Results achieved, one per line (after the event). */
    actual_impact: lines('Impact achieved'),
    /** Donations in kind that help, one per line. */
    items_needed: lines('Items needed'),
    /** One-line headline of the impact (after the event; optional). */
    impact: line('Impact headline'),
    /** What lasts beyond the day (optional). */
    long_term_impact: line('Long-term impact', 600),
    /** A closing message to supporters (after the event; optional). */
    message: line('Closing message', 600),
    /** Campaign tag of the contribution link; empty for none. */
    campaign: line('Campaign', 80),
    /** draft (staff only) or published. */
    status: PublishStatusSchema.default('draft'),
    /** A cancelled event shows as cancelled until its date, then disappears. */
    cancelled: z.preprocess((value) => value === true || value === 'true', z.boolean()).default(false),
  })
  .superRefine((event, ctx) => {
    if (event.status !== 'published') return;
    for (const [field, label] of Object.entries(TO_PUBLISH)) {
      const value = event[field as keyof typeof TO_PUBLISH];
      if (value.length === 0)
        ctx.addIssue({ code: 'custom', path: [field], message: `${label} is required to publish` });
    }
    if (event.expected_impact.length === 0 && event.actual_impact.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['expected_impact'],
        message: 'Give the expected impact (or, after the event, the impact achieved)',
      });
    }
  });

/** The columns of an event, in the order of the table. */
export const SITE_EVENT_COLUMNS = [
  'slug',
  'title',
  'subtitle',
  'date',
  'venue',
  'image',
  'alt',
  'theme',
  'description',
  'full_description',
  'contact_name',
  'contact_email',
  'contact_phone',
  'schedule',
  'expected_impact',
  'actual_impact',
  'items_needed',
  'impact',
  'long_term_impact',
  'message',
  'campaign',
  'status',
  'cancelled',
] as const;
