import type { Row } from './lib/list.ts';
import { contactRowOverdue, RECORDS } from './columns.tsx';
import CasePanel, { type CaseFilter } from './CasePanel.tsx';
import ContactDialog from './ContactDialog.tsx';

type Props = { readonly label: string };

/** The open queue (not yet done) by default; the done messages, or all of them, on request. */
const STATUS_FILTER: CaseFilter = {
  label: 'Show',
  options: [
    ['open', 'Open messages'],
    ['done', 'Done'],
    ['', 'All messages'],
  ],
  initial: 'open',
  matches: (row: Row, value: string) =>
    value === '' || (value === 'done') === (row['done_at'] !== null && row['done_at'] !== undefined),
};

/** Contact messages as cases: overdue ones first, each opened to be taken, answered from a template and done. */
export default function ContactsPanel({ label }: Props) {
  return (
    <CasePanel
      label={label}
      config={RECORDS.contacts}
      filter={STATUS_FILTER}
      overdue={contactRowOverdue}
      Dialog={ContactDialog}
      templateKind="contact_submit"
    />
  );
}
