/** The charity's time zone: every staff-facing time is shown in it. */
export const NAIROBI = 'Africa/Nairobi';

const formatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: NAIROBI,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Formats an ISO timestamp as Nairobi local time, e.g. '5 Jan 2025, 14:03'; anything unreadable is shown as it came. */
export function formatNairobi(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return formatter.format(date);
}

/** A file-name-safe date stamp of now in Nairobi, e.g. '2025-01-05'. */
export function nairobiDateStamp(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: NAIROBI,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Nairobi local time in a sortable form for spreadsheets, e.g. '2025-01-05 14:03'; anything unreadable as it came. */
export function nairobiSortable(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: NAIROBI,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

const relative = new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' });

/**
 * How long ago an ISO timestamp was, in words: 'just now' under a minute, then '5 minutes ago', '3 hours ago',
 * 'yesterday', '4 days ago'. `now` is injectable for tests; anything unreadable is shown as it came.
 */
export function timeAgo(value: string, now: Date = new Date()): string {
  const then = new Date(value).getTime();
  if (Number.isNaN(then)) return value;
  const minutes = Math.max(0, Math.floor((now.getTime() - then) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return relative.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return relative.format(-hours, 'hour');
  return relative.format(-Math.floor(hours / 24), 'day');
}
