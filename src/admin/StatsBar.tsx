import { useStore } from '@nanostores/react';
import { $stats } from './stores/data.ts';

type Props = { readonly labels: readonly { readonly id: string; readonly label: string }[] };

/** The count of every list, from /api/admin/stats. */
export default function StatsBar({ labels }: Props) {
  const stats = useStore($stats);
  return (
    <section className="stats" aria-label="Counts">
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
