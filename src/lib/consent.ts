/**
 * What a guardian's consent lets the site show of a child, on a given day (Kenya Data Protection Act 2019, s.33):
 * nothing without consent covering the profile, a neutral illustration without photo consent, no school line
 * without school consent and no neighbourhood without location consent. The day is passed in, so a build (and a
 * test) decides with its own date.
 */

/** What a consent can cover. */
export const CONSENT_PARTS = ['profile', 'photo', 'school', 'location'] as const;
/** One of {@link CONSENT_PARTS}. */
export type ConsentPart = (typeof CONSENT_PARTS)[number];

/** The child's current consent as the site knows it (withdrawn consents are never passed here). */
export type ConsentTerms = {
  readonly covers: readonly ConsentPart[];
  /** First day it covers, YYYY-MM-DD. */
  readonly givenOn: string;
  /** Last day it covers, YYYY-MM-DD. */
  readonly validUntil: string;
};

/** Where a child stands with sponsors. */
export type SponsorshipState = 'waiting' | 'sponsored' | 'left';

/** What the consent covers on `today`: nothing before it was given or after its last day. */
export function coveredOn(consent: ConsentTerms | null | undefined, today: string): ReadonlySet<ConsentPart> {
  if (!consent || consent.givenOn > today || consent.validUntil < today) return new Set();
  return new Set(consent.covers);
}

/** Whole days from `today` to `day` (both YYYY-MM-DD); negative when `day` is past. */
export function daysUntil(day: string, today: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** Days ahead within which /samu lists a consent as ending soon. */
export const ENDING_SOON_DAYS = 30;

/** What a child's public record may hold: the image, school and location only where consent covers them. */
export type ShownFields<I> = { image: I | undefined; school: string | undefined; location: string | undefined };

/**
 * The child as the site may show it on `today`, or undefined when it may not be shown at all. Without photo
 * consent `image` is `illustration`; without school or location consent the field is left out.
 */
export function shownChild<C extends { image: I; school: string; location: string }, I>(
  child: C,
  consent: ConsentTerms | null | undefined,
  today: string,
  illustration: I,
): (Omit<C, 'school' | 'location'> & { school?: string; location?: string; photo: boolean }) | undefined {
  const covered = coveredOn(consent, today);
  if (!covered.has('profile')) return undefined;
  const { school, location, ...rest } = child;
  return {
    ...rest,
    image: covered.has('photo') ? child.image : illustration,
    photo: covered.has('photo'),
    ...(covered.has('school') && school ? { school } : {}),
    ...(covered.has('location') && location ? { location } : {}),
  };
}

/**
 * The version of the guardian consent form's wording (the printable form in Kiswahili and English, from /samu): a
 * consent recorded since is stored with it, as every other consent is stored with the wording it was given under.
 * Change it whenever the form's meaning changes.
 */
export const CONSENT_FORM_VERSION = '2026-11-28';
