import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { MIN_PASSWORD_LENGTH } from '../schemas/admin.ts';
import { ApiError, fetchLink, useSetPasswordLink, type LinkInfo } from './api.ts';
import { signIn } from './stores/session.ts';

type Props = {
  /** The secret from the link's `#set-password=` fragment (never sent in a URL a server logs). */
  readonly secret: string;
  /** Leaves the form (the link is dropped from the address). */
  readonly onDone: () => void;
};

/** Sets a password from a one-time link: a new colleague also chooses a username; then they are signed in. */
export default function SetPasswordForm({ secret, onDone }: Props) {
  const [link, setLink] = useState<LinkInfo | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const errorId = useId();

  useEffect(() => {
    fetchLink(secret).then(setLink, (error: unknown) =>
      setProblem(error instanceof Error ? error.message : 'This link does not work.'),
    );
  }, [secret]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (pending || !link) return;
    setPending(true);
    setProblem(null);
    try {
      const token = await useSetPasswordLink(secret, password, link.purpose === 'invite' ? username : undefined);
      onDone();
      signIn(token);
    } catch (error) {
      const message =
        error instanceof ApiError ? (error.issues[0]?.message ?? error.message) : 'Could not set the password.';
      setProblem(message);
      setPending(false);
    }
  }

  return (
    <main className="admin-login">
      <form className="card login-card" onSubmit={(event) => void onSubmit(event)} aria-labelledby="set-title">
        <h1 id="set-title">{link?.purpose === 'reset' ? 'Set a new password' : 'Join the staff dashboard'}</h1>
        {link && (
          <p>
            {link.purpose === 'reset' ? `For the account ${link.username ?? ''}.` : `Invitation for ${link.email}.`}
          </p>
        )}
        {link?.purpose === 'invite' && (
          <div className="field">
            <label htmlFor="set-username">Choose a username</label>
            <input
              id="set-username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              value={username}
              onChange={(event) => setUsername(event.target.value)}
            />
          </div>
        )}
        {link && (
          <div className="field">
            <label htmlFor="set-password">New password</label>
            <input
              id="set-password"
              type="password"
              autoComplete="new-password"
              required
              minLength={MIN_PASSWORD_LENGTH}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-describedby={problem ? errorId : undefined}
            />
            <p className="field__hint">At least {MIN_PASSWORD_LENGTH} characters.</p>
          </div>
        )}
        {problem && (
          <p id={errorId} className="form-error" role="alert">
            {problem}
          </p>
        )}
        {link ? (
          <button type="submit" className="button primary" disabled={pending}>
            {pending ? 'Saving...' : 'Set password and sign in'}
          </button>
        ) : (
          <button type="button" className="button" onClick={onDone}>
            Go to sign in
          </button>
        )}
      </form>
    </main>
  );
}
