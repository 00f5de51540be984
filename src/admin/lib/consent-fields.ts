/** The consent fields of the dashboard: on a new child's form, and the consent form of a child's record. */
import { CONSENT_PARTS, type ConsentPart } from '../../lib/consent.ts';
import type { FieldDef } from '../content.tsx';

/** What each part of a consent lets the site show. */
export const COVER_LABELS: Readonly<Record<ConsentPart, string>> = {
  profile: 'Profile text (name, age, story)',
  photo: 'Photo',
  school: 'School name',
  location: 'Location (neighbourhood)',
};

/** The consent fields of a new child, shared with the consent form of ChildRecord. */
export const CONSENT_FIELDS: readonly FieldDef[] = [
  { name: 'guardian_name', label: 'Guardian name', kind: 'text', required: true, createOnly: true },
  {
    name: 'guardian_relation',
    label: 'Relation to the child',
    kind: 'text',
    required: true,
    hint: 'e.g. Mother, Grandmother, Aunt.',
    createOnly: true,
  },
  { name: 'given_on', label: 'Consent given on', kind: 'date', required: true, createOnly: true, hint: 'YYYY-MM-DD.' },
  {
    name: 'valid_until',
    label: 'Consent valid until',
    kind: 'date',
    hint: 'YYYY-MM-DD; leave empty for one year after it was given.',
    createOnly: true,
  },
  {
    name: 'covers',
    label: 'Consent covers',
    kind: 'checks',
    options: CONSENT_PARTS.map((part) => [part, COVER_LABELS[part]] as const),
    hint: 'Without photo a neutral illustration is shown; without school or location those lines are left out.',
    createOnly: true,
  },
  {
    name: 'form_ref',
    label: 'Consent form reference',
    kind: 'text',
    required: true,
    hint: 'The paper form, e.g. CF-2026-014.',
    createOnly: true,
  },
];
