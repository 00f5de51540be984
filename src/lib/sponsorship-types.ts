/** The three sponsorship types of the sponsor page (spec §9), shared by the static cards and the form island. */
import type { SponsorshipType } from './sponsorship-store.ts';

/** How one sponsorship type reads on its card and in the form. */
export type SponsorshipTypeInfo = {
  id: SponsorshipType;
  /** Card heading and form option, e.g. "Full Sponsorship". */
  title: string;
  /** Price line, e.g. "$45–$75 / month". */
  price: string;
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
    price: '$45–$75 / month',
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
    price: '$15–$30 / month',
    summary: "Share one child's costs with other sponsors and fund a part of their schooling.",
    points: ['Contributes to school fees or meals', 'Progress reports each term', 'Minimum commitment of 6 months'],
  },
  {
    id: 'group',
    title: 'Group Sponsorship',
    price: '$20–$25 / person / month',
    summary: 'Sponsor together with family, friends, colleagues or your congregation.',
    points: ['Supports 3–5 children', 'A commitment of 12 months', 'Group updates and letters'],
  },
];

/** The heading of a sponsorship type, e.g. "Partial Sponsorship". */
export function sponsorshipTypeTitle(id: SponsorshipType): string {
  return SPONSORSHIP_TYPE_INFO.find((info) => info.id === id)?.title ?? id;
}
