/**
 * The seven public forms: the page each lives on, where a plain (JavaScript-off) post lands, and what its success
 * message says. Used by the /sent/ pages and the track function's answers; islands import only the text they
 * show, so no page ships the others.
 */
import type { TrackType } from '../schemas/track.ts';
import { CONTACT_WITHIN } from './contact-cases.ts';

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

/** Success text of the newsletter_subscribe form. */
export const NEWSLETTER_SUCCESS =
  'Almost done: check your inbox and open the link we sent to confirm your subscription.';

/** Success text of the contact_submit form. */
export const CONTACT_SUCCESS = `Thank you! Your message has been sent. We reply to every message ${CONTACT_WITHIN}.`;

/** Success text of the donation_intent form. */
export const DONATION_SUCCESS =
  'Thank you for your generosity! Continue to our secure payment portal to complete your donation.';

/** Success text of the sponsorship_application form. */
export const SPONSORSHIP_SUCCESS =
  'Redirecting to secure payment portal. After payment, our team will contact you within 24 hours to complete the sponsorship setup.';

/** Success text of the volunteer_application form. */
export const VOLUNTEER_SUCCESS =
  'Volunteer application submitted successfully! Our volunteer coordinator will contact you within 3-5 business days.';

/** Success text of the school_volunteer_application form. */
export const SCHOOL_SUCCESS = "Application submitted successfully! We'll contact you within 3-5 business days.";

/** Success text of the internship_application form. */
export const INTERNSHIP_SUCCESS =
  'Application submitted successfully! Our medical coordinator will review your application and contact you within 5-7 business days.';

/** Every public form by its tracking type. */
export const FORMS: Record<TrackType, FormInfo> = {
  newsletter_subscribe: {
    page: '/',
    slug: 'newsletter',
    title: 'Check your inbox',
    success: NEWSLETTER_SUCCESS,
  },
  contact_submit: {
    page: '/contact/',
    slug: 'contact',
    title: 'Message sent',
    success: CONTACT_SUCCESS,
  },
  donation_intent: {
    page: '/donate/',
    slug: 'donation',
    title: 'Thank you for your gift',
    success: DONATION_SUCCESS,
  },
  sponsorship_application: {
    page: '/sponsor/',
    slug: 'sponsorship',
    title: 'Sponsorship application received',
    success: SPONSORSHIP_SUCCESS,
  },
  volunteer_application: {
    page: '/volunteer/',
    slug: 'volunteer',
    title: 'Application received',
    success: VOLUNTEER_SUCCESS,
  },
  school_volunteer_application: {
    page: '/programs/school-volunteering/',
    slug: 'school-volunteering',
    title: 'Application received',
    success: SCHOOL_SUCCESS,
  },
  internship_application: {
    page: '/programs/hospital-internships/',
    slug: 'internship',
    title: 'Application received',
    success: INTERNSHIP_SUCCESS,
  },
};
