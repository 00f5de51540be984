/**
 * Office hours in Nairobi time (Mon–Fri 8:00 AM–6:00 PM, Saturday closed, Sunday 9:00 AM–2:00 PM,
 * Africa/Nairobi). Pure: the rules come from `site.officeHours` and the instant is passed in, so any visitor's
 * own time zone is irrelevant.
 */

/** The office's time zone. */
export const NAIROBI_TIME_ZONE = 'Africa/Nairobi';

/** How often the contact page's clock refreshes. */
export const CLOCK_REFRESH_MS = 1000;

/** One line of the opening hours: weekdays (0 = Sunday) and, unless closed, opening and closing `HH:MM`. */
export type OfficeHoursRule = {
  readonly days: readonly number[];
  readonly open?: string | undefined;
  readonly close?: string | undefined;
};

/** The wall-clock reading in Nairobi at some instant. */
export type NairobiClock = {
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  hour: number;
  minute: number;
  second: number;
};

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: NAIROBI_TIME_ZONE,
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const timeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: NAIROBI_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
});

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: NAIROBI_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** The weekday and time of day in Nairobi at `date`. */
export function nairobiClock(date: Date): NairobiClock {
  const parts = Object.fromEntries(partsFormat.formatToParts(date).map((part) => [part.type, part.value]));
  return {
    weekday: WEEKDAYS.indexOf(parts['weekday'] ?? ''),
    hour: Number(parts['hour']),
    minute: Number(parts['minute']),
    second: Number(parts['second']),
  };
}

/** Minutes after midnight of an `HH:MM` string. */
function minutesOf(hhmm: string): number {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return hours * 60 + minutes;
}

/** True when the office is open at `date`: opening time included, closing time excluded. */
export function isOfficeOpen(date: Date, rules: readonly OfficeHoursRule[]): boolean {
  const clock = nairobiClock(date);
  const now = clock.hour * 60 + clock.minute;
  return rules.some(
    (rule) =>
      rule.days.includes(clock.weekday) &&
      rule.open !== undefined &&
      rule.close !== undefined &&
      now >= minutesOf(rule.open) &&
      now < minutesOf(rule.close),
  );
}

/** Kiswahili pages read the clock on 24 hours, as Kenyan Kiswahili writes it (`14:05:07`). */
const swTimeFormat = new Intl.DateTimeFormat('sw-KE', {
  timeZone: NAIROBI_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const swDateFormat = new Intl.DateTimeFormat('sw-KE', {
  timeZone: NAIROBI_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** Nairobi time of day with seconds, e.g. `9:05:07 AM` (`09:05:07` in Kiswahili). */
export function formatNairobiTime(date: Date, locale = 'en'): string {
  return (locale === 'sw' ? swTimeFormat : timeFormat).format(date);
}

/** Nairobi date, e.g. `Sunday, 12 October 2025` (`Jumapili, 12 Oktoba 2025` in Kiswahili). */
export function formatNairobiDate(date: Date, locale = 'en'): string {
  return (locale === 'sw' ? swDateFormat : dateFormat).format(date);
}

/**
 * A line of opening hours' days in `intlLocale`'s words: a run of days as its first and last (`Jumatatu – Ijumaa`),
 * other days one by one.
 */
export function officeDaysLabel(days: readonly number[], intlLocale: string): string {
  // 4 January 1970 was a Sunday: day n of the week is n days later.
  const format = new Intl.DateTimeFormat(intlLocale, { weekday: 'long', timeZone: 'UTC' });
  const name = (day: number) => format.format(new Date(Date.UTC(1970, 0, 4 + day)));
  const run = days.length > 2 && days.every((day, i) => i === 0 || day === (days[i - 1] ?? 0) + 1);
  if (run) return `${name(days[0] ?? 0)} – ${name(days.at(-1) ?? 0)}`;
  return days.map(name).join(', ');
}
