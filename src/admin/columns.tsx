import {
  ageText,
  APPLICATION_INFO,
  APPLICATION_STATES,
  isApplicationKind,
  isOverdue,
  STATE_LABELS,
  type ApplicationKind,
  type ApplicationState,
} from '../lib/applications.ts';
import { CONTACT_STATUS_LABELS, contactAge, contactStatus, isContactOverdue } from '../lib/contact-cases.ts';
import { nairobiSortable, formatNairobi } from './lib/dates.ts';
import { detailEntries, detailsText, humanizeKey } from './lib/details.ts';
import { formatAmount, text } from './lib/format.ts';
import { applicationForName } from '../lib/plain-names.ts';
import type { ReactNode } from 'react';
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

/** The same column for what staff add themselves (programs, posts, media): when it was added, not received. */
export const addedColumn: Column = { ...timeColumn, header: 'Added (Nairobi)' };

function plain(key: string, header: string, className?: string): Column {
  return {
    key,
    header,
    cell: (row) => text(row[key]),
    text: (row) => text(row[key]),
    ...(className ? { className } : {}),
  };
}

/** An address a narrow column may wrap before its `@` and after each dot, never inside a word. */
export function breakableAddress(address: string): ReactNode[] {
  return address.split(/(?=@)|(?<=\.)/).flatMap((part, index) => (index === 0 ? [part] : [<wbr key={index} />, part]));
}

const email: Column = {
  key: 'email',
  header: 'Email',
  cell: (row) => {
    const address = text(row['email']);
    return address ? (
      <a className="email-address" href={`mailto:${address}`}>
        {breakableAddress(address)}
      </a>
    ) : (
      ''
    );
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

/** The kind of an application row, or null for a row of no known kind. */
export function rowKind(row: Row): ApplicationKind | null {
  const details = row['details'];
  const form =
    typeof details === 'object' && details !== null ? (details as Record<string, unknown>)['form'] : undefined;
  return isApplicationKind(form) ? form : null;
}

function rowState(row: Row): ApplicationState {
  const state = row['state'];
  return (APPLICATION_STATES as readonly unknown[]).includes(state) ? (state as ApplicationState) : 'new';
}

function stateText(row: Row): string {
  return STATE_LABELS[rowState(row)];
}

/** True when the application is past its promise now (the browser's clock). */
export function rowOverdue(row: Row, now: Date = new Date()): boolean {
  const due = new Date(text(row['due_at']));
  return !Number.isNaN(due.getTime()) && isOverdue(rowState(row), due, now);
}

function applicationKind(row: Row): string {
  const kind = rowKind(row);
  return kind ? APPLICATION_INFO[kind].label : volunteerForm(row);
}

function applicationFor(row: Row): string {
  const kind = rowKind(row);
  const details = row['details'];
  if (!kind || typeof details !== 'object' || details === null) return '';
  const id = text((details as Record<string, unknown>)[APPLICATION_INFO[kind].forKey]);
  return id && applicationForName(id);
}

function applicationAge(row: Row): string {
  const kind = rowKind(row);
  const arrived = new Date(text(row['ts']));
  return kind && !Number.isNaN(arrived.getTime()) ? ageText(kind, arrived, new Date()) : '';
}

/** Where a case stands, with the Overdue badge while it is past its promise. */
function caseStateColumn(
  key: string,
  header: string,
  label: (row: Row) => string,
  overdue: (row: Row) => boolean,
): Column {
  return {
    key,
    header,
    cell: (row) => (
      <>
        {label(row)}
        {overdue(row) && <span className="badge badge-overdue">Overdue</span>}
      </>
    ),
    text: (row) => `${label(row)}${overdue(row) ? ' Overdue' : ''}`,
  };
}

/** A contact row's moments, as its status and overdue rule read them. */
function contactMoments(row: Row) {
  const moment = (key: string) => (typeof row[key] === 'string' ? row[key] : null);
  return { ts: text(row['ts']), repliedAt: moment('replied_at'), doneAt: moment('done_at') };
}

/** True when the contact message is past the contact page's promise now (the browser's clock). */
export function contactRowOverdue(row: Row, now: Date = new Date()): boolean {
  return isContactOverdue(contactMoments(row), now);
}

const contactStatusText = (row: Row) => CONTACT_STATUS_LABELS[contactStatus(contactMoments(row))];

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
      caseStateColumn('status', 'Status', contactStatusText, contactRowOverdue),
      {
        key: 'age',
        header: 'Age',
        cell: (row) => contactAge(text(row['ts']), new Date()),
        text: (row) => contactAge(text(row['ts']), new Date()),
      },
      plain('holder', 'Held by'),
    ],
    csv: [
      csvId,
      csvTime,
      csvField('name', 'Name'),
      csvField('email', 'Email'),
      csvField('subject', 'Subject'),
      csvField('type', 'Type'),
      { header: 'Status', value: contactStatusText },
      { header: 'Overdue', value: (row) => (contactRowOverdue(row) ? 'Yes' : 'No') },
      csvField('holder', 'Held by'),
      csvField('message', 'Message'),
    ],
    describe: (row) => `${text(row['name']) || 'Unnamed'} (${text(row['email'])})`,
  },
  newsletter: {
    resource: 'newsletter',
    noun: 'subscriber',
    plural: 'subscribers',
    // A subscriber is known by their address; many leave no name.
    identity: ['email'],
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
    noun: 'application',
    plural: 'applications',
    columns: [
      timeColumn,
      plain('name', 'Name'),
      email,
      { key: 'form', header: 'Kind', cell: applicationKind, text: applicationKind },
      { key: 'for', header: 'For', cell: applicationFor, text: applicationFor },
      caseStateColumn('state', 'State', stateText, rowOverdue),
      { key: 'age', header: 'Age', cell: applicationAge, text: applicationAge },
      plain('holder', 'Held by'),
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
      { header: 'State', value: stateText },
      { header: 'Overdue', value: (row) => (rowOverdue(row) ? 'Yes' : 'No') },
      csvField('holder', 'Held by'),
      { header: 'Details', value: (row) => detailsText(row['details'], ['form', 'name', 'email']) },
    ],
    describe: (row) => `${text(row['name']) || 'Unnamed'} (${text(row['email']) || 'no email'})`,
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
