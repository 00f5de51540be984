import { APPLICATION_INFO, APPLICATION_KINDS } from '../lib/applications.ts';
import type { Row } from './lib/list.ts';
import { RECORDS, rowKind, rowOverdue } from './columns.tsx';
import ApplicationDialog from './ApplicationDialog.tsx';
import CasePanel, { type CaseFilter } from './CasePanel.tsx';

type Props = { readonly label: string };

/** Every kind of application, or one. */
const KIND_FILTER: CaseFilter = {
  label: 'Kind',
  options: [
    ['', 'All applications'],
    ...APPLICATION_KINDS.map((kind) => [kind, APPLICATION_INFO[kind].label] as const),
  ],
  initial: '',
  matches: (row: Row, kind: string) => kind === '' || rowKind(row) === kind,
};

/** The applications queue: every kind or one, overdue applications first, each opened to be worked on. */
export default function ApplicationsPanel({ label }: Props) {
  return (
    <CasePanel
      label={label}
      config={RECORDS.volunteers}
      filter={KIND_FILTER}
      overdue={rowOverdue}
      Dialog={ApplicationDialog}
      templateKind="volunteer_application"
    />
  );
}
