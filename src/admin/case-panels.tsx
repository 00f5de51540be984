import { APPLICATION_INFO, APPLICATION_KINDS } from '../lib/applications.ts';
import type { Row } from './lib/list.ts';
import { contactRowOverdue, RECORDS, rowKind, rowOverdue } from './columns.tsx';
import ApplicationDialog from './ApplicationDialog.tsx';
import ContactDialog from './ContactDialog.tsx';
import type { CasePanelConfig } from './CasePanel.tsx';

/** Whether a contact row is done. */
const isDone = (row: Row) => row['done_at'] !== null && row['done_at'] !== undefined;

/** The queues of cases staff answer: what each lists, how it is filtered, and where one case is worked on. */
export const CASE_PANELS: Readonly<Record<'volunteers' | 'contacts', CasePanelConfig>> = {
  // Every kind of application, or one.
  volunteers: {
    config: RECORDS.volunteers,
    filter: {
      label: 'Kind',
      options: [
        ['', 'All applications'],
        ...APPLICATION_KINDS.map((kind) => [kind, APPLICATION_INFO[kind].label] as const),
      ],
      initial: '',
      matches: (row, kind) => kind === '' || rowKind(row) === kind,
    },
    overdue: rowOverdue,
    Dialog: ApplicationDialog,
    templateKind: 'volunteer_application',
  },
  // The open queue (not yet done) first; the done messages, or all of them, on request.
  contacts: {
    config: RECORDS.contacts,
    filter: {
      label: 'Show',
      options: [
        ['open', 'Open'],
        ['done', 'Done'],
        ['', 'All'],
      ],
      initial: 'open',
      matches: (row, value) => value === '' || (value === 'done') === isDone(row),
    },
    overdue: contactRowOverdue,
    Dialog: ContactDialog,
    templateKind: 'contact_submit',
  },
};
