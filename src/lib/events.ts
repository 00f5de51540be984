/**
 * Which events are still to come and which are over, decided by date against the day the site is built (Nairobi
 * time), so the programs page follows the calendar without anyone editing a `kind` by hand.
 */

/** Anything with an event date written `YYYY-MM-DD`, possibly cancelled. */
export type Dated = { readonly date: string; readonly cancelled?: boolean };

/** Events sorted for the site: the next one featured, then the rest to come, then the past. */
export type ClassifiedEvents<T extends Dated> = {
  /** The next event (soonest on or after today), or undefined when nothing is planned. */
  readonly featured: T | undefined;
  /** The events after the featured one, soonest first. */
  readonly upcoming: readonly T[];
  /** Events before today, latest first. */
  readonly past: readonly T[];
};

/** Today's date in Nairobi as `YYYY-MM-DD` (the site is built and read there). */
export function nairobiToday(now: Date = new Date()): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(now);
}

/**
 * The day a build decides by: `SITE_DATE` (YYYY-MM-DD) when set, so a test or a rebuild can name the day, else
 * today in Nairobi.
 */
export function buildDay(
  env: Readonly<Record<string, string | undefined>> = process.env,
  now: Date = new Date(),
): string {
  const given = env['SITE_DATE'];
  if (given === undefined || given === '') return nairobiToday(now);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(given) || Number.isNaN(Date.parse(given))) {
    throw new Error(`SITE_DATE must be a day written YYYY-MM-DD, not "${given}"`);
  }
  return given;
}

/** True when an event dated `date` is over on `today`: an event on the day itself is still upcoming. */
export function isPast(date: string, today: string): boolean {
  return date < today;
}

/** Splits events into the featured (next) one, the other upcoming ones (soonest first) and past ones (latest first). */
export function classifyEvents<T extends Dated>(events: readonly T[], today: string): ClassifiedEvents<T> {
  const soonestFirst = [...events].sort((a, b) => a.date.localeCompare(b.date));
  // A cancelled event is never featured (it asks for no contribution) and leaves the site once its day has passed.
  const toCome = soonestFirst.filter((event) => !isPast(event.date, today));
  const featured = toCome.find((event) => !event.cancelled);
  const upcoming = toCome.filter((event) => event !== featured);
  const past = soonestFirst.filter((event) => isPast(event.date, today) && !event.cancelled).reverse();
  return { featured, upcoming, past };
}

/**
 * The past events of the latest year that has any, up to `today`'s year: the donate page's "what gifts did this year"
 * shows the build year's events, or names the year it shows when this year has none yet.
 */
export function latestYearOfPast<T extends Dated>(
  events: readonly T[],
  today: string,
): { readonly year: string; readonly events: readonly T[] } | undefined {
  const { past } = classifyEvents(events, today);
  const year = past[0]?.date.slice(0, 4);
  return year === undefined ? undefined : { year, events: past.filter((event) => event.date.startsWith(year)) };
}
