/**
 * The applications queue: the kinds of application, the answer each page promised and by when, the
 * states an application moves through, and the placeholders of the reply templates staff start from. Pure and
 * zod-free, so the dashboard and the functions share one definition.
 */
import { pastPromise, promiseAge, promiseDue, type AnswerPromise } from './cases.ts';

export { businessDaysSince, type AnswerPromise } from './cases.ts';

/** The forms whose submissions are applications staff answer. */
export const APPLICATION_KINDS = [
  'volunteer_application',
  'school_volunteer_application',
  'internship_application',
  'sponsorship_application',
] as const;
/** One of {@link APPLICATION_KINDS}. */
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];

/** True when `value` names an application kind. */
export function isApplicationKind(value: unknown): value is ApplicationKind {
  return typeof value === 'string' && (APPLICATION_KINDS as readonly string[]).includes(value);
}

/** How each kind is named, who answers it and what its page promised (spec: review 3–5, hospitals 5–7 business days, sponsorship 24 hours). */
export const APPLICATION_INFO: Readonly<
  Record<
    ApplicationKind,
    {
      readonly label: string;
      readonly who: string;
      /** The promise as the page words it. */
      readonly within: string;
      /** The upper end of the promise: past it, the application is overdue. */
      readonly promise: AnswerPromise;
      /** The detail naming what the application is for (opportunity, school, hospital, child). */
      readonly forKey: string;
      readonly forLabel: string;
    }
  >
> = {
  volunteer_application: {
    label: 'Volunteer',
    who: 'Our volunteer coordinator',
    within: 'within 3–5 business days',
    promise: { businessDays: 5 },
    forKey: 'opportunity',
    forLabel: 'Opportunity',
  },
  school_volunteer_application: {
    label: 'School volunteer',
    who: 'Our volunteer coordinator',
    within: 'within 3–5 business days',
    promise: { businessDays: 5 },
    forKey: 'school',
    forLabel: 'School',
  },
  internship_application: {
    label: 'Internship',
    who: 'Our medical coordinator',
    within: 'within 5–7 business days',
    promise: { businessDays: 7 },
    forKey: 'hospital',
    forLabel: 'Hospital',
  },
  sponsorship_application: {
    label: 'Sponsorship',
    who: 'Our team',
    within: 'within 24 hours',
    promise: { hours: 24 },
    forKey: 'childId',
    forLabel: 'Child',
  },
};

/** The states of an application. */
export const APPLICATION_STATES = ['new', 'in_review', 'accepted', 'declined', 'withdrawn'] as const;
/** One of {@link APPLICATION_STATES}. */
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/** How each state reads. */
export const STATE_LABELS: Readonly<Record<ApplicationState, string>> = {
  new: 'New',
  in_review: 'In review',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

/**
 * The moves the queue allows: new → in review → accepted, declined or withdrawn; an applicant may withdraw before
 * review; an answered application can be reopened for review.
 */
export const TRANSITIONS: Readonly<Record<ApplicationState, readonly ApplicationState[]>> = {
  new: ['in_review', 'withdrawn'],
  in_review: ['accepted', 'declined', 'withdrawn'],
  accepted: ['in_review'],
  declined: ['in_review'],
  withdrawn: ['in_review'],
};

/** True when an application in state `from` may move to `to`. */
export function canMove(from: ApplicationState, to: ApplicationState): boolean {
  return TRANSITIONS[from].includes(to);
}

/** States still waiting for an answer: only these can be overdue. */
export const OPEN_STATES: readonly ApplicationState[] = ['new', 'in_review'];

/** When the promise made at `arrived` runs out: the end of its last business day, or `hours` later. */
export function dueAt(kind: ApplicationKind, arrived: Date): Date {
  return promiseDue(APPLICATION_INFO[kind].promise, arrived);
}

/** True when an application in `state`, due at `due`, is past its promise at `now`. */
export function isOverdue(state: ApplicationState, due: Date, now: Date): boolean {
  return pastPromise(OPEN_STATES.includes(state), due, now);
}

/** The application's age against its promise, in words: "6 of 5 business days", "30 of 24 hours". */
export function ageText(kind: ApplicationKind, arrived: Date, now: Date): string {
  return promiseAge(APPLICATION_INFO[kind].promise, arrived, now);
}

/** "Wednesday 3 December" in Nairobi. */
export function nairobiDate(at: Date, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'Africa/Nairobi',
  }).format(at);
}

/**
 * The acknowledgement an applicant receives on arrival, in the language of the page they applied from (`t`, from
 * the catalogues, and `dateLocale` for the date): what happens next, and by when (the due moment, in Nairobi).
 */
