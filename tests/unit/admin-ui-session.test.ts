/**
 * The dashboard's session store (src/admin/stores/session.ts): a 401 signs out only a token still in use. A password
 * change ends the old session on the server before its answer (the fresh token) arrives, so a call made with the old
 * token meanwhile is answered 401 first: the staff member must stay signed in, with the dialog they were using.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import {
  $signInNotice,
  $token,
  expireSession,
  replaceToken,
  SESSION_EXPIRED,
  signIn,
  signOut,
} from '../../src/admin/stores/session.ts';

/** A call whose answer the test gives. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** Lets every pending promise reaction run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('session store', () => {
  beforeEach(() => {
    signOut();
    signIn('old-token');
  });

  test('a 401 for the token in use signs out with the session-expired notice', () => {
    expireSession('old-token');
    expect($token.get()).toBeNull();
    expect($signInNotice.get()).toBe(SESSION_EXPIRED);
  });

  test('a 401 for a token already replaced changes nothing', () => {
    signIn('new-token');
    expireSession('old-token');
    expect($token.get()).toBe('new-token');
  });

  test('a 401 for the old token that arrives while the password change is answered keeps the staff member in', async () => {
    const change = deferred<string>();
    const replaced = replaceToken(() => change.promise);
    expireSession('old-token');
    expect($token.get()).toBe('old-token');
    change.resolve('new-token');
    await replaced;
    await settle();
    expect($token.get()).toBe('new-token');
    expect($signInNotice.get()).toBeNull();
  });

  test('when the change fails, that 401 still signs out', async () => {
    const change = deferred<string>();
    const replaced = replaceToken(() => change.promise);
    expireSession('old-token');
    change.reject(new Error('offline'));
    await expect(replaced).rejects.toThrow('offline');
    await settle();
    expect($token.get()).toBeNull();
    expect($signInNotice.get()).toBe(SESSION_EXPIRED);
  });
});
