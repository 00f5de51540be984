/** The Events tab: the charity's events, added, edited and cancelled (the site's calendar, not the activity log). */
import { SITE_EVENT_COLUMNS, SiteEventSchema } from '../schemas/site-events.ts';
import type { Row } from './lib/list.ts';
import { ORIGIN_COLUMN } from './origin.ts';
import { checkWith, pictureField, recordTab, recordValues, slugField, STATUS_FIELD, textColumn } from './records.tsx';

/** Scheduled, or cancelled (shown as cancelled until its date). */
const stateOf = (row: Row) => (row['cancelled'] === true ? 'Cancelled' : 'Scheduled');

/** The Events tab. */
export const CALENDAR = recordTab({
  resource: 'calendar',
  noun: 'event',
  single: 'event',
  fields: [
    { name: 'title', label: 'Title', kind: 'text', required: true },
    slugField('Slug', 'the event id.'),
    { name: 'subtitle', label: 'Subtitle', kind: 'text' },
    {
      name: 'date',
      label: 'Date',
      kind: 'date',
      required: true,
      hint: 'YYYY-MM-DD; upcoming until this day, past after it (Nairobi).',
    },
    { name: 'venue', label: 'Venue', kind: 'text', hint: 'Place and town.' },
    pictureField('Image'),
    { name: 'alt', label: 'Image description', kind: 'text' },
    { name: 'theme', label: 'Theme', kind: 'text' },
    { name: 'description', label: 'Description', kind: 'textarea', rows: 2 },
    { name: 'full_description', label: 'Full description', kind: 'textarea', rows: 5 },
    { name: 'contact_name', label: 'Contact name', kind: 'text' },
    { name: 'contact_email', label: 'Contact email', kind: 'text' },
    { name: 'contact_phone', label: 'Contact phone', kind: 'text', hint: '+254 format.' },
    {
      name: 'schedule',
      label: 'Schedule',
      kind: 'textarea',
      rows: 4,
      hint: 'One "time | activity" per line, e.g. 9:00 AM | Registration.',
    },
    { name: 'expected_impact', label: 'Expected impact', kind: 'textarea', rows: 3, hint: 'One per line.' },
    {
      name: 'actual_impact',
      label: 'Impact achieved',
      kind: 'textarea',
      rows: 3,
      hint: 'One per line, after the event.',
    },
    { name: 'items_needed', label: 'Items needed', kind: 'textarea', rows: 3, hint: 'One per line.' },
    {
      name: 'impact',
      label: 'Impact headline',
      kind: 'text',
      hint: 'After the event, e.g. 1,200 patients seen. Optional: left out while empty.',
    },
    {
      name: 'long_term_impact',
      label: 'Long-term impact',
      kind: 'textarea',
      rows: 2,
      hint: 'Optional: left out while empty.',
    },
    {
      name: 'message',
      label: 'Closing message',
      kind: 'textarea',
      rows: 2,
      hint: 'A thank-you after the event. Optional: left out while empty.',
    },
    {
      name: 'campaign',
      label: 'Contribution campaign',
      kind: 'text',
      hint: 'Campaign tag of the contribution link; empty for none.',
    },
    STATUS_FIELD,
    {
      name: 'cancelled',
      label: 'Scheduled or cancelled',
      kind: 'select',
      options: [
        ['false', 'Scheduled'],
        ['true', 'Cancelled (shown as cancelled until its date)'],
      ],
    },
  ],
  toValues: (row) =>
    recordValues(row, SITE_EVENT_COLUMNS, ['expected_impact', 'actual_impact', 'items_needed'], { cancelled: 'false' }),
  check: checkWith(SiteEventSchema, SITE_EVENT_COLUMNS),
  title: { key: 'title', header: 'Title' },
  columns: [textColumn('date', 'Date'), textColumn('cancelled', 'State', stateOf), ORIGIN_COLUMN],
});