export function acknowledgement(
  kind: ApplicationKind,
  name: string,
  arrived: Date,
  siteName: string,
  t: (key: AcknowledgementKey, vars?: Readonly<Record<string, string>>) => string,
  dateLocale = 'en-GB',
): { subject: string; body: string } {
  const info = APPLICATION_INFO[kind];
  const due = dueAt(kind, arrived);
  // The due moment is the start of the next day for business-day promises: name the last day itself.
  const lastDay = info.promise.hours !== undefined ? due : new Date(due.getTime() - 1);
  const by =
    info.promise.hours !== undefined
      ? `${nairobiDate(lastDay, dateLocale)}, ${nairobiTime(lastDay, dateLocale)}`
      : nairobiDate(lastDay, dateLocale);
  return {
    subject: t(`email.ack.subject.${kind}`),
    body: [
      t('email.dear', { name }),
      '',
      t(`email.ack.thanks.${kind}`, { site: siteName }),
      t(`email.ack.review.${kind}`, { by }),
      '',
      t('email.ack.nothingToDo'),
      '',
      `${siteName}`,
    ].join('\n'),
  };
}

/** The catalogue keys of an acknowledgement (src/i18n/<language>.json). */
export type AcknowledgementKey =
  'email.dear' | 'email.ack.nothingToDo' | `email.ack.${'subject' | 'thanks' | 'review'}.${ApplicationKind}`;

function nairobiTime(at: Date, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: 'Africa/Nairobi' }).format(at);
}

/** The outcomes a reply is written for. */
export const REPLY_OUTCOMES = ['accepted', 'declined'] as const;
/** One of {@link REPLY_OUTCOMES}. */
export type ReplyOutcome = (typeof REPLY_OUTCOMES)[number];

/** True when `value` names a reply outcome. */
export function isReplyOutcome(value: unknown): value is ReplyOutcome {
  return typeof value === 'string' && (REPLY_OUTCOMES as readonly string[]).includes(value);
}

/**
 * The placeholders a reply template may use, and what each is filled with when a reply is composed. The templates
 * themselves are stored in the database (`reply_templates`) and edited by staff in /samu.
 */
/** How a reply is signed while its staff member has set no display name: by the charity, never by a username. */
export const UNNAMED_SIGNATURE = "The team at Tumaini Children's Foundation";

export const REPLY_PLACEHOLDERS = {
  name: 'the name of the person replied to',
  opportunity: 'what the application is for: the role, school, hospital or child',
  subject: "what they wrote about: a contact message's subject, or the kind of application",
  staffName: 'the name the staff member sending the reply signs with, set under Your account',
  child: "in the email to a sponsor whose child left the programme: the child's first name",
  choices:
    'in the email to a sponsor whose child left the programme: the waiting children they may choose, with the links to carry on or end',
} as const;
/** One of the keys of {@link REPLY_PLACEHOLDERS}. */
export type ReplyPlaceholder = keyof typeof REPLY_PLACEHOLDERS;

/** Anything written in braces, as a placeholder would be. */
const PLACEHOLDER = /\{([^{}\n]*)\}/g;

const isPlaceholder = (key: string): key is ReplyPlaceholder => Object.hasOwn(REPLY_PLACEHOLDERS, key);

/** Every placeholder, in the order staff read them. */
export const ALL_PLACEHOLDERS = Object.keys(REPLY_PLACEHOLDERS) as ReplyPlaceholder[];

/**
 * The braced words of `text` that are not among the `allowed` placeholders, each once, in order:
 * `"{Name} {x}"` → `["{Name}", "{x}"]`.
 */
export function unknownPlaceholders(text: string, allowed: readonly ReplyPlaceholder[] = ALL_PLACEHOLDERS): string[] {
  const known = (key: string) => isPlaceholder(key) && allowed.includes(key);
  const found = [...text.matchAll(PLACEHOLDER)].filter(([, key = '']) => !known(key)).map(([whole]) => whole);
  return [...new Set(found)];
}

/** The `allowed` placeholders, as staff write them: "{name}, {opportunity} or {staffName}". */
export function placeholderList(allowed: readonly ReplyPlaceholder[] = ALL_PLACEHOLDERS): string {
  const names = allowed.map((key) => `{${key}}`);
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`;
}

/** `text` with each known placeholder replaced by its value; anything else in braces is left as written. */
export function fillPlaceholders(text: string, values: ReplyValues): string {
  return text.replace(PLACEHOLDER, (whole, key: string) => (isPlaceholder(key) ? (values[key] ?? '') : whole));
}

/** The placeholders only the email to a sponsor whose child left fills; empty in any other reply. */
export type ExitPlaceholder = 'child' | 'choices';

/** What a reply's placeholders are filled with. */
export type ReplyValues = Readonly<
  Record<Exclude<ReplyPlaceholder, ExitPlaceholder>, string> & Partial<Record<ExitPlaceholder, string>>
>;
