/**
 * The seven public forms: the page each lives on, where a plain (JavaScript-off) post lands, and what its success
 * message says. Used by the /sent/ pages and the track function's answers; islands import only the text they
 * show, so no page ships the others.
 */
import type { TrackType } from '../schemas/track.ts';
import { CONTACT_PROMISE } from './contact-cases.ts';
import { localePath } from '../i18n/paths.ts';
import { translate, type Locale, type MessageKey, type Vars } from '../i18n/catalogue.ts';

/** A public form's page, its "sent" page and its success text. */
export type FormInfo = {
  /** Page the form is on (the "go back" link of an error answer). */
  page: string;
  /** Slug of its success page, `/sent/<slug>/`. */
  slug: string;
  /** Heading of the success page. */
  title: string;
  /** What the visitor reads once the server has accepted the form. */
  success: string;
};

const en = (key: MessageKey, vars?: Vars) => translate('en', key, vars);

/** Success text of the newsletter_subscribe form. */
export const NEWSLETTER_SUCCESS = en('newsletter.success');

/** Success text of the contact_submit form. */
export const CONTACT_SUCCESS = en('sent.contact.success', { hours: CONTACT_PROMISE.hours });

/** Success text of the donation_intent form. */
export const DONATION_SUCCESS = en('sent.donation.success');

/** Success text of the sponsorship_application form. */
export const SPONSORSHIP_SUCCESS = en('sent.sponsorship.success');

/** Success text of the volunteer_application form. */
export const VOLUNTEER_SUCCESS = en('sent.volunteer.success');

/** Success text of the school_volunteer_application form. */
export const SCHOOL_SUCCESS = en('sent.school.success');

/** Success text of the internship_application form. */
export const INTERNSHIP_SUCCESS = en('sent.internship.success');

/** Every public form by its tracking type. */
export const FORMS: Record<TrackType, FormInfo> = {
  newsletter_subscribe: {
    page: '/',
    slug: 'newsletter',
    title: en('sent.newsletter.title'),
    success: NEWSLETTER_SUCCESS,
  },
  contact_submit: {
    page: '/contact/',
    slug: 'contact',
    title: en('sent.contact.title'),
    success: CONTACT_SUCCESS,
  },
  donation_intent: {
    page: '/donate/',
    slug: 'donation',
    title: en('sent.donation.title'),
    success: DONATION_SUCCESS,
  },
  sponsorship_application: {
    page: '/sponsor/',
    slug: 'sponsorship',
    title: en('sent.sponsorship.title'),
    success: SPONSORSHIP_SUCCESS,
  },
  volunteer_application: {
    page: '/volunteer/',
    slug: 'volunteer',
    title: en('sent.volunteer.title'),
    success: VOLUNTEER_SUCCESS,
  },
  school_volunteer_application: {
    page: '/programs/school-volunteering/',
    slug: 'school-volunteering',
    title: en('sent.school.title'),
    success: SCHOOL_SUCCESS,
  },
  internship_application: {
    page: '/programs/hospital-internships/',
    slug: 'internship',
    title: en('sent.internship.title'),
    success: INTERNSHIP_SUCCESS,
  },
};

/** The catalogue keys of each form's "sent" heading and success text. */
const SENT_KEYS: Record<TrackType, { title: MessageKey; success: MessageKey }> = {
  newsletter_subscribe: { title: 'sent.newsletter.title', success: 'newsletter.success' },
  contact_submit: { title: 'sent.contact.title', success: 'sent.contact.success' },
  donation_intent: { title: 'sent.donation.title', success: 'sent.donation.success' },
  sponsorship_application: { title: 'sent.sponsorship.title', success: 'sent.sponsorship.success' },
  volunteer_application: { title: 'sent.volunteer.title', success: 'sent.volunteer.success' },
  school_volunteer_application: { title: 'sent.school.title', success: 'sent.school.success' },
  internship_application: { title: 'sent.internship.title', success: 'sent.internship.success' },
};

/** The form `type` as its page in `locale` shows it: that page's address, its "sent" page, heading and success text. */
export function formIn(locale: Locale, type: TrackType): FormInfo {
  const info = FORMS[type];
  const keys = SENT_KEYS[type];
  return {
    page: localePath(locale, info.page),
    slug: info.slug,
    title: translate(locale, keys.title),
    success: translate(locale, keys.success, { hours: CONTACT_PROMISE.hours }),
  };
}

/** The static paths of the "sent" pages, one per form (src/pages/sent/[form].astro and its Kiswahili twin). */
export function sentPaths(): { params: { form: string }; props: { type: TrackType } }[] {
  return (Object.keys(FORMS) as TrackType[]).map((type) => ({ params: { form: FORMS[type].slug }, props: { type } }));
}
