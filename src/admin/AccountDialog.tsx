import { useEffect, useId, useState, type SubmitEvent } from 'react';
import {
  ApiError,
  changePassword,
  endOtherSessions,
  fetchProfile,
  fetchSessions,
  saveProfile,
  type StaffSession,
} from './api.ts';
import { groupIssues } from './lib/issues.ts';
import SessionList from './SessionList.tsx';
import { useModalDialog } from './useModalDialog.ts';
import { replaceToken } from './stores/session.ts';
import { notify } from './stores/toast.ts';
import { UNNAMED_SIGNATURE } from '../lib/applications.ts';
import { DISPLAY_NAME_MAX, MIN_PASSWORD_LENGTH, PasswordChangeSchema } from '../schemas/admin.ts';

type Props = {
  /** Called when the dialog closes. */
  readonly onClose: () => void;
};

type Errors = Readonly<Partial<Record<'currentPassword' | 'newPassword', string>>>;

const FIELDS = ['currentPassword', 'newPassword'] as const;

/**
 * The signed-in staff member's name they sign replies with, their sessions (with "Sign out everywhere else") and the
 * change-password form.
 */
export default function AccountDialog({ onClose }: Props) {
  const ref = useModalDialog();
  const [sessions, setSessions] = useState<readonly StaffSession[] | null>(null);
  const [loadedAt, setLoadedAt] = useState(() => new Date());
  const [ending, setEnding] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const id = useId();
  const [displayName, setDisplayName] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [savingName, setSavingName] = useState(false);

  useEffect(() => {
    fetchProfile()
      .then((profile) => setDisplayName(profile.displayName ?? ''))
      .catch(() => setDisplayName(''));
  }, []);

  async function onSaveName(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (savingName || displayName === null) return;
    setSavingName(true);
    setNameError(null);
    try {
      const profile = await saveProfile(displayName);
      setDisplayName(profile.displayName ?? '');
      notify(profile.displayName ? `Replies will be signed "${profile.displayName}"` : 'Display name cleared');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      setNameError(
        error instanceof ApiError && error.issues[0] ? error.issues[0].message : 'Could not save the display name.',
      );
    } finally {
      setSavingName(false);
    }
  }

  async function load(): Promise<void> {
    try {
      setSessions(await fetchSessions());
      setLoadedAt(new Date());
      setLoadError(null);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) setLoadError('Could not load the sessions.');
    }
  }

  useEffect(() => {
    void load();
  }, []);

  async function signOutOthers(): Promise<void> {
    if (ending) return;
    setEnding(true);
    try {
      const ended = await endOtherSessions();
      notify(`Signed out ${ended} other ${ended === 1 ? 'session' : 'sessions'}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      notify('Could not sign out the other sessions', 'error');
    } finally {
      setEnding(false);
    }
    await load();
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (pending) return;
    const parsed = PasswordChangeSchema.safeParse({ currentPassword: current, newPassword: next });
    if (!parsed.success) {
      setErrors(
        fieldErrors(parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))),
      );
      return;
    }
    setPending(true);
    setErrors({});
    try {
      await replaceToken(() => changePassword(parsed.data.currentPassword, parsed.data.newPassword));
      setCurrent('');
      setNext('');
      notify('Password changed. Every other session has been signed out.');
      await load();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      if (error instanceof ApiError && error.issues.length > 0) setErrors(fieldErrors(error.issues));
      else
        notify(`Could not change the password: ${error instanceof Error ? error.message : 'unknown error'}`, 'error');
    } finally {
      setPending(false);
    }
  }

  const field = (name: (typeof FIELDS)[number], label: string, value: string, set: (value: string) => void) => (
    <div className={`field${errors[name] ? ' has-error' : ''}`}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type="password"
        autoComplete={name === 'currentPassword' ? 'current-password' : 'new-password'}
        value={value}
        minLength={name === 'newPassword' ? MIN_PASSWORD_LENGTH : undefined}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(event) => set(event.target.value)}
      />
      {errors[name] && (
        <p className="field-error" id={`${id}-${name}-error`}>
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <dialog
      ref={ref}
      className="dialog account-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={`${id}-title`}>Your account</h2>
      <form onSubmit={(event) => void onSaveName(event)} noValidate aria-labelledby={`${id}-name-title`}>
        <h3 id={`${id}-name-title`}>Your name</h3>
        <div className={`field${nameError ? ' has-error' : ''}`}>
          <label htmlFor={`${id}-display-name`}>Display name</label>
          <input
            id={`${id}-display-name`}
            type="text"
            autoComplete="name"
            maxLength={DISPLAY_NAME_MAX}
            value={displayName ?? ''}
            disabled={displayName === null}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={`${id}-display-name-hint${nameError ? ` ${id}-display-name-error` : ''}`}
            onChange={(event) => setDisplayName(event.target.value)}
          />
          <p className="hint" id={`${id}-display-name-hint`}>
            Replies to applicants are signed with this name. Until you set one, they are signed &ldquo;
            {UNNAMED_SIGNATURE}
            &rdquo;.
          </p>
          {nameError && (
            <p className="field-error" id={`${id}-display-name-error`}>
              {nameError}
            </p>
          )}
        </div>
        <button type="submit" className="button" disabled={savingName || displayName === null}>
          {savingName ? 'Saving name...' : 'Save name'}
        </button>
      </form>
      <section aria-labelledby={`${id}-sessions`}>
        <h3 id={`${id}-sessions`}>Signed-in sessions</h3>
        {loadError && <p role="alert">{loadError}</p>}
        {sessions === null && !loadError && <p>Loading...</p>}
        {sessions && <SessionList sessions={sessions} now={loadedAt} />}
        {sessions &&
          (sessions.some((session) => !session.current) ? (
            <div className="session-actions">
              <button
                type="button"
                className="button"
                disabled={ending}
                aria-describedby={`${id}-others`}
                onClick={() => void signOutOthers()}
              >
                Sign out everywhere else
              </button>
              <p className="hint" id={`${id}-others`}>
                Every other browser signed in to this account will have to sign in again.
              </p>
            </div>
          ) : (
            <p>No other browser is signed in to this account.</p>
          ))}
      </section>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={`${id}-password`}>
        <h3 id={`${id}-password`}>Change password</h3>
        <p>Changing it signs out every other session.</p>
        {field('currentPassword', 'Current password', current, setCurrent)}
        {field('newPassword', `New password (at least ${MIN_PASSWORD_LENGTH} characters)`, next, setNext)}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
          <button type="submit" className="button primary" disabled={pending}>
            {pending ? 'Changing password...' : 'Change password'}
          </button>
        </div>
      </form>
    </dialog>
  );
}

function fieldErrors(issues: readonly { path: string; message: string }[]): Errors {
  return groupIssues(issues, FIELDS).byField;
}
