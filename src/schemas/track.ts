/**
 * Payloads of `POST /api/admin/track`, the one public call. Each public form validates with its schema
 * before sending, and the track function checks every request with `trackRequest`.
 */
import { z } from 'zod';

// No compiled validators: zod would build them with `new Function`, which the pages' Content-Security-Policy forbids
// (its probe alone is reported as a violation).
z.config({ jitless: true });
import { moneyAmount } from './fields.ts';
import { LOCALES } from '../i18n/catalogue.ts';
// The option lists live in a zod-free module so forms can import them without shipping zod.
import {
  CONTACT_TYPES,
  DONATION_CAUSES,
  DONATION_PAYMENT_METHODS,
  DONATION_TYPES,
  MIN_DONATION,
  MIN_VOLUNTEER_AGE,
  SPONSORSHIP_PAY_WITH,
  SPONSORSHIP_PAYMENT_METHODS,
  SPONSORSHIP_TYPES,
} from './options.ts';

/** Longest accepted value of each kind of field. */
export const TRACK_LIMITS = {
  name: 200,
  email: 254,
  phone: 50,
  short: 200,
  address: 500,
  text: 5000,
  listItems: 50,
  amount: 1_000_000,
} as const;

export {
  CONTACT_TYPES,
  DONATION_CAUSES,
  DONATION_PAYMENT_METHODS,
  DONATION_TYPES,
  MIN_DONATION,
  MIN_VOLUNTEER_AGE,
  SPONSORSHIP_PAY_WITH,
  SPONSORSHIP_PAYMENT_METHODS,
  SPONSORSHIP_TYPES,
};

/** Blank strings count as absent, so an untouched optional input is simply left out. */
const blankToUndefined = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optional = (label: string, max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, `${label} must be at most ${max} characters`).optional());

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(TRACK_LIMITS.email, `Email must be at most ${TRACK_LIMITS.email} characters`)
  .pipe(z.email('Enter an email address like name@example.com'));

/** An email address as every form takes it: trimmed, at most 254 characters, well formed. */
export const emailAddress = email;

const list = (label: string) =>
  z
    .array(z.string().trim().min(1).max(TRACK_LIMITS.short), `${label} must be a list`)
    .max(TRACK_LIMITS.listItems, `At most ${TRACK_LIMITS.listItems} ${label.toLowerCase()}`)
    .default([]);

const isoTimestamp = z.iso.datetime({ offset: true, error: 'Timestamp must be an ISO 8601 date and time' });

/** Who applies (volunteer, school and internship applications): all three required. */
const applicant = {
  /** Applicant's full name. */
  name: required('Name', TRACK_LIMITS.name),
  /** Applicant's email. */
  email,
  /** Applicant's phone. */
  phone: required('Phone', TRACK_LIMITS.phone),
};

/** Footer newsletter form. */
export const newsletterSubscribe = z.object({
  /** Address to send the newsletter to. */
  email,
  /** Optional name of the subscriber. */
  name: optional('Name', TRACK_LIMITS.name),
});
export type NewsletterSubscribe = z.infer<typeof newsletterSubscribe>;

/** Sponsor page application for one child. */
export const sponsorshipApplication = z.object({
  /** Sponsor's full name. */
  name: required('Name', TRACK_LIMITS.name),
  /** Sponsor's email. */
  email,
  /** Optional phone number. */
  phone: optional('Phone', TRACK_LIMITS.phone),
  /** Optional postal address. */
  address: optional('Address', TRACK_LIMITS.address),
  /** Full, partial or group sponsorship. */
  sponsorshipType: z.enum(SPONSORSHIP_TYPES, 'Choose full, partial or group sponsorship'),
  /** Payment frequency. */
  paymentMethod: z.enum(SPONSORSHIP_PAYMENT_METHODS, 'Choose monthly, quarterly or annual payments'),
  /** How the sponsor pays: by card (charged each period) or M-Pesa (to the Paybill with their own account number). */
  payWith: z.enum(SPONSORSHIP_PAY_WITH, 'Choose card or M-Pesa').default('card'),
  /** Optional message to the child. */
  message: optional('Message', TRACK_LIMITS.text),
  /** Id of the child to sponsor. */
  childId: required('Child', TRACK_LIMITS.short),
  /** When the form was submitted (ISO 8601). */
  timestamp: isoTimestamp,
});
export type SponsorshipApplication = z.infer<typeof sponsorshipApplication>;

