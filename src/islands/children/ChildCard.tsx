import type { ReactNode } from 'react';
import { childCardId, dreamJobPhrase, formatKes, kesToUsd, type ChildCardData } from '../../lib/children.ts';
import Picture from '../Picture.tsx';
import './ChildCard.css';

type Props = {
  child: ChildCardData;
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
export default function ChildCard({ child, action, heading, className }: Props) {
  return (
    <article className={['card', 'child-card', className].filter(Boolean).join(' ')} id={childCardId(child.id)}>
      <Picture image={child.image} alt={child.alt} sizes="(min-width: 48rem) 20rem, 90vw" className="card__media" />
      <div className="card__body">
        <span className="badge">Available</span>
        <h3 className="child-card__name">{heading ?? child.name}</h3>
        <p className="child-card__meta">
          {[`${child.age} years`, child.location, `dreams of being ${dreamJobPhrase(child.dreamJob)}`]
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
          <strong>{formatKes(child.monthlyNeed)}</strong>/month <span>(about ${kesToUsd(child.monthlyNeed)})</span>
        </p>
        {action}
      </div>
    </article>
  );
}
