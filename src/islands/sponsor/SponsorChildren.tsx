import { useEffect, useState } from 'react';
import { childCardId, kesAmount, kesToUsd, type ChildCardData } from '../../lib/children.ts';
import { wordsT } from '../../i18n/words.ts';
import ChildCard from '../children/ChildCard.tsx';
import Modal, { openDialog, opensDialog } from '../shared/Modal.tsx';
import SponsorshipForm from './SponsorshipForm.tsx';
import type { IslandLanguage } from '../shared/form/language.ts';

type Props = {
  /** The children the page lists (at most CHILDREN_SHOWN). */
  cards: ChildCardData[];
  /**
   * The other children waiting for a sponsor: each card stays hidden until the address names the child (a link
   * from /children, `?child={id}#child-{id}`), so every waiting child can be sponsored, with or without JavaScript.
   */
  linked: ChildCardData[];
  /** Children who already have a sponsor: `?child=` for one of them explains and points at the waiting ones. */
  sponsored: { id: string; firstName: string }[];
  /** The success alert shown once the server has accepted the form (from src/lib/form-pages.ts, passed in so no script ships it). */
  success: string;
  /** The page's language: the sponsorship forms' words (`sponsorForm.`) and the cards' (`childCard.`). */
  language: IslandLanguage;
};

const firstName = (child: ChildCardData) => child.name.split(' ')[0] ?? child.name;
const dialogId = (child: ChildCardData) => `sponsor-${child.id}`;

/**
 * The sponsor page's children: each Sponsor button opens that child's sponsorship form (a dialog in the page from
 * the start, opened natively, so the first tap works before hydration), and so does `?child={id}` for a waiting
 * child once hydrated (which also scrolls to the card).
 */
export default function SponsorChildren({ cards, linked, sponsored, success, language }: Props) {
  const t = wordsT(language.words);
  const [taken, setTaken] = useState<string | null>(null);
  const [requested, setRequested] = useState<string | null>(null);
  // A link from /children: open the form for that child once, scrolled to its card. A sponsored child's id says so
  // instead; other unknown ids do nothing.
  useEffect(() => {
    const wanted = new URLSearchParams(window.location.search).get('child');
    const known = [...cards, ...linked].find((c) => c.id === wanted);
    if (!known) {
      setTaken(sponsored.find((child) => child.id === wanted)?.firstName ?? null);
      return;
    }
    setRequested(known.id);
    const card = document.getElementById(childCardId(known.id));
    card?.scrollIntoView({ block: 'center' });
    // Focus returns to the card's button when the dialog closes.
    card?.querySelector<HTMLButtonElement>('button')?.focus({ preventScroll: true });
    openDialog(dialogId(known));
  }, [cards, linked, sponsored]);

  const card = (c: ChildCardData) => (
    <ChildCard
      child={c}
      locale={language.locale}
      words={language.words}
      action={
        <button type="button" className="button" {...opensDialog(dialogId(c))}>
          {t('childCard.sponsor', { name: firstName(c) })}
        </button>
      }
    />
  );

  return (
    <>
      {taken && (
        <p className="sponsor-taken" role="status">
          {t('sponsorForm.taken', { name: taken })} {cards.length > 0 ? t('sponsorForm.stillWaiting') : ''}
        </p>
      )}
      <ul className="grid plain-list sponsor-children">
        {cards.map((c) => (
          <li key={c.id}>{card(c)}</li>
        ))}
      </ul>
      {linked.length > 0 && (
        <ul className="grid plain-list sponsor-linked">
          {linked.map((c) => (
            <li key={c.id} className={c.id === requested ? 'is-requested' : undefined}>
              {card(c)}
            </li>
          ))}
        </ul>
      )}
      {[...cards, ...linked].map((child) => (
        <Modal
          key={child.id}
          id={dialogId(child)}
          title={t('childCard.sponsor', { name: child.name })}
          className="modal--wide"
          closeLabel={t('sponsorForm.close')}
        >
          <p className="sponsor-modal__summary">
            {t('sponsorForm.summary', {
              age: child.age,
              where: child.location ? `, ${child.location}` : '',
              name: firstName(child),
              kes: t('childCard.kes', { amount: kesAmount(child.monthlyNeed) }),
              usd: kesToUsd(child.monthlyNeed),
            })}
          </p>
          <SponsorshipForm
            childId={child.id}
            childName={firstName(child)}
            childUsd={kesToUsd(child.monthlyNeed)}
            dialogId={dialogId(child)}
            success={success}
            language={language}
          />
        </Modal>
      ))}
    </>
  );
}