/** Volunteer page application. */
export const volunteerApplication = z.object({
  ...applicant,
  /** Age in years, at least 18; numeric strings from an input are accepted. */
  age: z.coerce
    .number({ error: 'Age must be a number' })
    .int('Age must be a whole number')
    .min(MIN_VOLUNTEER_AGE, `Volunteers must be at least ${MIN_VOLUNTEER_AGE}`)
    .max(120, 'Age must be at most 120'),
  /** Applicant's nationality. */
  nationality: required('Nationality', TRACK_LIMITS.short),
  /** Optional previous experience. */
  experience: optional('Experience', TRACK_LIMITS.text),
  /** Skills picked from the multi-select. */
  skills: list('Skills'),
  /** When the applicant is available. */
  availability: required('Availability', TRACK_LIMITS.short),
  /** Why they want to volunteer. */
  motivation: required('Motivation', TRACK_LIMITS.text),
  /** Optional id of the opportunity applied for. */
  opportunity: optional('Opportunity', TRACK_LIMITS.short),
});
export type VolunteerApplication = z.infer<typeof volunteerApplication>;

/** Contact page form. */
export const contactSubmit = z.object({
  /** Sender's name. */
  name: required('Name', TRACK_LIMITS.name),
  /** Sender's email. */
  email,
  /** Subject line. */
  subject: required('Subject', TRACK_LIMITS.short),
  /** The message. */
  message: required('Message', TRACK_LIMITS.text),
  /** What the message is about; `general` when left out. */
  type: z.preprocess(blankToUndefined, z.enum(CONTACT_TYPES, 'Choose a listed enquiry type').default('general')),
});
export type ContactSubmit = z.infer<typeof contactSubmit>;

/** School volunteering application (modal on the school volunteering page). */
export const schoolVolunteerApplication = z.object({
  ...applicant,
  /** Optional teaching experience. */
  experience: optional('Experience', TRACK_LIMITS.text),
  /** Optional availability. */
  availability: optional('Availability', TRACK_LIMITS.short),
  /** Subjects the applicant can teach. */
  subjects: list('Subjects'),
  /** Optional preferred school. */
  school: optional('School', TRACK_LIMITS.short),
});
export type SchoolVolunteerApplication = z.infer<typeof schoolVolunteerApplication>;

/** Hospital internship application. */
export const internshipApplication = z.object({
  ...applicant,
  /** University attended. */
  university: required('University', TRACK_LIMITS.short),
  /** Year of study (2nd Year … Resident). */
  yearOfStudy: required('Year of study', TRACK_LIMITS.short),
  /** Field of interest. */
  medicalField: required('Field of interest', TRACK_LIMITS.short),
  /** Internship length. */
  duration: required('Duration', TRACK_LIMITS.short),
  /** Optional preferred hospital. */
  hospital: optional('Hospital', TRACK_LIMITS.short),
  /** Optional previous experience. */
  previousExperience: optional('Previous experience', TRACK_LIMITS.text),
  /** Optional references. */
  references: optional('References', TRACK_LIMITS.text),
  /** Optional motivation. */
  motivation: optional('Motivation', TRACK_LIMITS.text),
});
export type InternshipApplication = z.infer<typeof internshipApplication>;

