import BreachPanel from './BreachPanel.tsx';
import PeoplePanel from './PeoplePanel.tsx';
import RetentionStatus from './RetentionStatus.tsx';

type Props = { readonly label: string };

/** The Privacy tab: a person's page, retention, and the breach record. */
export default function PrivacyPanel({ label }: Props) {
  return (
    <>
      <h2 className="panel-title" tabIndex={-1}>
        {label}
      </h2>
      <PeoplePanel />
      <RetentionStatus />
      <BreachPanel />
    </>
  );
}
