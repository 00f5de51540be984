import { useCallback, useEffect, useId, useState } from 'react';
import { OUTBOX_STATUSES } from '../schemas/notifications.ts';
import { ApiError, fetchOutbox, resendNotification, type OutboxPage } from './api.ts';
import { text } from './lib/format.ts';
import type { Row } from './lib/list.ts';
import type { ListState } from './stores/data.ts';
import { notify } from './stores/toast.ts';
import type { Column } from './table.ts';
import { timeColumn } from './columns.tsx';
import DataTable from './DataTable.tsx';
import Fold from './Fold.tsx';
import PreferencesForm from './PreferencesForm.tsx';

type Props = { readonly label: string };

/** What each status is called on screen. */
const STATUS_LABELS: Readonly<Record<string, string>> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Not sent',
};

const COLUMNS: readonly Column[] = [
  { ...timeColumn, header: 'Queued (Nairobi)' },
  {
    key: 'status',
    header: 'Status',
    cell: (row) => (
      <span className={`status status-${text(row['status'])}`}>{STATUS_LABELS[text(row['status'])] ?? ''}</span>
    ),
    text: (row) => STATUS_LABELS[text(row['status'])] ?? '',
  },
  {
    key: 'subject',
    header: 'Email',
    className: 'col-long',
    cell: (row) => (
      <details>
        <summary>{text(row['subject'])}</summary>
        <pre className="mail-body">{text(row['body'])}</pre>
      </details>
    ),
    text: (row) => `${text(row['subject'])} ${text(row['body'])}`,
  },
  {
    key: 'recipients',
    header: 'To',
    className: 'col-long',
    cell: (row) => text(row['recipients']) || '—',
    text: (row) => text(row['recipients']),
  },
  {
    key: 'attempts',
    header: 'Attempts',
    className: 'col-long',
    cell: (row) => (
      <>
        {text(row['attempts'])}
        {row['last_error'] ? <span className="muted"> — {text(row['last_error'])}</span> : null}
      </>
    ),
    text: (row) => `${text(row['attempts'])} ${text(row['last_error'])}`,
  },
];

const LIMIT = 100;
const EMPTY: ListState = { rows: [], nextCursor: null, status: 'loading', error: null, eventsThrough: null };

/** Notifications: the staff member's own choice, and the outbox of emails (pending, sent, failed) with Resend. */
export default function OutboxPanel({ label }: Props) {
  const [list, setList] = useState<ListState>(EMPTY);
  const [summary, setSummary] = useState<Pick<OutboxPage, 'counts' | 'sending'> | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const filterId = useId();

  const load = useCallback(async (wanted: string) => {
    try {
      const page = await fetchOutbox(wanted || null, LIMIT);
      setList({ rows: page.rows, nextCursor: null, status: 'ready', error: null, eventsThrough: null });
      setSummary({ counts: page.counts, sending: page.sending });
    } catch (error) {
      setList((current) => ({
        ...current,
        status: 'error',
        error: error instanceof ApiError ? error.message : 'Could not load.',
      }));
    }
  }, []);

  useEffect(() => void load(status), [load, status]);

  async function resend(row: Row): Promise<void> {
    setBusy(row.id);
    try {
      await resendNotification(row.id);
      notify(`Sending “${text(row['subject'])}” again`);
      // The email goes out right after the answer; look again a moment later to show how it went.
      await load(status);
      setTimeout(() => void load(status), 1500);
    } catch (error) {
      notify(error instanceof ApiError ? error.message : 'Could not resend.', 'error');
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <h2 className="panel-title">{label}</h2>
      <Fold summary="Your email notifications, and how sending stands">
        <PreferencesForm />
        {summary && (
          <p className="outbox-summary">
            {summary.sending
              ? "Emails are sent through the charity's email server."
              : 'Sending is off (no email server is set up): nothing is emailed, and the outbox shows what would have been sent.'}{' '}
            {OUTBOX_STATUSES.map((key) => `${STATUS_LABELS[key]}: ${summary.counts[key] ?? 0}`).join(' · ')}
          </p>
        )}
      </Fold>
      <h3>Outbox</h3>
      <div className="table-tools">
        <div className="field">
          <label htmlFor={filterId}>Show</label>
          <select id={filterId} value={status} onChange={(event) => setStatus(event.target.value)}>
            <option value="">All notifications</option>
            {OUTBOX_STATUSES.map((key) => (
              <option key={key} value={key}>
                {STATUS_LABELS[key]}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button" onClick={() => void load(status)}>
          Refresh
        </button>
      </div>
      <DataTable
        caption="Outbox"
        plural="notifications"
        list={list}
        columns={COLUMNS}
        onRetry={() => void load(status)}
        onLoadMore={() => {}}
        identity={['subject']}
        actions={(row) =>
          row['status'] === 'pending' ? null : (
            <button type="button" className="button small" disabled={busy === row.id} onClick={() => void resend(row)}>
              Resend
              <span className="visually-hidden"> {text(row['subject'])}</span>
            </button>
          )
        }
      />
    </>
  );
}
