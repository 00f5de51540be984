/** The Team tab: the people of the About page, added, edited, reordered (Position) and removed. */
import { TEAM_COLUMNS, TeamMemberSchema } from '../schemas/team.ts';
import { ORIGIN_COLUMN } from './origin.ts';
import { checkWith, pictureField, recordTab, recordValues, slugField, STATUS_FIELD, textColumn } from './records.tsx';

/** The Team tab. */
export const TEAM = recordTab({
  resource: 'team',
  noun: 'team member',
  single: 'member',
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true },
    slugField('Slug', 'the member id.'),
    { name: 'role', label: 'Role', kind: 'text', hint: 'Job title.' },
    pictureField('Photo'),
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
  toValues: (row) => recordValues(row, TEAM_COLUMNS),
  check: checkWith(TeamMemberSchema, TEAM_COLUMNS),
  title: { key: 'name', header: 'Name' },
  columns: [textColumn('role', 'Role'), textColumn('position', 'Position'), ORIGIN_COLUMN],
});
