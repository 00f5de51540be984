/** The Children tab: a child's profile form (with the first consent when adding one) and its list. */
import { CHILD_COLUMNS, ChildSchema, NewChildSchema } from '../schemas/children.ts';
import { CHILDREN_SHOWN } from '../lib/constants.ts';
import { text } from './lib/format.ts';
import type { Row } from './lib/list.ts';
import { values } from './content.tsx';
import { CONSENT_FIELDS } from './lib/consent-fields.ts';
import { checkWith, pictureField, recordTab, recordValues, slugField, STATUS_FIELD, textColumn } from './records.tsx';
import ChildRecord from './ChildRecord.tsx';
import ConsentsEnding from './ConsentsEnding.tsx';

/** The profile fields, in the order of the table. */
const PROFILE_FIELDS = CHILD_COLUMNS;

const CONSENT_NAMES = CONSENT_FIELDS.map((field) => field.name);

const SPONSORSHIP_LABELS: Readonly<Record<string, string>> = {
  waiting: 'Waiting',
  sponsored: 'Sponsored',
  left: 'Left the programme',
};

/** The current consent's last day, or what is missing. */
function consentCell(row: Row): string {
  const consent = row['consent'];
  if (typeof consent !== 'object' || consent === null) return 'No consent: not on the site';
  return `Until ${text((consent as Record<string, unknown>)['valid_until'])}`;
}

/** Says plainly whether Home and /sponsor show the child (the first waiting children in the site's order). */
export const FIRST_SHOWN_MARK = 'Shown on home and /sponsor';

const checkProfile = checkWith(ChildSchema, PROFILE_FIELDS);
const checkNewChild = checkWith(NewChildSchema, [...PROFILE_FIELDS, ...CONSENT_NAMES]);

/** The Children tab. */
export const CHILDREN = recordTab({
  resource: 'children',
  noun: 'child',
  plural: 'children',
  single: 'child',
  deletable: false,
  fields: [
    slugField('Child id', 'used in /sponsor?child=<id>.'),
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
    pictureField('Photo'),
    { name: 'alt', label: 'Photo description', kind: 'text' },
    { name: 'monthly_need', label: 'Monthly need (KES)', kind: 'number', required: true, hint: '5400 to 10125.' },
    { name: 'interests', label: 'Interests', kind: 'textarea', rows: 2, hint: 'One per line.' },
    { name: 'family', label: 'Family', kind: 'text', hint: 'One sentence about who the child lives with.' },
    { name: 'achievements', label: 'Achievements', kind: 'textarea', rows: 2, hint: 'One per line.' },
    { name: 'dream_job', label: 'Dream job', kind: 'text' },
    {
      name: 'position',
      label: 'Order',
      kind: 'number',
      hint: `Place in the lists, smallest first. The first ${CHILDREN_SHOWN} waiting children are shown on home and /sponsor; /children shows every waiting child.`,
    },
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
  toValues: (row) =>
    recordValues(row, PROFILE_FIELDS, ['needs', 'interests', 'achievements'], values(null, CONSENT_NAMES)),
  // The first consent is part of the create form only.
  check: (form) => (form['guardian_name'] === undefined ? checkProfile(form) : checkNewChild(form)),
  title: { key: 'name', header: 'Name' },
  columns: [
    textColumn('sponsorship_state', 'Sponsorship', (row) => SPONSORSHIP_LABELS[text(row['sponsorship_state'])] ?? ''),
    textColumn('consent', 'Consent', consentCell),
    textColumn('first_shown', 'Home and /sponsor', (row) => (row['first_shown'] === true ? FIRST_SHOWN_MARK : '')),
  ],
  record: (row) => <ChildRecord key={row.id} id={row.id} />,
  above: <ConsentsEnding />,
});
