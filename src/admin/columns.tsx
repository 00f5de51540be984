import { nairobiSortable, formatNairobi } from './lib/dates.ts';
import { detailEntries, detailsText, humanizeKey } from './lib/details.ts';
import { formatAmount, text } from './lib/format.ts';
import type { Row } from './lib/list.ts';
import type { Column, RecordConfig } from './table.ts';
import DetailsList from './DetailsList.tsx';

/** The 'Received' column every table starts with: Nairobi time, machine-readable underneath. */
export const timeColumn: Column = {
  key: 'ts',
  header: 'Received (Nairobi)',
  className: 'col-time',
  cell: (row) => <time dateTime={text(row['ts'])}>{formatNairobi(row['ts'])}</time>,
  text: (row) => formatNairobi(row['ts']),
};

function plain(key: string, header: string, className?: string): Column {
  return {
    key,
    header,
    cell: (row) => text(row[key]),
    text: (row) => text(row[key]),
    ...(className ? { className } : {}),
  };
}

const email: Column = {
  key: 'email',
  header: 'Email',
  cell: (row) => {
    const address = text(row['email']);
    return address ? <a href={`mailto:${address}`}>{address}</a> : '';
  },
  text: (row) => text(row['email']),
};

const csvTime = { header: 'Received (Nairobi)', value: (row: Row) => nairobiSortable(row['ts']) };
const csvId = { header: 'ID', value: (row: Row) => row.id };
const csvField = (key: string, header: string) => ({ header, value: (row: Row) => row[key] });

function volunteerForm(row: Row): string {
  const details = row['details'];
  const form =
    typeof details === 'object' && details !== null ? (details as Record<string, unknown>)['form'] : undefined;
  return typeof form === 'string' ? humanizeKey(form) : '';
}

/** The four list-and-delete tabs. */
export const RECORDS: Readonly<Record<'contacts' | 'newsletter' | 'volunteers' | 'donations', RecordConfig>> = {
  contacts: {
    resource: 'contacts',
    noun: 'contact',
    plural: 'contacts',
    columns: [
      timeColumn,
      plain('name', 'Name'),
      email,
      plain('subject', 'Subject'),
      { ...plain('type', 'Type'), cell: (row) => humanizeKey(text(row['type'])) },
      plain('message', 'Message', 'col-long'),
    ],
    csv: [
      csvId,
      csvTime,
      csvField('name', 'Name'),
      csvField('email', 'Email'),
      csvField('subject', 'Subject'),
      csvField('type', 'Type'),
      csvField('message', 'Message'),
    ],
    describe: (row) => `${text(row['name']) || 'Unnamed'} (${text(row['email'])})`,
  },
  newsletter: {
    resource: 'newsletter',
    noun: 'subscriber',
    plural: 'subscribers',
    columns: [
      timeColumn,
      email,
      plain('name', 'Name'),
      { ...plain('status', 'Status'), cell: (row) => humanizeKey(text(row['status'])) },
      {
        key: 'confirmed_at',
        header: 'Confirmed (Nairobi)',
        className: 'col-time',
        cell: (row) => (row['confirmed_at'] ? formatNairobi(row['confirmed_at']) : ''),
        text: (row) => (row['confirmed_at'] ? formatNairobi(row['confirmed_at']) : ''),
      },
    ],
    // Ready to import into a mail service: confirmed subscribers only, with when and what they agreed to.
    csv: [
      csvField('email', 'Email'),
      csvField('name', 'Name'),
      { header: 'Confirmed (Nairobi)', value: (row) => nairobiSortable(row['confirmed_at']) },
      csvField('notice_version', 'Privacy notice version'),
      csvField('consent_wording', 'Agreed to'),
    ],
    csvOnly: (row) => row['status'] === 'confirmed',
    describe: (row) => text(row['email']),
  },
  volunteers: {
    resource: 'volunteers',
    noun: 'volunteer',
    plural: 'volunteers',
    columns: [
      timeColumn,
      plain('name', 'Name'),
      email,
      { key: 'form', header: 'Form', cell: volunteerForm, text: volunteerForm },
      {
        key: 'details',
        header: 'Details',
        className: 'col-long',
        cell: (row) => <DetailsList details={detailEntries(row['details'], ['form', 'name', 'email'])} />,
        text: (row) => detailsText(row['details'], ['form']),
      },
    ],
    csv: [
      csvId,
      csvTime,
      csvField('name', 'Name'),
      csvField('email', 'Email'),
      { header: 'Form', value: volunteerForm },
      { header: 'Details', value: (row) => detailsText(row['details'], ['form', 'name', 'email']) },
    ],
    describe: (row) => `${text(row['name']) || 'Unnamed'} (${text(row['email'])})`,
  },
  donations: {
    resource: 'donations',
    noun: 'donation',
    plural: 'donations',
    columns: [
      timeColumn,
      plain('donor_name', 'Donor'),
      {
        key: 'amount',
        header: 'Amount',
        className: 'col-number',
        cell: (row) => formatAmount(row['amount'], row['currency']),
        text: (row) => `${formatAmount(row['amount'], row['currency'])} ${text(row['amount'])}`,
      },
      plain('currency', 'Currency'),
    ],
    csv: [
      csvId,
      csvTime,
      csvField('donor_name', 'Donor'),
      { header: 'Amount', value: (row) => (typeof row['amount'] === 'number' ? row['amount'] : text(row['amount'])) },
      csvField('currency', 'Currency'),
    ],
    describe: (row) =>
      `${formatAmount(row['amount'], row['currency'])} from ${text(row['donor_name']) || 'an anonymous donor'}`,
  },
};
