import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { login } from './api.ts';
import { $signInNotice, signIn } from './stores/session.ts';

type Props = Record<string, never>;

/** The staff sign-in form ('Signing in...' while waiting; the server's text, else 'Login failed'). */
export default function LoginForm(_props: Props) {
  const notice = useStore($signInNotice);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const noticeId = useId();

  useEffect(() => {
    // After a sign-out the page changed under the staff member: start them at the top of the form.
    if (notice) headingRef.current?.focus();
  }, [notice]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      const token = await login(username, password);
      signIn(token);
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : 'Login failed');
      setPassword('');
      setPending(false);
      passwordRef.current?.focus();
    }
  }

  const describedBy = [notice ? noticeId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <main className="admin-login">
      <form className="card login-card" onSubmit={(event) => void onSubmit(event)} aria-labelledby="login-title">
        <h1 id="login-title" ref={headingRef} tabIndex={-1}>
          Staff sign in
        </h1>
        {notice && (
          <p id={noticeId} className="notice" role="status">
            {notice}
          </p>
        )}
        <div className="field">
          <label htmlFor="login-username">Username</label>
          <input
            id="login-username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            aria-describedby={describedBy}
          />
        </div>
        <div className="field">
          <label htmlFor="login-password">Password</label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            ref={passwordRef}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
          />
        </div>
        {error && (
          <p id={errorId} className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button primary" disabled={pending}>
          {pending ? 'Signing in...' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
