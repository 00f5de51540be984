/** The Children tab: a child's profile form (with the first consent when adding one) and its list. */
import { CHILD_COLUMNS, ChildSchema, NewChildSchema } from '../schemas/children.ts';
import { text } from './lib/format.ts';
import type { Row } from './lib/list.ts';
import { timeColumn } from './columns.tsx';
import {
  check,
  IMAGES,
  MEDIA_HINT,
  pick,
  slugColumn,
  stateColumn,
  STATUS_FIELD,
  values,
  type ContentConfig,
} from './content.tsx';
import { CONSENT_FIELDS } from './lib/consent-fields.ts';
import ChildRecord from './ChildRecord.tsx';
import ConsentsEnding from './ConsentsEnding.tsx';

/** Fields typed one item per line. */
const LINE_LISTS = ['needs', 'interests', 'achievements'] as const;

/** The profile fields, in the order of the table. */
const PROFILE_FIELDS = CHILD_COLUMNS;

const CONSENT_NAMES = CONSENT_FIELDS.map((field) => field.name);

const SPONSORSHIP_LABELS: Readonly<Record<string, string>> = {
  waiting: 'Waiting',
  sponsored: 'Sponsored',
  left: 'Left the programme',
};

/** The profile values of a stored child (lists one per line). */
function childValues(row: Row | null): Record<string, string> {
  const form = { ...values(row, PROFILE_FIELDS), ...(row ? {} : values(null, CONSENT_NAMES)) };
  for (const name of LINE_LISTS) {
    const list = row?.[name];
    if (Array.isArray(list)) form[name] = list.map(text).join('\n');
  }
  return form;
}

/** The current consent's last day, or what is missing. */
function consentCell(row: Row): string {
  const consent = row['consent'];
  if (typeof consent !== 'object' || consent === null) return 'No consent: not on the site';
  return `Until ${text((consent as Record<string, unknown>)['valid_until'])}`;
}

/** The Children tab. */
export const CHILDREN: ContentConfig = {
  resource: 'children',
  noun: 'child',
  plural: 'children',
  recordNames: ['child'],
  loadError: 'Failed to load child',
  deletable: false,
  fields: [
    {
      name: 'slug',
      label: 'Child id',
      kind: 'text',
      required: true,
      hint: 'Lowercase letters, digits and hyphens; used in /sponsor?child=<id>.',
    },
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'age', label: 'Age', kind: 'number', required: true },
    {
      name: 'location',
      label: 'Location',
      kind: 'text',
      hint: 'Neighbourhood only (e.g. Kibera), never a home address.',
    },
    { name: 'school', label: 'School', kind: 'text' },
    { name: 'grade', label: 'Class', kind: 'text', hint: 'e.g. Grade 4.' },
    { name: 'story', label: 'Story', kind: 'textarea', rows: 4 },
    { name: 'needs', label: 'Needs', kind: 'textarea', rows: 3, hint: 'One per line.' },
    { name: 'image', label: 'Photo', kind: 'media', hint: MEDIA_HINT, upload: IMAGES },
    { name: 'alt', label: 'Photo description', kind: 'text' },
    { name: 'monthly_need', label: 'Monthly need (KES)', kind: 'number', required: true, hint: '5400 to 10125.' },
    { name: 'interests', label: 'Interests', kind: 'textarea', rows: 2, hint: 'One per line.' },
    { name: 'family', label: 'Family', kind: 'text', hint: 'One sentence about who the child lives with.' },
    { name: 'achievements', label: 'Achievements', kind: 'textarea', rows: 2, hint: 'One per line.' },
    { name: 'dream_job', label: 'Dream job', kind: 'text' },
    { name: 'position', label: 'Order', kind: 'number', hint: 'Place in the lists, smallest first.' },
    STATUS_FIELD,
    {
      name: 'programme',
      label: 'Programme',
      kind: 'select',
      options: [
        ['in', 'In the programme'],
        ['left', 'Left the programme (never offered to sponsors)'],
      ],
    },
    ...CONSENT_FIELDS,
  ],
  toValues: childValues,
  check: (form) =>
    form['guardian_name'] === undefined
      ? check(ChildSchema, pick(form, PROFILE_FIELDS))
      : check(NewChildSchema, pick(form, [...PROFILE_FIELDS, ...CONSENT_NAMES])),
  columns: [
    timeColumn,
    {
      key: 'name',
      header: 'Name',
      cell: (row) => <strong>{text(row['name'])}</strong>,
      text: (row) => text(row['name']),
    },
    slugColumn,
    {
      key: 'sponsorship_state',
      header: 'Sponsorship',
      cell: (row) => SPONSORSHIP_LABELS[text(row['sponsorship_state'])] ?? '',
      text: (row) => SPONSORSHIP_LABELS[text(row['sponsorship_state'])] ?? '',
    },
    { key: 'consent', header: 'Consent', cell: consentCell, text: consentCell },
    stateColumn,
  ],
  describe: (row) => text(row['name']) || text(row['slug']),
  record: (row) => <ChildRecord key={row.id} id={row.id} />,
  above: <ConsentsEnding />,
};
