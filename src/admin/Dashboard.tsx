import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $token, syncWithOtherTabs } from './stores/session.ts';
import LoginForm from './LoginForm.tsx';
import SignedIn from './SignedIn.tsx';
import Toast from './Toast.tsx';

type Props = object;

/** The /samu island: the login form, or the dashboard while a stored, unexpired token exists. */
export default function Dashboard(_props: Props) {
  const token = useStore($token);
  useEffect(() => syncWithOtherTabs(), []);
  return (
    <>
      {token ? <SignedIn token={token} /> : <LoginForm />}
      <Toast />
    </>
  );
}
