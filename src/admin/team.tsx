/** The Team tab: the people of the About page, added, edited, reordered (Position) and removed. */
import { TEAM_COLUMNS, TeamMemberSchema } from '../schemas/team.ts';
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

function memberValues(row: Row | null): Record<string, string> {
  const form = values(row, TEAM_COLUMNS);
  if (!row) form['position'] = '0';
  return form;
}

/** Copied from src/content/team.json and unedited (the file's text shows), or edited here. */
const originOf = (row: Row) => (row['file_copy'] === true ? 'From the file' : 'Edited here');

/** The Team tab. */
export const TEAM: ContentConfig = {
  resource: 'team',
  noun: 'team member',
  plural: 'team members',
  recordNames: ['member'],
  loadError: 'Failed to load team member',
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true },
    {
      name: 'slug',
      label: 'Slug',
      kind: 'text',
      required: true,
      hint: 'Lowercase letters, digits and hyphens; the member id.',
    },
    { name: 'role', label: 'Role', kind: 'text', hint: 'Job title.' },
    { name: 'image', label: 'Photo', kind: 'media', hint: MEDIA_HINT, upload: IMAGES },
    { name: 'bio', label: 'Short bio', kind: 'textarea', rows: 2, hint: 'One sentence for the card.' },
    {
      name: 'full_bio',
      label: 'Full bio',
      kind: 'textarea',
      rows: 6,
      hint: 'Paragraphs separated by a blank line.',
    },
    { name: 'email', label: 'Email', kind: 'text', hint: 'Work address.' },
    { name: 'phone', label: 'Phone', kind: 'text', hint: '+254 format.' },
    {
      name: 'position',
      label: 'Position',
      kind: 'text',
      hint: 'Place on the About page, smallest first (the founder is 0).',
    },
    STATUS_FIELD,
  ],
  toValues: memberValues,
  check: (form) => check(TeamMemberSchema, pick(form, TEAM_COLUMNS)),
  columns: [
    timeColumn,
    {
      key: 'name',
      header: 'Name',
      cell: (row) => <strong>{text(row['name'])}</strong>,
      text: (row) => text(row['name']),
    },
    slugColumn,
    { key: 'role', header: 'Role', cell: (row) => text(row['role']), text: (row) => text(row['role']) },
    {
      key: 'position',
      header: 'Position',
      cell: (row) => text(row['position']),
      text: (row) => text(row['position']),
    },
    { key: 'file_copy', header: 'Text', cell: originOf, text: originOf },
    stateColumn,
  ],
  describe: (row) => text(row['name']) || text(row['slug']),
};
