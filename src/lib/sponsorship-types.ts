/** The three sponsorship types of the sponsor page, shared by the static cards and the form island. */
import { formatUsdRange, type UsdRange } from './children.ts';
import type { SponsorshipType } from './sponsorship-store.ts';

/** How one sponsorship type reads on its card and in the form. */
export type SponsorshipTypeInfo = {
  id: SponsorshipType;
  /** Card heading and form option, e.g. "Full Sponsorship". */
  title: string;
  /**
   * Monthly price in US dollars, or 'child' for full sponsorship, which costs what the child needs: its range comes
   * from the children's monthly needs (children.json), the one source of that figure.
   */
  usd: UsdRange | 'child';
  /** True when the price is per person (group sponsorship). */
  perPerson?: boolean;
  /** One sentence on what it is. */
  summary: string;
  /** Terms and what is covered. */
  points: string[];
};

/** Full, partial and group sponsorship, in the order the page shows them. */
export const SPONSORSHIP_TYPE_INFO: readonly SponsorshipTypeInfo[] = [
  {
    id: 'full',
    title: 'Full Sponsorship',
    usd: 'child',
    summary: "Cover everything one child needs to stay in school; the amount depends on the child's needs.",
    points: [
      'School fees, uniform and books',
      'Daily meals and health care',
      'Minimum commitment of 1 year',
      'Renewable every year',
    ],
  },
  {
    id: 'partial',
    title: 'Partial Sponsorship',
    usd: { min: 15, max: 30 },
    summary: "Share one child's costs with other sponsors and fund a part of their schooling.",
    points: ['Contributes to school fees or meals', 'Progress reports each term', 'Minimum commitment of 6 months'],
  },
  {
    id: 'group',
    title: 'Group Sponsorship',
    usd: { min: 20, max: 25 },
    perPerson: true,
    summary: 'Sponsor together with family, friends, colleagues or your congregation.',
    points: ['Supports 3–5 children', 'A commitment of 12 months', 'Group updates and letters'],
  },
];

/**
 * The price line of a type, e.g. "$40–$75 / month": full sponsorship shows `childUsd`, the range of the children's
 * monthly needs on a list, or one child's need in that child's form.
 */
export function sponsorshipPrice(info: SponsorshipTypeInfo, childUsd: UsdRange): string {
  const range = info.usd === 'child' ? childUsd : info.usd;
  return `${formatUsdRange(range)}${info.perPerson ? ' / person' : ''} / month`;
}

/** The heading of a sponsorship type, e.g. "Partial Sponsorship". */
export function sponsorshipTypeTitle(id: SponsorshipType): string {
  return SPONSORSHIP_TYPE_INFO.find((info) => info.id === id)?.title ?? id;
}
