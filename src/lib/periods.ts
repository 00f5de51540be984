/**
 * The periods the Gifts tab's totals and month-end reports cover: a month, a quarter, a year or a date range, each a
 * pair of days of Nairobi's calendar (both included), with the words a report prints for it. Days are `YYYY-MM-DD`.
 */

/** The kinds of period staff choose from. */
export const PERIOD_KINDS = ['month', 'quarter', 'year', 'range'] as const;
/** One of {@link PERIOD_KINDS}. */
export type PeriodKind = (typeof PERIOD_KINDS)[number];

/** What staff chose; missing parts default to the period that holds today. */
export interface PeriodChoice {
  readonly period: PeriodKind;
  /** `2026-10` (month). */
  readonly month?: string | undefined;
  /** 1 to 4 (quarter, with `year`). */
  readonly quarter?: number | undefined;
  /** 2026 (quarter, year). */
  readonly year?: number | undefined;
  /** First day (range). */
  readonly from?: string | undefined;
  /** Last day, included (range). */
  readonly to?: string | undefined;
}

/** A period resolved to its days. */
export interface GiftPeriod {
  readonly kind: PeriodKind;
  /** First day, included. */
  readonly from: string;
  /** Last day, included. */
  readonly to: string;
  /** In words: `October 2026`, `Q4 2026 (October to December)`, `2026`, `3 October 2026 to 15 November 2026`. */
  readonly label: string;
  /** For file names: `2026-10`, `2026-Q4`, `2026`, `2026-10-03_2026-11-15`. */
  readonly slug: string;
}

const NAIROBI = 'Africa/Nairobi';

const DAY = new Intl.DateTimeFormat('en-CA', { timeZone: NAIROBI, year: 'numeric', month: '2-digit', day: '2-digit' });
const TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: NAIROBI,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The day of Nairobi's calendar a moment falls on, `2026-10-30`; '' for nothing or an unreadable value. */
export function nairobiDay(value: unknown): string {
  if (!(value instanceof Date) && typeof value !== 'string' && typeof value !== 'number') return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : DAY.format(date);
}

/** A moment in Nairobi as `2026-11-27 14:03`; '' for nothing or an unreadable value. */
export function nairobiDayTime(value: unknown): string {
  const day = nairobiDay(value);
  return day ? `${day} ${TIME.format(new Date(value as string))}` : '';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The last day of a month (1 to 12) of a year. */
function lastDay(year: number, month: number): string {
  return `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;
}

const MONTH_NAME = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'long' });
const LONG_DAY = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
const monthName = (month: number) => MONTH_NAME.format(new Date(Date.UTC(2000, month - 1, 1)));

/** A day as reports print it: `30 October 2026`. */
export function longDay(day: string): string {
  return LONG_DAY.format(new Date(`${day}T00:00:00Z`));
}

/** The period staff chose, resolved against `today` (a Nairobi day) for the parts they left out. */
export function resolvePeriod(choice: PeriodChoice, today: string): GiftPeriod {
  const thisYear = Number(today.slice(0, 4));
  const thisMonth = Number(today.slice(5, 7));
  if (choice.period === 'year') {
    const year = choice.year ?? thisYear;
    return { kind: 'year', from: `${year}-01-01`, to: `${year}-12-31`, label: String(year), slug: String(year) };
  }
  if (choice.period === 'quarter') {
    const year = choice.year ?? thisYear;
    const quarter = choice.quarter ?? Math.ceil(thisMonth / 3);
    const first = quarter * 3 - 2;
    return {
      kind: 'quarter',
      from: `${year}-${pad(first)}-01`,
      to: lastDay(year, first + 2),
      label: `Q${quarter} ${year} (${monthName(first)} to ${monthName(first + 2)})`,
      slug: `${year}-Q${quarter}`,
    };
  }
  if (choice.period === 'range') {
    const from = choice.from ?? today;
    const to = choice.to ?? today;
    return { kind: 'range', from, to, label: `${longDay(from)} to ${longDay(to)}`, slug: `${from}_${to}` };
  }
  const [year, month] = (choice.month ?? today.slice(0, 7)).split('-').map(Number) as [number, number];
  return {
    kind: 'month',
    from: `${year}-${pad(month)}-01`,
    to: lastDay(year, month),
    label: `${monthName(month)} ${year}`,
    slug: `${year}-${pad(month)}`,
  };
}

/** The query string that asks for `period` again (the downloads' links, the chooser's form). */
export function periodQuery(period: GiftPeriod): string {
  const params = new URLSearchParams({ period: period.kind });
  if (period.kind === 'month') params.set('month', period.slug);
  else if (period.kind === 'year') params.set('year', period.slug);
  else if (period.kind === 'quarter') {
    params.set('year', period.slug.slice(0, 4));
    params.set('quarter', period.slug.slice(-1));
  } else {
    params.set('from', period.from);
    params.set('to', period.to);
  }
  return params.toString();
}
