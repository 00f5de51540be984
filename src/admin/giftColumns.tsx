import { KIND_LABELS, METHOD_LABELS, receiptLabel as printedReceipt } from '../lib/gift-labels.ts';
import { formatMoney } from '../lib/money.ts';
import { nairobiDay } from '../lib/periods.ts';
import { causeTitle, childName } from '../lib/plain-names.ts';
import type { GIFT_STATE_VALUES } from '../schemas/gifts.ts';
import { humanizeKey } from './lib/details.ts';
import { nairobiSortable } from './lib/dates.ts';
import { safeHref, text } from './lib/format.ts';
import type { CsvColumn } from './lib/csv.ts';
import type { Row } from './lib/list.ts';
import type { Column } from './table.ts';
import { timeColumn } from './columns.tsx';

/** What each gift state is called on screen. */
export const GIFT_STATE_LABELS: Readonly<Record<string, string>> &
  Readonly<Record<(typeof GIFT_STATE_VALUES)[number], string>> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  failed: 'Failed',
  refunded: 'Refunded',
  abandoned: 'Abandoned',
  unmatched: 'Unmatched (to assign)',
};

/** A payment method in words (the list receipts use too). */
export function methodLabel(method: unknown): string {
  const key = text(method);
  return METHOD_LABELS[key] ?? humanizeKey(key);
}

/** A kind of gift in words. */
export function kindLabel(kind: unknown): string {
  const key = text(kind);
  return KIND_LABELS[key] ?? humanizeKey(key);
}

/**
 * When the money was received: its confirmation (staff give the day a cash or PayPal gift arrived); an unmatched gift
 * is dated when the provider received it. Nothing for a gift not paid yet.
 */
export function receivedAt(row: Row): unknown {
  return row['confirmed_at'] ?? (row['state'] === 'unmatched' ? row['ts'] : null);
}

const RECEIVED_DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Nairobi',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** The day the money was received, `30 Oct 2026`; '' when it has not been. */
function receivedDay(row: Row): string {
  const day = nairobiDay(receivedAt(row));
  return day ? RECEIVED_DAY.format(new Date(`${day}T12:00:00+03:00`)) : '';
}

/** A gift's amount with its currency, and what of it was refunded. */
export function giftAmount(row: Row): string {
  const subunits = Number(row['amount_subunits']);
  if (!Number.isFinite(subunits)) return '';
  const currency = text(row['currency']);
  const refunded = Number(row['refunded_subunits']);
  const amount = formatMoney(subunits, currency);
  return refunded > 0 && refunded < subunits ? `${amount} (${formatMoney(refunded, currency)} refunded)` : amount;
}

/** The receipt number as printed, R-000012. */
export function receiptLabel(row: Row): string {
  return row['receipt_no'] ? printedReceipt(text(row['receipt_no'])) : '';
}

/** What the gift supports: its cause, or the child it sponsors. */
export function giftSupports(row: Row): string {
  if (row['kind'] === 'sponsorship') return `Sponsorship of ${childName(text(row['child_id']))}`;
  return causeTitle(text(row['cause']));
}

/** One-time, Monthly… and, for a recurring gift, its subscription's state. */
export function giftFrequency(row: Row): string {
  const frequency = humanizeKey(text(row['frequency']));
  const subscription = text(row['subscription_state']);
  return subscription ? `${frequency} (${subscription})` : frequency;
}

/** The state, and the flag when the gift needs a look. */
export function giftState(row: Row): string {
  const state = GIFT_STATE_LABELS[text(row['state'])] ?? text(row['state']);
  return row['flag'] ? `${state}, flagged` : state;
}

const donor = (row: Row) => (row['anonymous'] ? `${text(row['donor_name'])} (anonymous)` : text(row['donor_name']));

/** The Gifts table's columns. */
export const GIFT_COLUMNS: readonly Column[] = [
  {
    key: 'received',
    header: 'Received',
    className: 'col-time',
    cell: (row) => {
      const day = receivedDay(row);
      return day ? <time dateTime={nairobiDay(receivedAt(row))}>{day}</time> : '';
    },
    text: receivedDay,
  },
  { ...timeColumn, header: 'Entered (Nairobi)' },
  {
    key: 'state',
    header: 'State',
    cell: (row) => (
      <>
        <span className={`status status-${text(row['state'])}`}>{giftState(row)}</span>
        {Boolean(row['flag']) && <p className="gift-flag">{text(row['flag'])}</p>}
      </>
    ),
    text: (row) => `${giftState(row)} ${text(row['flag'])}`,
  },
  { key: 'donor_name', header: 'Donor', cell: donor, text: donor },
  {
    key: 'donor_email',
    header: 'Email',
    className: 'col-email',
    cell: (row) => {
      const address = text(row['donor_email']);
      return address ? <a href={`mailto:${address}`}>{address}</a> : '';
    },
    text: (row) => text(row['donor_email']),
  },
  { key: 'amount', header: 'Amount', className: 'col-number', cell: giftAmount, text: giftAmount },
  { key: 'cause', header: 'Cause', cell: giftSupports, text: giftSupports },
  { key: 'frequency', header: 'Type', cell: giftFrequency, text: giftFrequency },
  {
    key: 'method',
    header: 'Method',
    cell: (row) => {
      const label = methodLabel(row['method']);
      const href = safeHref(row['provider_url']);
      return href ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {label}
          <span className="visually-hidden">
            {' '}
            transaction {text(row['provider_txn'])} at Paystack (opens in a new tab)
          </span>
        </a>
      ) : (
        label
      );
    },
    text: (row) => `${methodLabel(row['method'])} ${text(row['provider_txn'])} ${text(row['recorded_by'])}`,
  },
  {
    key: 'receipt_no',
    header: 'Receipt',
    cell: receiptLabel,
    text: receiptLabel,
  },
];

/** The Gifts CSV: the same fields as the table, plain values. */
export const GIFT_CSV: readonly CsvColumn<Row>[] = [
  { header: 'ID', value: (row) => row.id },
  { header: 'Received (Nairobi)', value: (row) => nairobiDay(receivedAt(row)) },
  { header: 'Entered (Nairobi)', value: (row) => nairobiSortable(row['ts']) },
  { header: 'State', value: giftState },
  { header: 'Donor', value: donor },
  { header: 'Email', value: (row) => text(row['donor_email']) },
  { header: 'Amount', value: (row) => Number(row['amount_subunits']) / 100 },
  { header: 'Refunded', value: (row) => Number(row['refunded_subunits'] ?? 0) / 100 },
  { header: 'Currency', value: (row) => text(row['currency']) },
  { header: 'Cause', value: giftSupports },
  { header: 'Type', value: giftFrequency },
  { header: 'Method', value: (row) => methodLabel(row['method']) },
  { header: 'Receipt', value: receiptLabel },
  { header: 'Provider transaction', value: (row) => text(row['provider_txn']) },
  { header: 'Recorded by', value: (row) => text(row['recorded_by']) },
  { header: 'Note', value: (row) => text(row['note']) },
];
