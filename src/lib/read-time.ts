/**
 * The reading-time label of a story: it starts at 5 minutes, is recomputed every 10 seconds
 * from the time spent on the page, rounded up to whole minutes, and never goes down.
 */

/** Minutes shown before any time has been spent on the page. */
export const INITIAL_READ_MINUTES = 5;

/** How often the label is recomputed. */
export const READ_TIME_REFRESH_MS = 10_000;

const MINUTE_MS = 60_000;

/** Whole minutes spent for `elapsedMs` milliseconds on the page, rounded up; 0 for no (or negative) time. */
export function minutesSpent(elapsedMs: number): number {
  return elapsedMs > 0 ? Math.ceil(elapsedMs / MINUTE_MS) : 0;
}

/** The next label value: the minutes spent, but never less than what is already shown. */
export function nextReadMinutes(shown: number, elapsedMs: number): number {
  return Math.max(shown, minutesSpent(elapsedMs));
}

/** `5 min read` */
export function readTimeLabel(minutes: number): string {
  return `${minutes} min read`;
}
