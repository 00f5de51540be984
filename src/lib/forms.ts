/**
 * The seven public forms: where each lives, where a plain (JavaScript-off) post lands, what its success says, and
 * how a submitted form becomes a tracking request. Zod-free, so the islands and the track function share it.
 */
import type { TrackType } from '../schemas/track.ts';

/** A public form's page, its "sent" page and the spec §8 success text. */
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

/** Every public form by its tracking type. */
export const FORMS: Record<TrackType, FormInfo> = {
  newsletter_subscribe: {
    page: '/',
    slug: 'newsletter',
    title: 'Subscribed',
    success: 'Thank you, you are subscribed to our newsletter.',
  },
  contact_submit: {
    page: '/contact/',
    slug: 'contact',
    title: 'Message sent',
    success: 'Thank you! Your message has been sent. We reply to every message within 24 hours.',
  },
  donation_intent: {
    page: '/donate/',
    slug: 'donation',
    title: 'Thank you for your gift',
    success: 'Thank you for your generosity! Continue to our secure payment portal to complete your donation.',
  },
  sponsorship_application: {
    page: '/sponsor/',
    slug: 'sponsorship',
    title: 'Sponsorship application received',
    success:
      'Redirecting to secure payment portal. After payment, our team will contact you within 24 hours to complete the sponsorship setup.',
  },
  volunteer_application: {
    page: '/volunteer/',
    slug: 'volunteer',
    title: 'Application received',
    success:
      'Volunteer application submitted successfully! Our volunteer coordinator will contact you within 3-5 business days.',
  },
  school_volunteer_application: {
    page: '/programs/school-volunteering/',
    slug: 'school-volunteering',
    title: 'Application received',
    success: "Application submitted successfully! We'll contact you within 3-5 business days.",
  },
  internship_application: {
    page: '/programs/hospital-internships/',
    slug: 'internship',
    title: 'Application received',
    success:
      'Application submitted successfully! Our medical coordinator will review your application and contact you within 5-7 business days.',
  },
};

/** The message shown while a submission waits for the connection (issue 11: never a silent loss). */
export const NOT_SENT =
  'Not sent yet: we could not reach our server. Your answers are kept here and on this device, and they are sent automatically as soon as the connection is back.';

/** Name of the hidden field that carries the tracking type (`type` is a contact form field). */
export const FORM_TYPE_FIELD = 'form';

// Fields that are lists even with one value, and checkboxes (present = ticked, absent = not).
const LIST_FIELDS = new Set(['skills', 'subjects']);
const CHECKBOX_FIELDS = new Set(['anonymous', 'newsletter']);
// Fields of the request itself rather than of the payload.
const REQUEST_FIELDS = new Set([FORM_TYPE_FIELD, 'website', 'submissionId', 'customAmount']);
const TIMESTAMPED: ReadonlySet<string> = new Set(['sponsorship_application', 'donation_intent']);

/** The body of a tracking request, as the JSON API takes it. */
export type TrackBody = { type: string; payload: Record<string, unknown>; website?: string; submissionId?: string };

/**
 * Turns a submitted form's fields into a tracking request, the same way in the browser (FormData) and on the
 * server (a form-encoded post): lists stay lists, checkboxes become booleans, a typed donation amount wins over the
 * preset, and the submission time is added where the schema asks for one.
 */
export function trackBodyFromForm(fields: Iterable<[string, FormDataEntryValue]>, now = new Date()): TrackBody {
  const values = new Map<string, string[]>();
  for (const [name, value] of fields) {
    if (typeof value !== 'string') continue;
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  const first = (name: string) => values.get(name)?.[0];
  const type = first(FORM_TYPE_FIELD) ?? '';
  const payload: Record<string, unknown> = {};
  for (const [name, list] of values) {
    if (REQUEST_FIELDS.has(name)) continue;
    payload[name] = LIST_FIELDS.has(name) ? list.filter((item) => item.trim() !== '') : list[0];
  }
  if (type === 'donation_intent') for (const name of CHECKBOX_FIELDS) payload[name] = values.has(name);
  const customAmount = first('customAmount')?.trim();
  if (customAmount) payload['amount'] = customAmount;
  if (TIMESTAMPED.has(type) && payload['timestamp'] === undefined) payload['timestamp'] = now.toISOString();
  const website = first('website');
  const submissionId = first('submissionId');
  return {
    type,
    payload,
    ...(website ? { website } : {}),
    ...(submissionId ? { submissionId } : {}),
  };
}
