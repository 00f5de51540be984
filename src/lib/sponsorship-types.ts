/** The three sponsorship types of the sponsor page, shared by the static cards and the form island. */
import { formatUsdRange, type UsdRange } from './children.ts';
import type { SponsorshipType } from './sponsorship-store.ts';
import type { MessageKey } from '../i18n/catalogue.ts';

/** How one sponsorship type reads on its card and in the form; its words are in the catalogues (src/i18n). */
export type SponsorshipTypeInfo = {
  id: SponsorshipType;
  /** Card heading and form option, e.g. "Full Sponsorship". */
  title: MessageKey;
  /**
   * Monthly price in US dollars, or 'child' for full sponsorship, which costs what the child needs: its range comes
   * from the children's monthly needs (children.json), the one source of that figure.
   */
  usd: UsdRange | 'child';
  /** True when the price is per person (group sponsorship). */
  perPerson?: boolean;
  /** One sentence on what it is. */
  summary: MessageKey;
  /** Terms and what is covered. */
  points: MessageKey[];
};

/** Full, partial and group sponsorship, in the order the page shows them. */
export const SPONSORSHIP_TYPE_INFO: readonly SponsorshipTypeInfo[] = [
  {
    id: 'full',
    title: 'sponsorForm.typeFull',
    usd: 'child',
    summary: 'sponsor.fullSummary',
    points: ['sponsor.fullPoint1', 'sponsor.fullPoint2', 'sponsor.fullPoint3', 'sponsor.fullPoint4'],
  },
  {
    id: 'partial',
    title: 'sponsorForm.typePartial',
    usd: { min: 15, max: 30 },
    summary: 'sponsor.partialSummary',
    points: ['sponsor.partialPoint1', 'sponsor.partialPoint2', 'sponsor.partialPoint3'],
  },
  {
    id: 'group',
    title: 'sponsorForm.typeGroup',
    usd: { min: 20, max: 25 },
    perPerson: true,
    summary: 'sponsor.groupSummary',
    points: ['sponsor.groupPoint1', 'sponsor.groupPoint2', 'sponsor.groupPoint3'],
  },
];

/** The words of a price line: ` / person` and ` / month` in the page's language. */
export type PriceUnits = { perPerson: string; perMonth: string };

const ENGLISH_UNITS: PriceUnits = { perPerson: ' / person', perMonth: ' / month' };

/**
 * The price line of a type, e.g. "$40–$75 / month": full sponsorship shows `childUsd`, the range of the children's
 * monthly needs on a list, or one child's need in that child's form.
 */
export function sponsorshipPrice(
  info: SponsorshipTypeInfo,
  childUsd: UsdRange,
  units: PriceUnits = ENGLISH_UNITS,
): string {
  const range = info.usd === 'child' ? childUsd : info.usd;
  return `${formatUsdRange(range)}${info.perPerson ? units.perPerson : ''}${units.perMonth}`;
}
