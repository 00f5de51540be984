import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $token, syncWithOtherTabs } from './stores/session.ts';
import LoginForm from './LoginForm.tsx';
import SetPasswordForm from './SetPasswordForm.tsx';
import SignedIn from './SignedIn.tsx';
import Toast from './Toast.tsx';

type Props = object;

const LINK = '#set-password=';

function linkSecret(): string | null {
  if (typeof location === 'undefined' || !location.hash.startsWith(LINK)) return null;
  return location.hash.slice(LINK.length);
}

/**
 * The /samu island: a one-time link's set-password form, the login form, or the dashboard while a stored, unexpired
 * token exists.
 */
export default function Dashboard(_props: Props) {
  const token = useStore($token);
  const [secret, setSecret] = useState(linkSecret);
  useEffect(() => syncWithOtherTabs(), []);
  useEffect(() => {
    // The secret is kept in memory only: out of the address bar, the history and anything that reads them.
    if (secret) history.replaceState(null, '', `${location.pathname}${location.search}`);
  }, [secret]);
  return (
    <>
      {secret ? (
        <SetPasswordForm secret={secret} onDone={() => setSecret(null)} />
      ) : token ? (
        <SignedIn token={token} />
      ) : (
        <LoginForm />
      )}
      <Toast />
    </>
  );
}
