/**
 * Contact messages as cases: the reply the contact page promises and by when, and where a message stands (open,
 * replied, done). Pure and zod-free, shared by the contact page, the dashboard and the functions.
 */
import { pastPromise, promiseAge, promiseDue, type AnswerPromise } from './cases.ts';

/** The reply the contact page promises; past it, a message not yet replied to or done is overdue. */
export const CONTACT_PROMISE = { hours: 24 } as const satisfies AnswerPromise;

/** The promise as the contact page words it. */
export const CONTACT_WITHIN = `within ${CONTACT_PROMISE.hours} hours`;

/** Where a contact message stands. */
export const CONTACT_STATUSES = ['open', 'replied', 'done'] as const;
/** One of {@link CONTACT_STATUSES}. */
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** How each status reads. */
export const CONTACT_STATUS_LABELS: Readonly<Record<ContactStatus, string>> = {
  open: 'Open',
  replied: 'Replied',
  done: 'Done',
};

/** The moments a message's status is read from (ISO text, a Date or null). */
export interface ContactMoments {
  readonly ts: Date | string;
  readonly repliedAt: Date | string | null;
  readonly doneAt: Date | string | null;
}

/** Done once staff said so; replied once a reply went out; open until then. */
export function contactStatus(message: Pick<ContactMoments, 'repliedAt' | 'doneAt'>): ContactStatus {
  if (message.doneAt) return 'done';
  return message.repliedAt ? 'replied' : 'open';
}

/** When the reply to a message that arrived at `arrived` is due. */
export function contactDueAt(arrived: Date | string): Date {
  return promiseDue(CONTACT_PROMISE, new Date(arrived));
}

/** True when the message is neither replied to nor done, and its promise has run out at `now`. */
export function isContactOverdue(message: ContactMoments, now: Date): boolean {
  return pastPromise(contactStatus(message) === 'open', contactDueAt(message.ts), now);
}

/** The message's age against the promise: "30 of 24 hours". */
export function contactAge(arrived: Date | string, now: Date): string {
  return promiseAge(CONTACT_PROMISE, new Date(arrived), now);
}
