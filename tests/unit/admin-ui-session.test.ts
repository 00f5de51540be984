/**
 * The dashboard's session store (src/admin/stores/session.ts): a 401 signs out only a token still in use. A password
 * change ends the old session on the server before its answer (the fresh token) arrives, so a call made with the old
 * token meanwhile is answered 401 first: the staff member must stay signed in, with the dialog they were using.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { changePassword, fetchStats } from '../../src/admin/api.ts';
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

describe('admin calls during a password change', () => {
  /** The bearer token of every call made, in order. */
  let sentWith: (string | null)[];

  beforeEach(() => {
    signOut();
    signIn('old-token');
    sentWith = [];
    // The server has ended the old session: it refuses the old token and answers the new one.
    vi.stubGlobal('fetch', (_url: string, init?: RequestInit) => {
      const bearer = new Headers(init?.headers).get('Authorization');
      sentWith.push(bearer);
      return Promise.resolve(
        bearer === 'Bearer new-token'
          ? new Response(JSON.stringify({ contacts: 3 }))
          : new Response(JSON.stringify({ error: 'Unauthorized' }), { status: 401 }),
      );
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    signOut();
  });

  test('a call answered 401 while the change is under way is made again with the new token', async () => {
    const change = deferred<string>();
    const replaced = replaceToken(() => change.promise);
    const stats = fetchStats();
    await settle();
    expect(sentWith).toEqual(['Bearer old-token']);
    change.resolve('new-token');
    await replaced;
    expect(await stats).toEqual({ contacts: 3 });
    expect(sentWith).toEqual(['Bearer old-token', 'Bearer new-token']);
    expect($signInNotice.get()).toBeNull();
  });

  test("the change's own 401 does not wait for itself: it fails, and signs out", async () => {
    await expect(replaceToken(() => changePassword('current', 'a new password'))).rejects.toThrow();
    await settle();
    expect(sentWith).toEqual(['Bearer old-token']);
    expect($token.get()).toBeNull();
    expect($signInNotice.get()).toBe(SESSION_EXPIRED);
  });
});
