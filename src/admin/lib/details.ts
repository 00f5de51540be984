import { applicationForName, causeTitle, childName } from '../../lib/plain-names.ts';
import { formatNairobi } from './dates.ts';

/** One labelled value of a free-form record (a volunteer's details, an event's payload). */
export type Detail = { readonly key: string; readonly label: string; readonly value: string };

/** Labels that read better than the key turned into words. */
const LABELS: Readonly<Record<string, string>> = {
  childId: 'Child',
  child_id: 'Child',
  yearOfStudy: 'Year of study',
  medicalField: 'Field of interest',
  paymentMethod: 'Payment method',
  sponsorshipType: 'Sponsorship type',
  previousExperience: 'Previous experience',
  donor_name: 'Donor',
  ts: 'Time',
};

/** Turns a key into a label: 'yearOfStudy' → 'Year of study', 'donor_name' → 'Donor name'. */
export function humanizeKey(key: string): string {
  const known = LABELS[key];
  if (known) return known;
  const words = key
    .replaceAll(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A stored string as staff read it: a code in words ('receipt_pdf' → 'receipt pdf'), a time in Nairobi. */
function stringText(value: string): string {
  if (/^[a-z]+(_[a-z]+)+$/.test(value)) return value.replaceAll('_', ' ');
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return formatNairobi(value);
  return value;
}

/** A field's value as staff read it: a child's or a cause's id as its name, anything else as {@link valueText}. */
function fieldText(key: string, value: unknown): string {
  if (typeof value === 'string' && (key === 'childId' || key === 'child_id' || key === 'child'))
    return childName(value);
  if (typeof value === 'string' && key === 'cause') return causeTitle(value);
  if (typeof value === 'string' && (key === 'opportunity' || key === 'school' || key === 'hospital')) {
    return applicationForName(value);
  }
  return valueText(value);
}

/** Writes any value as short readable text: lists joined by commas, yes/no for booleans, nested objects as 'key: value'. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return stringText(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map(valueText).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value)
      .map(([key, inner]) => [labelOf(key, inner), fieldText(key, inner)] as const)
      .filter(([, text]) => text !== '')
      .map(([label, text]) => `${label}: ${text}`)
      .join('; ');
  }
  return '';
}

/** The sponsor form names how often a sponsor pays `paymentMethod` ('monthly'): staff read it as that. */
const FREQUENCIES = new Set(['monthly', 'yearly', 'annually', 'quarterly', 'one-time', 'once']);

function labelOf(key: string, value: unknown): string {
  if (key === 'paymentMethod' && typeof value === 'string' && FREQUENCIES.has(value)) return 'How often';
  return humanizeKey(key);
}

/** The non-empty fields of a record as labelled values, leaving out the keys in `omit`. */
export function detailEntries(record: unknown, omit: readonly string[] = []): Detail[] {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    const text = valueText(record);
    return text ? [{ key: 'value', label: 'Value', value: text }] : [];
  }
  return Object.entries(record)
    .filter(([key]) => !omit.includes(key))
    .map(([key, value]) => ({ key, label: labelOf(key, value), value: fieldText(key, value) }))
    .filter((detail) => detail.value !== '');
}

/** The same fields as one line, for search and CSV: 'Phone: 0700; Skills: Teaching, First aid'. */
export function detailsText(record: unknown, omit: readonly string[] = []): string {
  return detailEntries(record, omit)
    .map((detail) => `${detail.label}: ${detail.value}`)
    .join('; ');
}
