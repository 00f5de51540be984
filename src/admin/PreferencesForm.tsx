import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { NOTIFY_MODES, type NotifyMode } from '../schemas/notifications.ts';
import { ApiError, fetchPreferences, savePreferences } from './api.ts';
import { notify } from './stores/toast.ts';

type Props = object;

const CHOICES: Readonly<Record<(typeof NOTIFY_MODES)[number], { label: string; hint: string }>> = {
  instant: { label: 'Instant emails', hint: 'One email per submission, as it arrives.' },
  digest: { label: 'Daily digest', hint: 'One email each morning about the previous day.' },
  none: { label: 'No emails', hint: 'Check the dashboard instead.' },
};

/** The signed-in staff member's own choice: instant emails, a daily digest or none, and the address they go to. */
export default function PreferencesForm(_props: Props) {
  const [email, setEmail] = useState('');
  const [mode, setMode] = useState<NotifyMode>('none');
  const [status, setStatus] = useState<'loading' | 'ready' | 'saving'>('loading');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  useEffect(() => {
    let live = true;
    fetchPreferences()
      .then((preferences) => {
        if (!live) return;
        setEmail(preferences.email ?? '');
        setMode(preferences.notify);
        setStatus('ready');
      })
      .catch(() => live && setStatus('ready'));
    return () => {
      live = false;
    };
  }, []);

  async function save(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setStatus('saving');
    setProblem(null);
    try {
      const saved = await savePreferences({ email: email.trim() === '' ? null : email, notify: mode });
      setEmail(saved.email ?? '');
      setMode(saved.notify);
      notify('Notification settings saved');
    } catch (error) {
      const message = error instanceof ApiError ? (error.issues[0]?.message ?? error.message) : 'Could not save.';
      setProblem(message);
    } finally {
      setStatus('ready');
    }
  }

  return (
    <form className="card preferences-form" onSubmit={(event) => void save(event)} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Your notifications</h3>
      <fieldset disabled={status === 'loading'}>
        <legend>How do you want to hear about new submissions?</legend>
        {NOTIFY_MODES.map((value) => (
          <div key={value} className="choice">
            <input
              type="radio"
              id={`${id}-${value}`}
              name="notify"
              value={value}
              checked={mode === value}
              onChange={() => setMode(value)}
              aria-describedby={`${id}-${value}-hint`}
            />
            <label htmlFor={`${id}-${value}`}>{CHOICES[value].label}</label>
            <span id={`${id}-${value}-hint`} className="hint">
              {' '}
              {CHOICES[value].hint}
            </span>
          </div>
        ))}
      </fieldset>
      <div className={`field${problem ? ' has-error' : ''}`}>
        <label htmlFor={`${id}-email`}>Your email address</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
        />
        {problem && (
          <p id={`${id}-error`} className="field-error">
            {problem}
          </p>
        )}
      </div>
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={status !== 'ready'}>
          {status === 'saving' ? 'Saving...' : 'Save notification settings'}
        </button>
      </div>
    </form>
  );
}
