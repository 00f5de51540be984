import { CASE_PANELS } from './case-panels.tsx';
import CasePanel from './CasePanel.tsx';

type Props = { readonly label: string };

/** The applications queue: every kind or one, overdue applications first, each opened to be worked on. */
export default function ApplicationsPanel({ label }: Props) {
  return <CasePanel label={label} {...CASE_PANELS.volunteers} />;
}
