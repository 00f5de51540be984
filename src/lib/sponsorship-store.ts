/**
 * The sponsorship type chosen on the sponsor page. 'Choose This Option' (a static card's script) sets it; the
 * sponsorship form island follows it.
 */
import { atom } from 'nanostores';
import type { SPONSORSHIP_TYPES } from '../schemas/options.ts';

/** Full, partial or group sponsorship. */
export type SponsorshipType = (typeof SPONSORSHIP_TYPES)[number];

/** The type shown as selected; full by default. */
export const $sponsorshipType = atom<SponsorshipType>('full');

/** Selects a sponsorship type (the card is marked and the form's type follows). */
export function chooseSponsorshipType(type: SponsorshipType): void {
  $sponsorshipType.set(type);
}
