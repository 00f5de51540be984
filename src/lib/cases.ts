/**
 * What every case staff answer (an application, a contact message) shares: the promise the public page made, when
 * it runs out, how old a case is against it, and the one overdue rule. Pure and zod-free, so the dashboard and the
 * functions share one definition.
 */

/** What the site promised: an answer within `businessDays` (Monday to Friday, Nairobi) or within `hours`. */
export type AnswerPromise =
  | { readonly businessDays: number; readonly hours?: undefined }
  | { readonly hours: number; readonly businessDays?: undefined };

/** Nairobi is UTC+3 all year. */
const NAIROBI_MS = 3 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Days since 1970-01-01 of the Nairobi calendar day `at` falls on. */
function nairobiDay(at: Date): number {
  return Math.floor((at.getTime() + NAIROBI_MS) / DAY_MS);
}

/** True for Monday to Friday (day 0 was a Thursday). */
function isBusinessDay(day: number): boolean {
  const weekday = (day + 4) % 7;
  return weekday !== 0 && weekday !== 6;
}

/** Business days (Monday to Friday, Nairobi) after the day of `from`, up to and including the day of `now`. */
export function businessDaysSince(from: Date, now: Date): number {
  let count = 0;
  for (let day = nairobiDay(from) + 1; day <= nairobiDay(now); day += 1) if (isBusinessDay(day)) count += 1;
  return count;
}

/** When `promise`, made at `arrived`, runs out: the end of its last business day, or `hours` later. */
export function promiseDue(promise: AnswerPromise, arrived: Date): Date {
  if (promise.hours !== undefined) return new Date(arrived.getTime() + promise.hours * HOUR_MS);
  let day = nairobiDay(arrived);
  for (let left = promise.businessDays; left > 0;) {
    day += 1;
    if (isBusinessDay(day)) left -= 1;
  }
  // The first moment of the next Nairobi day.
  return new Date((day + 1) * DAY_MS - NAIROBI_MS);
}

/** A case's age against its promise, in words: "6 of 5 business days", "30 of 24 hours". */
export function promiseAge(promise: AnswerPromise, arrived: Date, now: Date): string {
  if (promise.hours !== undefined) {
    const hours = Math.max(0, Math.floor((now.getTime() - arrived.getTime()) / HOUR_MS));
    return `${hours} of ${promise.hours} hours`;
  }
  return `${businessDaysSince(arrived, now)} of ${promise.businessDays} business days`;
}

/** The overdue rule of every case: still waiting for its answer, and `now` is at or past the moment it was due. */
export function pastPromise(waiting: boolean, due: Date, now: Date): boolean {
  return waiting && now.getTime() >= due.getTime();
}
