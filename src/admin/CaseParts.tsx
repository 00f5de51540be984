import { useEffect, useId, useState, type ReactNode, type SubmitEvent } from 'react';
import type { CaseHistoryEntry } from '../schemas/cases.ts';
import { ApiError } from './api.ts';
import { formatNairobi } from './lib/dates.ts';
import { notify } from './stores/toast.ts';
import { breakableAddress } from './columns.tsx';

/**
 * The parts every case dialog (an application, a contact message) is made of: loading the case and running its
 * changes, taking and releasing it, the reply form started from a template, and the notes and emails with a new note.
 */

/** A case as its dialog holds it: the record, a problem to show, whether a change is under way, and `act`. */
export interface CaseState<Record> {
  readonly record: Record | null;
  readonly problem: string | null;
  readonly pending: boolean;
  /** Runs one change and shows `done` once the server took it; false when it did not. */
  readonly act: (action: string, body: unknown, done: string) => Promise<boolean>;
}

/** Loads case `id` with `load` and runs its changes with `change`, each answering the case as it now is. */
export function useCase<Record>(
  id: string,
  noun: string,
  load: (id: string) => Promise<Record>,
  change: (id: string, action: string, body: unknown) => Promise<Record>,
): CaseState<Record> {
  const [record, setRecord] = useState<Record | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    load(id).then(setRecord, (error: unknown) => {
      if (!(error instanceof ApiError && error.status === 401)) setProblem(`Could not load the ${noun}.`);
    });
  }, [id]);

  async function act(action: string, body: unknown, done: string): Promise<boolean> {
    if (pending) return false;
    setPending(true);
    setProblem(null);
    try {
      setRecord(await change(id, action, body));
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

  return { record, problem, pending, act };
}

/** The problem of the last change, announced. */
export function CaseProblem({ problem }: { readonly problem: string | null }) {
  return problem ? (
    <p className="form-error" role="alert">
      {problem}
    </p>
  ) : null;
}

/** One term of a case's summary. */
function Term({ term, children }: { readonly term: string; readonly children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * What a case dialog opens with: where the case stands (and whether it is overdue), when it arrived, its age against
 * the promise, who holds it, the person's address, and any terms of its own (`children`).
 */
export function CaseSummary({
  stateTerm,
  stateLabel,
  overdue,
  ts,
  age,
  holder,
  email,
  children,
}: {
  readonly stateTerm: string;
  readonly stateLabel: string;
  readonly overdue: boolean;
  readonly ts: string;
  /** The age against the promise, with the promise and its due moment; null when there is none. */
  readonly age: { readonly text: string; readonly within: string; readonly dueAt: string } | null;
  readonly holder: string | null;
  readonly email: string | null;
  readonly children?: ReactNode;
}) {
  return (
    <dl className="details application-summary">
      <Term term={stateTerm}>
        <span className="application-state">{stateLabel}</span>
        {overdue && <span className="badge badge-overdue">Overdue</span>}
      </Term>
      <Term term="Received">{formatNairobi(ts)}</Term>
      {age && (
        <Term term="Age">
          {age.text} (promised {age.within}, due {formatNairobi(age.dueAt)})
        </Term>
      )}
      <Term term="Held by">{holder ?? 'Nobody yet'}</Term>
      <Term term="Email">
        {email ? (
          <a className="email-address" href={`mailto:${email}`}>
            {breakableAddress(email)}
          </a>
        ) : (
          'None given'
        )}
      </Term>
      {children}
    </dl>
  );
}

/** A term of a case's own, after the common ones of {@link CaseSummary}. */
export const CaseTerm = Term;

/** "Take it" while someone else (or nobody) holds the case, "Release it" while the staff member `me` does. */
export function HolderButton({
  holder,
  me,
  noun,
  state,
}: {
  readonly holder: string | null;
  readonly me: string;
  readonly noun: string;
  readonly state: Pick<CaseState<unknown>, 'act' | 'pending'>;
}) {
  const mine = holder === me;
  return (
    <button
      type="button"
      className="button small"
      disabled={state.pending}
      onClick={() =>
        void state.act(
          'holder',
          { holder: mine ? null : me },
          mine ? `${noun[0]?.toUpperCase()}${noun.slice(1)} released` : `You hold this ${noun}`,
        )
      }
    >
      {mine ? 'Release it' : 'Take it'}
    </button>
  );
}

/**
 * The reply to the person, started from `draft` (its template, filled by the server) and editable before it is sent;
 * what staff type is kept until the draft itself changes.
 */
export function CaseReplyForm({
  heading,
  draft,
  recipient,
  hint,
  state,
}: {
  readonly heading: string;
  readonly draft: { readonly subject: string; readonly body: string };
  readonly recipient: string;
  /** Where the reply comes from and answers go, in words. */
  readonly hint?: string;
  readonly state: Pick<CaseState<unknown>, 'act' | 'pending'>;
}) {
  const [reply, setReply] = useState({ subject: draft.subject, body: draft.body });
  const subjectId = useId();
  const bodyId = useId();
  useEffect(() => setReply({ subject: draft.subject, body: draft.body }), [draft.subject, draft.body]);

  async function send(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    await state.act('reply', reply, `Reply queued to ${recipient}`);
  }

  return (
    <form className="form reply-form" onSubmit={(event) => void send(event)}>
      <h3>{heading}</h3>
      {hint && <p className="muted">{hint}</p>}
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
      <button type="submit" className="button" disabled={state.pending}>
        Send reply
      </button>
    </form>
  );
}

const HISTORY_LABELS = { note: 'Note', acknowledgement: 'Acknowledgement sent', reply: 'Reply sent' } as const;

/** An email's outbox status in words: delivered (when), or as the outbox says, or queued. */
function deliveryText(entry: CaseHistoryEntry): string {
  return entry.status === 'sent' && entry.sentAt
    ? `delivered ${formatNairobi(entry.sentAt)}`
    : (entry.status ?? 'queued');
}

/** A case's notes and emails, oldest first, and the form that adds a note. */
export function CaseHistory({
  history,
  state,
}: {
  readonly history: readonly CaseHistoryEntry[];
  readonly state: Pick<CaseState<unknown>, 'act' | 'pending'>;
}) {
  const [note, setNote] = useState('');
  const noteId = useId();

  async function addNote(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (await state.act('notes', { text: note }, 'Note added')) setNote('');
  }

  return (
    <>
      <h3>Notes and emails</h3>
      {history.length === 0 ? (
        <p className="muted">Nothing yet.</p>
      ) : (
        <ol className="application-history">
          {history.map((entry) => (
            <li key={entry.id}>
              <p className="history-meta">
                <strong>{HISTORY_LABELS[entry.kind]}</strong> · {formatNairobi(entry.ts)}
                {entry.author ? ` · ${entry.author}` : ''}
                {entry.kind !== 'note' && ` · ${deliveryText(entry)}`}
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
        <button type="submit" className="button" disabled={state.pending}>
          Add note
        </button>
      </form>
    </>
  );
}
