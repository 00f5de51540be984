import { useStore } from '@nanostores/react';
import { $stats } from './stores/data.ts';
import { useScrollable } from './useScrollable.ts';

type Props = { readonly labels: readonly { readonly id: string; readonly label: string }[] };

/** The count of every list so far, from /api/admin/stats: the inbox's overview of everything kept. */
export default function StatsBar({ labels }: Props) {
  const stats = useStore($stats);
  // On a phone the counts are one row that scrolls sideways, which the keyboard must reach too.
  const [ref, scrolls] = useScrollable<HTMLElement>();
  return (
    <section ref={ref} className="stats" aria-label="Counts" tabIndex={scrolls ? 0 : undefined}>
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
