import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import {
  ageText,
  APPLICATION_INFO,
  isApplicationKind,
  isOverdue,
  STATE_LABELS,
  TRANSITIONS,
  type ApplicationState,
} from '../lib/applications.ts';
import { ApiError, changeApplication, fetchApplication, type Application } from './api.ts';
import { formatNairobi } from './lib/dates.ts';
import { detailEntries } from './lib/details.ts';
import { tokenSubject } from './lib/token.ts';
import { $token } from './stores/session.ts';
import { notify } from './stores/toast.ts';
import DetailsList from './DetailsList.tsx';
import { breakableAddress } from './columns.tsx';
import WorkDialog from './WorkDialog.tsx';

type Props = {
  readonly id: string;
  readonly onClose: () => void;
};

/** How each move reads on its button. */
const MOVE_LABELS: Readonly<Record<ApplicationState, string>> = {
  new: 'Mark new',
  in_review: 'Start review',
  accepted: 'Accept',
  declined: 'Decline',
  withdrawn: 'Mark withdrawn',
};

const HISTORY_LABELS = { note: 'Note', acknowledgement: 'Acknowledgement sent', reply: 'Reply sent' } as const;

/** One application: its full form, promise, state and holder, the moves the queue allows, notes and the reply. */
export default function ApplicationDialog({ id, onClose }: Props) {
  const me = tokenSubject(useStore($token)).toLowerCase();
  const [application, setApplication] = useState<Application | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [note, setNote] = useState('');
  const [reply, setReply] = useState<{ subject: string; body: string } | null>(null);
  const noteId = useId();
  const subjectId = useId();
  const bodyId = useId();

  useEffect(() => {
    fetchApplication(id).then(setApplication, (error: unknown) => {
      if (!(error instanceof ApiError && error.status === 401)) setProblem('Could not load the application.');
    });
  }, [id]);

  const kind = application && isApplicationKind(application.kind) ? application.kind : null;
  const state = application?.state as ApplicationState | undefined;

  // A decided application starts its reply from the stored template of its kind and outcome, filled by the server;
  // what staff type is kept until the application changes state.
  const draft = application?.draft ?? null;
  useEffect(() => {
    setReply(draft ? { subject: draft.subject, body: draft.body } : null);
  }, [application?.id, state, draft?.subject, draft?.body]);

  async function act(action: string, body: unknown, done: string): Promise<boolean> {
    if (pending) return false;
    setPending(true);
    setProblem(null);
    try {
      setApplication(await changeApplication(id, action, body));
      notify(done);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return false;
      setProblem(error instanceof Error ? error.message : 'Something went wrong');
      return false;
    } finally {
      setPending(false);
    }
  }

  async function addNote(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (await act('notes', { text: note }, 'Note added')) setNote('');
  }

  async function sendReply(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (reply) await act('reply', reply, `Reply queued to ${application?.email ?? 'the applicant'}`);
  }

  const info = kind ? APPLICATION_INFO[kind] : null;
  const due = application ? new Date(application.dueAt) : null;
  const overdue = application && state && due ? isOverdue(state, due, new Date()) : false;

  return (
    <WorkDialog
      className="application-dialog"
      title={
        application
          ? `${info?.label ?? 'Other'} application from ${application.name || 'an unnamed applicant'}`
          : 'Application'
      }
      onClose={onClose}
    >
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      {application && state && (
        <>
          <dl className="details application-summary">
            <div>
              <dt>State</dt>
              <dd>
                <span className="application-state">{STATE_LABELS[state]}</span>
                {overdue && <span className="badge badge-overdue">Overdue</span>}
              </dd>
            </div>
            <div>
              <dt>Received</dt>
              <dd>{formatNairobi(application.ts)}</dd>
            </div>
            {kind && (
              <div>
                <dt>Age</dt>
                <dd>
                  {ageText(kind, new Date(application.ts), new Date())} (promised {info?.within}, due{' '}
                  {formatNairobi(application.dueAt)})
                </dd>
              </div>
            )}
            <div>
              <dt>Held by</dt>
              <dd>{application.holder ?? 'Nobody yet'}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>
                {application.email ? (
                  <a className="email-address" href={`mailto:${application.email}`}>
                    {breakableAddress(application.email)}
                  </a>
                ) : (
                  'None given'
                )}
              </dd>
            </div>
          </dl>
          <div className="button-row">
            {TRANSITIONS[state].map((to) => (
              <button
                key={to}
                type="button"
                className="button small"
                disabled={pending}
                onClick={() => void act('state', { state: to }, `Application ${STATE_LABELS[to].toLowerCase()}`)}
              >
                {MOVE_LABELS[to]}
              </button>
            ))}
            {application.holder !== me ? (
              <button
                type="button"
                className="button small"
                disabled={pending}
                onClick={() => void act('holder', { holder: me }, 'You hold this application')}
              >
                Take it
              </button>
            ) : (
              <button
                type="button"
                className="button small"
                disabled={pending}
                onClick={() => void act('holder', { holder: null }, 'Application released')}
              >
                Release it
              </button>
            )}
          </div>
          <h3>The form</h3>
          <DetailsList details={detailEntries(application.details, ['form'])} />
          {reply && (
            <form className="form reply-form" onSubmit={(event) => void sendReply(event)}>
              <h3>Reply to the applicant</h3>
              {application.email ? (
                <>
                  <div className="field">
                    <label htmlFor={subjectId}>Subject</label>
                    <input
                      id={subjectId}
                      value={reply.subject}
                      required
                      maxLength={200}
                      onChange={(event) => setReply({ ...reply, subject: event.target.value })}
                    />
                  </div>
                  <div className="field">
                    <label htmlFor={bodyId}>Message</label>
                    <textarea
                      id={bodyId}
                      rows={8}
                      value={reply.body}
                      required
                      onChange={(event) => setReply({ ...reply, body: event.target.value })}
                    />
                  </div>
                  <button type="submit" className="button" disabled={pending}>
                    Send reply
                  </button>
                </>
              ) : (
                <p>This applicant left no email address.</p>
              )}
            </form>
          )}
          <h3>Notes and emails</h3>
          {application.history.length === 0 ? (
            <p className="muted">Nothing yet.</p>
          ) : (
            <ol className="application-history">
              {application.history.map((entry) => (
                <li key={entry.id}>
                  <p className="history-meta">
                    <strong>{HISTORY_LABELS[entry.kind]}</strong> · {formatNairobi(entry.ts)}
                    {entry.author ? ` · ${entry.author}` : ''}
                    {entry.kind !== 'note' &&
                      ` · ${entry.status === 'sent' && entry.sentAt ? `delivered ${formatNairobi(entry.sentAt)}` : (entry.status ?? 'queued')}`}
                  </p>
                  {entry.subject && <p className="history-subject">{entry.subject}</p>}
                  <p className="history-body">{entry.body}</p>
                </li>
              ))}
            </ol>
          )}
          <form className="form" onSubmit={(event) => void addNote(event)}>
            <div className="field">
              <label htmlFor={noteId}>New note</label>
              <textarea id={noteId} rows={3} value={note} required onChange={(event) => setNote(event.target.value)} />
            </div>
            <button type="submit" className="button" disabled={pending}>
              Add note
            </button>
          </form>
        </>
      )}
    </WorkDialog>
  );
}
