import { useCallback, useEffect, useState } from 'react';
import { nairobiToday } from '../lib/events.ts';
import { ChildExitAnswer, EXIT_KIND_LABELS, exitChoiceText } from '../schemas/child-exits.ts';
import ActionForm from './ActionForm.tsx';
import { adminJson } from './api.ts';
import { formatNairobi } from './lib/dates.ts';
import { reloadResource } from './stores/data.ts';
import { notify } from './stores/toast.ts';

type Props = {
  readonly id: string;
  /** Called once an exit is recorded, so the record shows the sponsorship ended and the history entry. */
  readonly onRecorded: () => void;
};

const EXIT_FORM = [
  {
    name: 'kind',
    label: 'Exit',
    kind: 'select',
    options: [
      ['planned', 'Planned (finished school, a move the family planned)'],
      ['unplanned', 'Unplanned'],
    ],
    required: true,
  },
  { name: 'left_on', label: 'Date they left', kind: 'date', required: true },
  {
    name: 'reason',
    label: 'Reason',
    kind: 'textarea',
    required: true,
    hint: 'Kept for staff only: never in the email to the sponsor, never on the site.',
  },
] as const;

const when = (value: string | null) => (value ? formatNairobi(value) : '—');

/**
 * The child's exit from the programme on their record: the form that records it (the sponsor is emailed, the
 * sponsorship paused, the child taken off the site) or, once recorded, the exit and what each sponsor chose.
 */
export default function ChildExit({ id, onRecorded }: Props) {
  const [answer, setAnswer] = useState<ChildExitAnswer | null>(null);
  const path = `/api/admin/child-exits/${encodeURIComponent(id)}`;
  const load = useCallback(async () => {
    setAnswer(ChildExitAnswer.parse(await adminJson(path)));
  }, [path]);
  useEffect(() => {
    load().catch(() => setAnswer(null));
  }, [load]);
  if (!answer) return null;
  const { exit } = answer;
  if (!exit) {
    return (
      <>
        <h4>Leaving the programme</h4>
        <ActionForm
          title="Record that the child left"
          fields={EXIT_FORM}
          initial={{ kind: 'planned', left_on: nairobiToday() }}
          submit="Record exit"
          onSubmit={async (form) => {
            await adminJson(path, 'POST', form);
            notify('Exit recorded: the sponsor is told, and the child leaves the site at the next rebuild');
            await load();
            onRecorded();
            void reloadResource('children');
          }}
        />
      </>
    );
  }
  return (
    <section className="child-exit" aria-label="Exit from the programme">
      <h4>Left the programme</h4>
      <p>
        {EXIT_KIND_LABELS[exit.kind]} exit on {exit.left_on}, recorded by {exit.recorded_by} on{' '}
        {formatNairobi(exit.recorded_at)}.
      </p>
      <p>Reason (staff only): {exit.reason}</p>
      {exit.offers.length === 0 ? (
        <p>No sponsorship was running: no sponsor was emailed.</p>
      ) : (
        <table className="child-exit-offers">
          <caption>What each sponsor chose</caption>
          <thead>
            <tr>
              <th scope="col">Sponsor</th>
              <th scope="col">Emailed</th>
              <th scope="col">Reminded</th>
              <th scope="col">Card subscription</th>
              <th scope="col">Choice</th>
            </tr>
          </thead>
          <tbody>
            {exit.offers.map((offer) => (
              <tr key={offer.commitment_id}>
                <td>{offer.sponsor_name ?? 'Anonymous sponsor'}</td>
                <td>{when(offer.emailed_at)}</td>
                <td>{when(offer.reminded_at)}</td>
                <td>
                  {offer.method !== 'card'
                    ? 'Not by card'
                    : offer.subscription_disabled_at
                      ? `Disabled ${formatNairobi(offer.subscription_disabled_at)}`
                      : (offer.subscription_problem ?? 'Being disabled')}
                </td>
                <td>
                  {exitChoiceText(offer)}
                  {offer.chosen_at ? ` (${formatNairobi(offer.chosen_at)})` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