/** Donate page form, sent before the visitor is taken to the payment page. */
export const donationIntent = z.object({
  /** Amount in USD, at least 5, at most 2 decimals; numeric strings from an input are accepted. */
  amount: moneyAmount('Amount').pipe(
    z
      .number()
      .min(MIN_DONATION, `The smallest donation is $${MIN_DONATION}`)
      .max(TRACK_LIMITS.amount, `The largest donation accepted online is $${TRACK_LIMITS.amount}`),
  ),
  /** One-time or monthly. */
  type: z.enum(DONATION_TYPES, 'Choose one-time or monthly'),
  /** Cause the donation goes to. */
  cause: z.enum(DONATION_CAUSES, 'Choose a listed cause'),
  /** How the donor will pay. */
  paymentMethod: z.enum(DONATION_PAYMENT_METHODS, 'Choose card, M-Pesa, PayPal or bank transfer'),
  /** Donor's name (not shown to staff lists when anonymous). */
  name: required('Name', TRACK_LIMITS.name),
  /** Donor's email. */
  email,
  /** Optional phone. */
  phone: optional('Phone', TRACK_LIMITS.phone),
  /** Optional postal address. */
  address: optional('Address', TRACK_LIMITS.address),
  /** Whether the donor asked to stay anonymous. */
  anonymous: z.boolean('Anonymous must be true or false').default(false),
  /**
   * Whether the donor asked for the newsletter: only a box they ticked themselves (Kenya's Data Protection Act 2019
   * s.32, docs/decisions.md), so a payload without it subscribes no one.
   */
  newsletter: z.boolean('Newsletter must be true or false').default(false),
  /** When the form was submitted (ISO 8601). */
  timestamp: isoTimestamp,
});
export type DonationIntent = z.infer<typeof donationIntent>;

/** Every payload schema by its tracking type. */
export const trackPayloads = {
  newsletter_subscribe: newsletterSubscribe,
  sponsorship_application: sponsorshipApplication,
  volunteer_application: volunteerApplication,
  contact_submit: contactSubmit,
  school_volunteer_application: schoolVolunteerApplication,
  internship_application: internshipApplication,
  donation_intent: donationIntent,
} as const;

/** The tracking types the server accepts. */
export type TrackType = keyof typeof trackPayloads;
/** The tracking types, as a list. */
export const TRACK_TYPES = Object.keys(trackPayloads) as TrackType[];

/** True when `value` names an accepted tracking type. */
export function isTrackType(value: unknown): value is TrackType {
  return typeof value === 'string' && Object.hasOwn(trackPayloads, value);
}

/** Honeypot: a hidden field people leave empty; bots fill it in. */
const website = z.string().max(TRACK_LIMITS.short).optional();

/**
 * Id the browser gives one submission, so a form resent after a lost connection is stored once.
 * @example "5f0c1a52-9d1b-4c8e-9a53-2b1c0e0f6a11"
 */
const submissionId = z
  .string()
  .regex(/^[A-Za-z0-9-]{8,64}$/, 'Submission id must be 8 to 64 letters, digits or dashes')
  .optional();

/**
 * The language of the page the form was sent from: replies and receipts go in it. Anything else (or nothing, as from
 * a page cached before the site spoke Kiswahili) is English.
 */
export const formLanguage = z.enum(LOCALES).default('en').catch('en');
const language = formLanguage;

const request = <T extends TrackType>(type: T) =>
  z.object({ type: z.literal(type), payload: trackPayloads[type], website, submissionId, language });

/** The whole request body, `{type, payload, website?}`, discriminated by `type`. */
export const trackRequest = z.discriminatedUnion('type', [
  request('newsletter_subscribe'),
  request('sponsorship_application'),
  request('volunteer_application'),
  request('contact_submit'),
  request('school_volunteer_application'),
  request('internship_application'),
  request('donation_intent'),
]);
export type TrackRequest = z.infer<typeof trackRequest>;
/** The body a form sends (before defaults and trimming). */
export type TrackRequestInput = z.input<typeof trackRequest>;
