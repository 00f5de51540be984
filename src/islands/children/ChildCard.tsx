import type { ReactNode } from 'react';
import type { ResponsiveImage } from '../../lib/images.ts';
import { formatKes, kesToUsd } from '../../lib/children.ts';
import Picture from '../Picture.tsx';
import './ChildCard.css';

/** A child as pages hand it to an island: plain JSON, the story already cut to its teaser. */
export type ChildCardData = {
  id: string;
  name: string;
  age: number;
  location: string;
  dreamJob: string;
  monthlyNeed: number;
  /** The story cut at 60 characters (`storyTeaser`). */
  teaser: string;
  image: ResponsiveImage;
};

type Props = {
  child: ChildCardData;
  /** The card's call to action (a link to /sponsor or a button that opens the sponsorship form). */
  action: ReactNode;
  /** Heading content; defaults to the name. The /children grid passes a link so the whole card leads on. */
  heading?: ReactNode;
  className?: string;
};

/** "dreams of being an engineer": the dream job in lower case with its article. */
export function dreamJobPhrase(dreamJob: string): string {
  const job = dreamJob.charAt(0).toLocaleLowerCase('en') + dreamJob.slice(1);
  return `${/^[aeiou]/i.test(job) ? 'an' : 'a'} ${job}`;
}

/** The island twin of src/components/children/ChildCard.astro: portrait, badge, teaser and the need in KES and USD. */
export default function ChildCard({ child, action, heading, className }: Props) {
  return (
    <article className={['card', 'child-card', className].filter(Boolean).join(' ')} id={`child-${child.id}`}>
      <Picture
        image={child.image}
        alt={`Illustrated portrait of ${child.name}`}
        sizes="(min-width: 48rem) 20rem, 90vw"
        className="card__media"
      />
      <div className="card__body">
        <span className="badge">Available</span>
        <h3 className="child-card__name">{heading ?? child.name}</h3>
        <p className="child-card__meta">
          {child.age} years · {child.location} · dreams of being {dreamJobPhrase(child.dreamJob)}
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
