/**
 * What the notification emails say. Pure: the same input always gives the same text, so the outbox can show exactly
 * what was (or would have been) sent.
 *
 * Personal data is kept to what staff need to act (docs/decisions.md, Kenya's Data Protection Act 2019): the
 * person's name and the few fields that say what they want. Email addresses, phone numbers, postal addresses, age,
 * nationality and free-text messages stay in the dashboard, behind the staff sign-in; the subject line carries no
 * personal data at all, because phones show it on the lock screen.
 */
import { causeTitle, childName } from '../../../../src/lib/plain-names.ts';
import type { TrackRequest, TrackType } from '../../../../src/schemas/track.ts';

/** Tracking types a person wrote, each told to staff one by one. Newsletter sign-ups only go in the daily digest. */
export type InstantType = Exclude<TrackType, 'newsletter_subscribe'>;

/** A rendered notification and where its link points. */
export interface Notice {
  readonly subject: string;
  readonly body: string;
  /** Dashboard tab of the item. */
  readonly resource: string;
  /** Row id in that tab. */
  readonly recordId: string;
}

/** What each kind of submission is called, and the dashboard tab that lists it. */
export const SUBMISSION_KINDS: Readonly<Record<InstantType, { readonly label: string; readonly resource: string }>> = {
  contact_submit: { label: 'contact message', resource: 'contacts' },
  volunteer_application: { label: 'volunteer application', resource: 'volunteers' },
  school_volunteer_application: { label: 'school volunteering application', resource: 'volunteers' },
  internship_application: { label: 'internship application', resource: 'volunteers' },
  sponsorship_application: { label: 'sponsorship application', resource: 'volunteers' },
  donation_intent: { label: 'donation intent', resource: 'donations' },
};

const MAX_VALUE = 120;

/** The dashboard address of one item: its tab in the hash, the row in `item`. */
export function itemLink(siteUrl: string, resource: string, recordId?: string | null): string {
  const base = siteUrl.replace(/\/+$/, '');
  return `${base}/samu${recordId ? `?item=${encodeURIComponent(recordId)}` : ''}#${resource}`;
}

/** A value on one short line; long or multi-line values are cut, so a visitor cannot fill a staff inbox. */
function clip(value: string | number | readonly string[] | null | undefined): string {
  const textValue = Array.isArray(value)
    ? value.join(', ')
    : value === undefined || value === null
      ? ''
      : String(value);
  const flat = textValue.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_VALUE ? `${flat.slice(0, MAX_VALUE - 1)}…` : flat;
}

function line(label: string, value: string | number | readonly string[] | null | undefined): string | undefined {
  const clipped = clip(value);
  return clipped === '' ? undefined : `${label}: ${clipped}`;
}

const capitalise = (value: string) => `${value[0]?.toUpperCase() ?? ''}${value.slice(1)}`;

/** The key fields of a submission: what staff need to decide what to do, nothing more. */
export function keyFields(request: TrackRequest): (string | undefined)[] {
  switch (request.type) {
    case 'contact_submit': {
      const { name, type, subject } = request.payload;
      return [line('Name', name), line('Enquiry', capitalise(type)), line('Subject', subject)];
    }
    case 'volunteer_application': {
      const { name, opportunity, availability, skills } = request.payload;
      return [
        line('Name', name),
        line('Role', opportunity ?? 'No preference'),
        line('Availability', availability),
        line('Skills', skills),
      ];
    }
    case 'school_volunteer_application': {
      const { name, school, subjects, availability } = request.payload;
      return [
        line('Name', name),
        line('School', school),
        line('Subjects', subjects),
        line('Availability', availability),
      ];
    }
    case 'internship_application': {
      const { name, university, yearOfStudy, medicalField, duration, hospital } = request.payload;
      return [
        line('Name', name),
        line('University', university),
        line('Year of study', yearOfStudy),
        line('Field', medicalField),
        line('Duration', duration),
        line('Hospital', hospital),
      ];
    }
    case 'sponsorship_application': {
      const { name, sponsorshipType, paymentMethod, childId } = request.payload;
      return [
        line('Name', name),
        line('Sponsorship', `${capitalise(sponsorshipType)}, paid ${paymentMethod}`),
        line('Child', childName(childId)),
      ];
    }
    case 'donation_intent': {
      const { name, anonymous, amount, type, cause, paymentMethod } = request.payload;
      return [
        // An anonymous donor's name stays out of email as it stays out of the donations list.
        line('Name', anonymous ? 'Anonymous donor' : name),
        line('Amount', `$${amount.toFixed(2)} USD, ${type}`),
        line('Cause', causeTitle(cause)),
        line('Payment', paymentMethod),
      ];
    }
    case 'newsletter_subscribe':
      return [line('Name', request.payload.name ?? 'No name given')];
  }
}

/** The email for one submission a person wrote. */
export function submissionNotice(
  request: Exclude<TrackRequest, { type: 'newsletter_subscribe' }>,
  recordId: string,
  siteUrl: string,
): Notice {
  const { label, resource } = SUBMISSION_KINDS[request.type];
  const body = [
    `A new ${label} arrived on the website.`,
    '',
    ...keyFields(request).filter((value): value is string => value !== undefined),
    '',
    'Open it in the staff dashboard:',
    itemLink(siteUrl, resource, recordId),
    '',
    'Contact details and the full form are in the dashboard only.',
  ].join('\n');
  return { subject: `New ${label} (#${recordId})`, body, resource, recordId };
}

/** One newsletter sign-up in a digest. */
export interface DigestSignUp {
  readonly name: string | null;
}

/** One submission in a digest: its subject line and link, as its own email had them. */
export interface DigestSubmission {
  readonly subject: string;
  readonly resource: string;
  readonly recordId: string | null;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * The daily digest of one Nairobi day (`YYYY-MM-DD`): the day's newsletter sign-ups and, for staff who chose a
 * digest instead of instant emails, the day's submissions; and how many applications are past their promise.
 */
export function digestNotice(
  day: string,
  signUps: readonly DigestSignUp[],
  submissions: readonly DigestSubmission[],
  siteUrl: string,
  overdue = 0,
): Notice {
  const counts = [
    ...(overdue > 0 ? [`${plural(overdue, 'application')} overdue`] : []),
    ...(submissions.length > 0 ? [plural(submissions.length, 'submission')] : []),
    plural(signUps.length, 'newsletter sign-up'),
  ];
  const lines = [`What arrived on the website on ${day} (Nairobi time).`];
  if (overdue > 0) {
    lines.push(
      '',
      `${plural(overdue, 'application')} overdue: past the answer the website promised. They are listed first in:`,
      itemLink(siteUrl, 'volunteers'),
    );
  }
  if (submissions.length > 0) {
    lines.push('', `${plural(submissions.length, 'submission')}:`);
    for (const item of submissions) lines.push(`- ${item.subject}: ${itemLink(siteUrl, item.resource, item.recordId)}`);
  }
  lines.push('', `${plural(signUps.length, 'newsletter sign-up')}:`);
  for (const signUp of signUps) lines.push(`- ${clip(signUp.name) || 'No name given'}`);
  lines.push('', 'All subscribers:', itemLink(siteUrl, 'newsletter'));
  return {
    subject: `Daily summary for ${day}: ${counts.join(', ')}`,
    body: lines.join('\n'),
    resource: 'newsletter',
    recordId: '',
  };
}
