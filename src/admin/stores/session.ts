import { atom } from 'nanostores';
import { isTokenUnexpired } from '../lib/token.ts';

/** Local-storage key of the bearer token (two keys: the token and a signed-in flag). */
export const TOKEN_KEY = 'adminToken';
/** Local-storage key of the signed-in flag, 'true' while signed in. */
export const AUTH_KEY = 'adminAuth';
/** Shown on the login form when a stored or used token is no longer accepted. */
export const SESSION_EXPIRED = 'Your session has expired, please sign in again.';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can be blocked by the browser's privacy settings.
    return null;
  }
}

type Stored = { readonly token: string | null; readonly notice: string | null };

function readStored(): Stored {
  const store = storage();
  const token = store?.getItem(TOKEN_KEY) ?? null;
  const flag = store?.getItem(AUTH_KEY) ?? null;
  if (flag === 'true' && isTokenUnexpired(token)) return { token, notice: null };
  if (token === null && flag === null) return { token: null, notice: null };
  // A leftover token or flag that no longer opens the gate: clear both so they stay in step.
  store?.removeItem(TOKEN_KEY);
  store?.removeItem(AUTH_KEY);
  return { token: null, notice: token !== null && flag === 'true' ? SESSION_EXPIRED : null };
}

const initial = readStored();

/** The signed-in staff member's bearer token, or null on the login form. */
export const $token = atom<string | null>(initial.token);

/** A message shown above the login form (why the staff member was signed out), or null. */
export const $signInNotice = atom<string | null>(initial.notice);

/** Stores a fresh token under both keys and opens the dashboard. */
export function signIn(token: string): void {
  const store = storage();
  store?.setItem(TOKEN_KEY, token);
  store?.setItem(AUTH_KEY, 'true');
  $signInNotice.set(null);
  $token.set(token);
}

/** Clears both keys and returns to the login form, optionally saying why. */
export function signOut(notice: string | null = null): void {
  const store = storage();
  store?.removeItem(TOKEN_KEY);
  store?.removeItem(AUTH_KEY);
  $signInNotice.set(notice);
  $token.set(null);
}

/** The call under way that ends this session and answers the token of a fresh one (a password change), if any. */
let replacing: Promise<string> | undefined;

/**
 * Runs `replace`, a call that ends every session of the account, this one included, and answers the token of a fresh
 * one (a password change), then signs in with that token. While it runs, a 401 answered to a call made with the old
 * token waits for it instead of signing out: the server has ended the old session before its answer arrives.
 */
export async function replaceToken(replace: () => Promise<string>): Promise<void> {
  const pending = replace();
  replacing = pending;
  try {
    signIn(await pending);
  } finally {
    if (replacing === pending) replacing = undefined;
  }
}

/**
 * The token to make a call again with after `usedToken` was answered 401: the one a password change under way answers
 * (once it has), or one that replaced `usedToken` meanwhile; null when `usedToken` is still the latest.
 */
export async function tokenReplacing(usedToken: string | null): Promise<string | null> {
  if (replacing) await replacing.catch(() => {});
  const current = $token.get();
  return current !== null && current !== usedToken ? current : null;
}

/** Signs out with the session-expired notice, unless the expired token was already replaced by a newer sign-in. */
export function expireSession(usedToken: string | null = $token.get()): void {
  if (replacing) {
    // Judged once the replacement has answered: by then the used token is either replaced or still the one in use.
    void replacing.then(
      () => expireSession(usedToken),
      () => expireSession(usedToken),
    );
    return;
  }
  if (usedToken !== $token.get()) return;
  if ($token.get() === null && $signInNotice.get() !== null) return;
  signOut(SESSION_EXPIRED);
}

/** Follows sign-in and sign-out made in another tab of the same browser. */
export function syncWithOtherTabs(): () => void {
  const onStorage = (event: StorageEvent): void => {
    if (event.key !== null && event.key !== TOKEN_KEY && event.key !== AUTH_KEY) return;
    const stored = readStored();
    if (stored.token !== $token.get()) {
      $signInNotice.set(stored.notice);
      $token.set(stored.token);
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
