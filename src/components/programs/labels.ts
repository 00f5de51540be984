/** How the programs pages word their data: school urgency labels, hospital department previews, event dates. */
import type { School } from '../../data.ts';
import { dateLocale } from '../../i18n/dates.ts';

/** The label of each school urgency. */
export const URGENCY_LABELS = {
  high: 'Urgent Need',
  medium: 'Moderate Need',
  low: 'Available',
} as const satisfies Record<School['urgency'], string>;

/** The label shown for a school's urgency. */
export function urgencyLabel(urgency: School['urgency']): (typeof URGENCY_LABELS)[School['urgency']] {
  return URGENCY_LABELS[urgency];
}

/** How many departments a hospital card lists before the '+N more' count. */
export const CARD_DEPARTMENTS = 3;

/** The departments a card lists and how many are left for the '+N more' count (0 when none). */
export function departmentsPreview(
  departments: readonly string[],
  shown: number = CARD_DEPARTMENTS,
): { shown: string[]; more: number } {
  return { shown: departments.slice(0, shown), more: Math.max(0, departments.length - shown) };
}

/** An ISO date (YYYY-MM-DD) as Nairobi reads it in `locale`, e.g. `19 October 2025`, `19 Oktoba 2025`. */
export function formatEventDate(isoDate: string, locale = 'en'): string {
  return new Date(`${isoDate}T12:00:00+03:00`).toLocaleDateString(dateLocale(locale), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Nairobi',
  });
}
