/**
 * A person's records as staff read them on the person page: labelled columns without the keys, codes and counters
 * the database keeps for itself, amounts as money, times in Nairobi, ids as the names they stand for, and one
 * sentence per kind of record ("Gifts: 2 — $40.00 on 3 Nov 2026 (confirmed, R-000012), …"). The export keeps every
 * column as it is stored.
 */
import { methodName, receiptLabel } from '../../lib/gift-labels.ts';
import { formatMoney } from '../../lib/money.ts';
import { causeTitle, childName } from '../../lib/plain-names.ts';
import { formatNairobi } from './dates.ts';
import { humanizeKey, valueText } from './details.ts';
import type { Row } from './list.ts';

/** Columns only the system reads: ids, keys, codes, hashes, raw payloads of providers. */
const HIDDEN =
  /^(id|currency|dedup_key|submission_key|token|token_hash|parent_id|plan_code|subscription_code|provider_txn|reference|recorded_by)$|_(id|key|hash|code|token)$/;

/** Labels that read better than the column's name in words. */
const LABELS: Readonly<Record<string, string>> = {
  ts: 'Received',
  amount_subunits: 'Amount',
  refunded_subunits: 'Refunded',
  receipt_no: 'Receipt',
  child_id: 'Child',
  donor_name: 'Name',
  donor_email: 'Email',
  donor_phone: 'Phone',
  interval_months: 'Every (months)',
};

/** The columns of `rows` staff read, in their stored order. */
export function shownColumns(rows: readonly Row[]): string[] {
  const keys = new Set<string>();
  for (const row of rows)
    for (const key of Object.keys(row)) if (key === 'child_id' || !HIDDEN.test(key)) keys.add(key);
  return [...keys].filter((key) => rows.some((row) => cellText(row, key) !== ''));
}

/** A column's label. */
export function columnLabel(key: string): string {
  return LABELS[key] ?? humanizeKey(key.replace(/_at$/, '').replace(/_on$/, ''));
}

/** One value of a row as staff read it. */
export function cellText(row: Row, key: string): string {
  const value = row[key];
  if (value === null || value === undefined || value === '') return '';
  if (key.endsWith('_subunits')) {
    const subunits = Number(value);
    return Number.isFinite(subunits) && (key === 'amount_subunits' || subunits > 0)
      ? formatMoney(subunits, valueText(row['currency']))
      : '';
  }
  if (key === 'receipt_no') return receiptLabel(valueText(value));
  if (key === 'child_id') return childName(valueText(value));
  if (key === 'cause') return causeTitle(valueText(value));
  if (key === 'method') return methodName(valueText(value));
  if (key === 'ts' || key.endsWith('_at')) return formatNairobi(value);
  if (typeof value === 'string') return /^[a-z]+(_[a-z]+)+$/.test(value) ? value.replaceAll('_', ' ') : value;
  return valueText(value);
}

/** The day of a time, '3 Nov 2026'. */
const dayOf = (value: unknown) => formatNairobi(value).replace(/,.*$/, '');

/** One line for a kind of record: its count, and for money its amounts, days, states and receipts. */
export function recordsSentence(label: string, rows: readonly Row[]): string {
  if (!rows.some((row) => 'amount_subunits' in row)) return `${label}: ${rows.length}`;
  const items = rows.map((row) => {
    const extras = [cellText(row, 'state'), row['receipt_no'] ? cellText(row, 'receipt_no') : '']
      .filter(Boolean)
      .join(', ');
    return `${cellText(row, 'amount_subunits')} on ${dayOf(row['ts'] ?? row['created_at'])}${extras ? ` (${extras})` : ''}`;
  });
  return `${label}: ${rows.length} — ${items.join('; ')}`;
}
