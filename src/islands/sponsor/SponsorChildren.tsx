import { useEffect, useState } from 'react';
import { childCardId, formatKes, kesToUsd, type ChildCardData } from '../../lib/children.ts';
import ChildCard from '../children/ChildCard.tsx';
import Modal, { openDialog, opensDialog } from '../shared/Modal.tsx';
import SponsorshipForm from './SponsorshipForm.tsx';

type Props = {
  /** The children on the page (at most CHILDREN_SHOWN). */
  cards: ChildCardData[];
  /** Children who already have a sponsor: `?child=` for one of them explains and points at the waiting ones. */
  sponsored: { id: string; firstName: string }[];
  /** The spec §8 alert once the server has accepted the form (from src/lib/form-pages.ts, passed in so no script ships it). */
  success: string;
};

const firstName = (child: ChildCardData) => child.name.split(' ')[0] ?? child.name;
const dialogId = (child: ChildCardData) => `sponsor-${child.id}`;

/**
 * The sponsor page's children: each Sponsor button opens that child's sponsorship form (a dialog in the page from
 * the start, opened natively, so the first tap works before hydration), and so does `?child={id}` for a child on
 * the page once hydrated (which also scrolls to the card).
 */
export default function SponsorChildren({ cards, sponsored, success }: Props) {
  const [taken, setTaken] = useState<string | null>(null);
  // A link from /children: open the form for that child once, scrolled to its card. A sponsored child's id says so
  // instead; other unknown ids do nothing.
  useEffect(() => {
    const requested = new URLSearchParams(window.location.search).get('child');
    const known = cards.find((c) => c.id === requested);
    if (!known) {
      setTaken(sponsored.find((child) => child.id === requested)?.firstName ?? null);
      return;
    }
    const card = document.getElementById(childCardId(known.id));
    card?.scrollIntoView({ block: 'center' });
    // Focus returns to the card's button when the dialog closes.
    card?.querySelector<HTMLButtonElement>('button')?.focus({ preventScroll: true });
    openDialog(dialogId(known));
  }, [cards, sponsored]);

  return (
    <>
      {taken && (
        <p className="sponsor-taken" role="status">
          Good news: {taken} already has a sponsor.{' '}
          {cards.length > 0 ? 'These children are still waiting for one.' : ''}
        </p>
      )}
      <ul className="grid plain-list sponsor-children">
        {cards.map((c) => (
          <li key={c.id}>
            <ChildCard
              child={c}
              action={
                <button type="button" className="button" {...opensDialog(dialogId(c))}>
                  Sponsor {firstName(c)}
                </button>
              }
            />
          </li>
        ))}
      </ul>
      {cards.map((child) => (
        <Modal key={child.id} id={dialogId(child)} title={`Sponsor ${child.name}`} className="modal--wide">
          <p className="sponsor-modal__summary">
            {child.age} years old{child.location ? `, ${child.location}` : ''}. Full sponsorship for {firstName(child)}{' '}
            is {formatKes(child.monthlyNeed)} a month (about ${kesToUsd(child.monthlyNeed)}).
          </p>
          <SponsorshipForm
            childId={child.id}
            childName={firstName(child)}
            childUsd={kesToUsd(child.monthlyNeed)}
            dialogId={dialogId(child)}
            success={success}
          />
        </Modal>
      ))}
    </>
  );
}
