/**
 * What a page hands a form island about its language: `<DonationForm language={islandLanguage(locale,
 * 'donation_intent', 'donationForm.')} />`. Only the words the island uses travel with it.
 */
import { consentWording } from '../lib/privacy.ts';
import type { TrackType } from '../schemas/track.ts';
import { wordsFor, type Locale } from './catalogue.ts';
import type { IslandLanguage } from '../islands/shared/form/language.ts';

/** The form kit's own words (summary, buttons, name and email, the offline line) come with every form. */
const KIT = 'form.';

export function islandLanguage(locale: Locale, type: TrackType, ...prefixes: string[]): IslandLanguage {
  return { locale, words: wordsFor(locale, KIT, ...prefixes), consent: consentWording(locale, type) };
}
