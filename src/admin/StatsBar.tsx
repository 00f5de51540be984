import { useStore } from '@nanostores/react';
import { $stats } from './stores/data.ts';

type Props = { readonly labels: readonly { readonly id: string; readonly label: string }[] };

/** The count of every list, from /api/admin/stats. */
export default function StatsBar({ labels }: Props) {
  const stats = useStore($stats);
  return (
    // Focusable: on a phone the counts are one row that scrolls sideways, which the keyboard must reach too.
    <section className="stats" aria-label="Counts" tabIndex={0}>
      <dl>
        {labels.map(({ id, label }) => (
          <div key={id} className="stat">
            <dt>{label}</dt>
            <dd>{stats?.[id] ?? '–'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
