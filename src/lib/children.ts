/** How a child's details read on cards: the story teaser and the monthly need in two currencies. */
import { KES_PER_USD } from './constants.ts';
import type { ResponsiveImage } from './images.ts';

/** A child as pages hand it to a card: plain JSON, the story already cut to its teaser. */
export type ChildCardData = {
  id: string;
  name: string;
  age: number;
  /** Neighbourhood; '' when the guardian's consent does not cover it. */
  location: string;
  /** School; '' when the guardian's consent does not cover it. */
  school: string;
  dreamJob: string;
  monthlyNeed: number;
  /** The story cut at 60 characters (`storyTeaser`). */
  teaser: string;
  image: ResponsiveImage;
  /** What the portrait shows; '' for the neutral illustration shown without photo consent. */
  alt: string;
};

/** The id of a child's card on a page (ChildCard.tsx): the fragment {@link sponsorHref} scrolls to. */
export function childCardId(id: string): string {
  return `child-${id}`;
}

/**
 * A child's sponsorship link: `/sponsor?child={id}` opens the child's form once the page is live, and the fragment,
 * the card's id, brings a visitor without JavaScript to the child's card, whose Sponsor button opens the form natively.
 * `page` is the Sponsor page in the language of the page linking (`/sw/sponsor`).
 */
export function sponsorHref(id: string, page = '/sponsor'): string {
  return `${page}?child=${encodeURIComponent(id)}#${encodeURIComponent(childCardId(id))}`;
}

/** "dreams of being an engineer": the dream job in lower case with its article. */
export function dreamJobPhrase(dreamJob: string): string {
  const job = dreamJob.charAt(0).toLocaleLowerCase('en') + dreamJob.slice(1);
  return `${/^[aeiou]/i.test(job) ? 'an' : 'a'} ${job}`;
}

/** Length of the story teaser on child cards. */
export const STORY_TEASER_LENGTH = 60;

/** The story cut at 60 characters, with an ellipsis when anything was cut. */
export function storyTeaser(story: string, length: number = STORY_TEASER_LENGTH): string {
  return story.length <= length ? story : `${story.slice(0, length).trimEnd()}…`;
}

/** A monthly need in KES shown in US dollars: KES ÷ 135, rounded. */
export function kesToUsd(kes: number): number {
  return Math.round(kes / KES_PER_USD);
}

/** A range of monthly amounts in US dollars. */
export type UsdRange = { readonly min: number; readonly max: number };

/** The smallest and largest of the children's monthly needs in US dollars (each KES ÷ 135, rounded). */
export function monthlyUsdRange(monthlyNeedsKes: readonly number[]): UsdRange {
  if (monthlyNeedsKes.length === 0) throw new Error('monthlyUsdRange needs at least one monthly need');
  const usd = monthlyNeedsKes.map(kesToUsd);
  return { min: Math.min(...usd), max: Math.max(...usd) };
}

/** `$40–$75`, or `$40` when both ends agree. */
export function formatUsdRange({ min, max }: UsdRange): string {
  return min === max ? `$${min}` : `$${min}–$${max}`;
}

/** `KES 5,400` */
export function formatKes(kes: number): string {
  return `KES ${kesAmount(kes)}`;
}

/** A shilling amount's figure, `5,400`, for the page's own currency words ("KES 5,400", "KSh 5,400"). */
export function kesAmount(kes: number): string {
  return kes.toLocaleString('en-KE');
}
