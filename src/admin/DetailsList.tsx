import type { Detail } from './lib/details.ts';

type Props = { readonly details: readonly Detail[] };

/** Free-form fields (a volunteer's details, an event's payload) as labelled values. */
export default function DetailsList({ details }: Props) {
  if (details.length === 0) return <span className="muted">None</span>;
  return (
    <dl className="details">
      {details.map((detail) => (
        <div key={detail.key}>
          <dt>{detail.label}</dt>
          <dd>{detail.value}</dd>
        </div>
      ))}
    </dl>
  );
}
