/**
 * The privacy notice's version and the consent wording each public form shows, in one place: the forms print the
 * wording, the track function stores it with every submission (consent_records), and /privacy lists it. Zod-free,
 * so every form can import it.
 */
import type { TrackType } from '../schemas/track.ts';

/** Version of the privacy notice at /privacy/; change it whenever the notice's meaning changes. */
export const PRIVACY_NOTICE_VERSION = '2026-11-25';

/** Where the privacy notice lives. */
export const PRIVACY_PATH = '/privacy/';

/** What a person agrees to by asking for the newsletter (the footer form and the donate form's box). */
export const NEWSLETTER_CONSENT =
  'Send me news about the children and our work. I can unsubscribe at any time with one click.';

/** The line each public form shows above its button, and what its submission is recorded as agreeing to. */
export const CONSENT_WORDING: Readonly<Record<TrackType, string>> = {
  newsletter_subscribe: NEWSLETTER_CONSENT,
  contact_submit: 'We use your details only to answer your message, as our privacy notice explains.',
  donation_intent: 'We use your details to process and acknowledge your gift, as our privacy notice explains.',
  sponsorship_application: 'We use your details to set up and manage your sponsorship, as our privacy notice explains.',
  volunteer_application: 'We use your details only to consider your application, as our privacy notice explains.',
  school_volunteer_application:
    'We use your details only to consider your application, as our privacy notice explains.',
  internship_application: 'We use your details only to consider your application, as our privacy notice explains.',
};

/** What a person agrees to by asking for the newsletter, in Kiswahili. */
export const NEWSLETTER_CONSENT_SW =
  'Nitumieni habari za watoto na kazi yenu. Ninaweza kujiondoa wakati wowote kwa kubofya mara moja.';

const APPLICATION_CONSENT_SW =
  'Tunatumia taarifa zako kwa ajili ya kutathmini ombi lako tu, kama taarifa yetu ya faragha inavyoeleza.';

/**
 * The same lines in Kiswahili, shown on the /sw/ pages and stored, as shown, with a submission from them (the
 * wording a person agreed to is the one they read).
 */
export const CONSENT_WORDING_SW: Readonly<Record<TrackType, string>> = {
  newsletter_subscribe: NEWSLETTER_CONSENT_SW,
  contact_submit: 'Tunatumia taarifa zako kujibu ujumbe wako tu, kama taarifa yetu ya faragha inavyoeleza.',
  donation_intent:
    'Tunatumia taarifa zako kushughulikia mchango wako na kukutumia risiti, kama taarifa yetu ya faragha inavyoeleza.',
  sponsorship_application:
    'Tunatumia taarifa zako kuanzisha na kusimamia ufadhili wako, kama taarifa yetu ya faragha inavyoeleza.',
  volunteer_application: APPLICATION_CONSENT_SW,
  school_volunteer_application: APPLICATION_CONSENT_SW,
  internship_application: APPLICATION_CONSENT_SW,
};

/** The consent line of form `type` in `locale` (a language code; English for any other). */
export function consentWording(locale: string, type: TrackType): string {
  return (locale === 'sw' ? CONSENT_WORDING_SW : CONSENT_WORDING)[type];
}

/** The newsletter's consent line in `locale`. */
export function newsletterConsent(locale: string): string {
  return locale === 'sw' ? NEWSLETTER_CONSENT_SW : NEWSLETTER_CONSENT;
}
