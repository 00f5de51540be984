import type { ReactNode } from 'react';
import { childCardId, dreamJobPhrase, kesAmount, kesToUsd, type ChildCardData } from '../../lib/children.ts';
import { wordsT, type Words } from '../../i18n/words.ts';
import Picture from '../Picture.tsx';
import './ChildCard.css';

type Props = {
  child: ChildCardData;
  /** The page's language and the card's words (`childCard.`). */
  locale: string;
  words: Words;
  /** The card's call to action (a link to /sponsor or a button that opens the sponsorship form). */
  action?: ReactNode;
  /** Heading content; defaults to the name. The /children grid passes a link so the whole card leads on. */
  heading?: ReactNode;
  className?: string;
};

/**
 * The one child card: portrait, badge, teaser and the need in KES and USD. Islands render it live; Astro pages
 * render it as static HTML through src/components/children/ChildCard.astro.
 */
export default function ChildCard({ child, locale, words, action, heading, className }: Props) {
  const t = wordsT(words);
  // The dream job is the child's record, in English: its article only in an English sentence.
  const job =
    locale === 'en'
      ? dreamJobPhrase(child.dreamJob)
      : child.dreamJob.charAt(0).toLocaleLowerCase('en') + child.dreamJob.slice(1);
  return (
    <article className={['card', 'child-card', className].filter(Boolean).join(' ')} id={childCardId(child.id)}>
      <Picture image={child.image} alt={child.alt} sizes="(min-width: 48rem) 20rem, 90vw" className="card__media" />
      <div className="card__body">
        <span className="badge">{t('childCard.available')}</span>
        <h3 className="child-card__name">{heading ?? child.name}</h3>
        <p className="child-card__meta">
          {[t('childCard.age', { age: child.age }), child.location, t('childCard.dreams', { job })]
            .filter(Boolean)
            .join(' · ')}
          {child.school && (
            <>
              <br />
              <span className="child-card__school">{child.school}</span>
            </>
          )}
        </p>
        <p>{child.teaser}</p>
        <p className="child-card__need">
          <strong>{t('childCard.kes', { amount: kesAmount(child.monthlyNeed) })}</strong>
          {t('childCard.perMonth')} <span>{t('childCard.about', { usd: kesToUsd(child.monthlyNeed) })}</span>
        </p>
        {action}
      </div>
    </article>
  );
}
