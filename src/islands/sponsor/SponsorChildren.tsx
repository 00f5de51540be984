import { useEffect, useState } from 'react';
import { formatKes, kesToUsd } from '../../lib/children.ts';
import { openPayment, paymentUrl } from '../../lib/payment.ts';
import { showToast } from '../../lib/toast.ts';
import { track } from '../../lib/track.ts';
import ChildCard, { type ChildCardData } from '../children/ChildCard.tsx';
import Modal from '../shared/Modal.tsx';
import SponsorshipForm, { emptySponsorshipForm, type SponsorshipFormValues } from './SponsorshipForm.tsx';
import { $sponsorshipType } from './store.ts';

/** The alert of spec §8 after a sponsorship application. */
export const SPONSORSHIP_SUCCESS =
  'Redirecting to secure payment portal. After payment, our team will contact you within 24 hours to complete the sponsorship setup.';

type Props = {
  /** The children on the page (at most CHILDREN_SHOWN). */
  cards: ChildCardData[];
};

const firstName = (child: ChildCardData) => child.name.split(' ')[0] ?? child.name;

/**
 * The sponsor page's children: each Sponsor button opens the sponsorship form for that child, and so does
 * `?child={id}` for a child on the page (which also scrolls to the card). Submitting records the application,
 * opens the payment page in a new tab and resets the form.
 */
export default function SponsorChildren({ cards }: Props) {
  const [childId, setChildId] = useState<string | null>(null);
  const [values, setValues] = useState<SponsorshipFormValues>(() => emptySponsorshipForm($sponsorshipType.get()));
  const child = cards.find((c) => c.id === childId);

  // 'Choose This Option' also sets the form's type.
  useEffect(
    () => $sponsorshipType.listen((type) => setValues((current) => ({ ...current, sponsorshipType: type }))),
    [],
  );

  // A link from /children: open the form for that child once, scrolled to its card. Unknown ids do nothing.
  useEffect(() => {
    const requested = new URLSearchParams(window.location.search).get('child');
    const known = cards.find((c) => c.id === requested);
    if (!known) return;
    const card = document.getElementById(`child-${known.id}`);
    card?.scrollIntoView({ block: 'center' });
    // Focus returns to the card's button when the dialog closes.
    card?.querySelector<HTMLButtonElement>('button')?.focus({ preventScroll: true });
    setChildId(known.id);
  }, [cards]);

  const close = () => setChildId(null);

  const submit = (website: string) => {
    if (!child) return;
    // Not awaited: the call uses keepalive, and the payment tab must open from this handler for popup blockers.
    void track(
      'sponsorship_application',
      { ...values, childId: child.id, timestamp: new Date().toISOString() },
      { website },
    );
    showToast(SPONSORSHIP_SUCCESS);
    openPayment(paymentUrl('sponsorshipUrl', { childId: child.id, source: 'sponsor-page', campaign: 'sponsorship' }));
    close();
    setValues(emptySponsorshipForm($sponsorshipType.get()));
  };

  return (
    <>
      <ul className="grid plain-list sponsor-children">
        {cards.map((c) => (
          <li key={c.id}>
            <ChildCard
              child={c}
              action={
                <button type="button" className="button" onClick={() => setChildId(c.id)}>
                  Sponsor {firstName(c)}
                </button>
              }
            />
          </li>
        ))}
      </ul>
      <Modal
        open={child !== undefined}
        onClose={close}
        title={child ? `Sponsor ${child.name}` : 'Sponsor a child'}
        className="modal--wide"
      >
        {child && (
          <>
            <p className="sponsor-modal__summary">
              {child.age} years old, {child.location}. Full sponsorship for {firstName(child)} is{' '}
              {formatKes(child.monthlyNeed)} a month (about ${kesToUsd(child.monthlyNeed)}).
            </p>
            <SponsorshipForm
              childName={firstName(child)}
              childUsd={kesToUsd(child.monthlyNeed)}
              values={values}
              onChange={setValues}
              onSubmit={submit}
              onCancel={close}
            />
          </>
        )}
      </Modal>
    </>
  );
}
