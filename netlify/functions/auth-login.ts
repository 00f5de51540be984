/**
 * `POST /api/auth/login`: `{username, password}` → `{token}` (8-hour token naming a new server-side
 * session). An unknown user and a wrong password get the same 401 in about the same time; five failures
 * for one username from one client within fifteen minutes, the account-wide limit or the client limit get 429 with
 * `Retry-After`, counted before the password is checked so attempts sent at once meet the same limits. So does an
 * attempt that finds the password checks' queue full (./_shared/platform/passwords.ts); it counts as no failure. Every
 * outcome is audited, naming the account only when one matches.
 */
import type { Config, Context } from '@netlify/functions';
import { LoginSchema, type Login } from '../../src/schemas/admin.ts';
import { failureAnswer } from './_shared/platform/failure.ts';
import { audit } from './_shared/platform/audit.ts';
import { signingKey, signToken } from './_shared/platform/auth.ts';
import { clientId, hashAddress } from './_shared/platform/client.ts';
import { transaction, type Queryable } from './_shared/platform/db.ts';
import { error, invalid, json, methodNotAllowed, readJsonBody, tooManyRequests } from './_shared/platform/http.ts';
import { admitAttempt, failed, signedIn, withdrawn } from './_shared/platform/login-throttle.ts';
import { checkLogin, HashingBusy } from './_shared/platform/passwords.ts';
import { createSession } from './_shared/platform/sessions.ts';
import { accountToSignIn } from './_shared/staff/staff-accounts.ts';

/** Signs a staff member in. */
export default async (req: Request, context: Context): Promise<Response> => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const parsed = LoginSchema.safeParse(body.value);
  if (!parsed.success) return invalid(parsed.error, 'Username and password are required');
  try {
    // Refuse before touching anything when tokens cannot be made.
    signingKey();
    return await login(parsed.data, clientId(context), req.headers.get('user-agent') ?? '');
  } catch (failure) {
    return failureAnswer(failure, '/api/auth/login');
  }
};

export const config: Config = { path: '/api/auth/login' };

async function login({ username, password }: Login, client: string, userAgent: string): Promise<Response> {
  const account = await accountToSignIn(username, client);
  // What was typed is kept only when it names an account: a password typed into the wrong box is never stored, in
  // the audit nor in the throttle, which counts attempts at an unknown name under its keyed hash.
  const refused = (tx: Queryable, reason: string) =>
    audit(tx, 'admin.login_failed', account?.username ?? null, { reason });
  const throttled = account ? account.username : `unknown:${hashAddress(username)}`;
  const attempt = await admitAttempt(throttled, client, (tx) => refused(tx, 'throttled'), account?.known);
  if ('retryAfter' in attempt) return tooManyRequests(attempt.retryAfter);
  let matches: boolean;
  try {
    matches = await checkLogin(password, account?.password_hash, attempt.known ? 'ahead' : 'ordinary');
  } catch (failure) {
    if (!(failure instanceof HashingBusy)) throw failure;
    await transaction(async (tx) => {
      await withdrawn(tx, attempt);
      await refused(tx, 'busy');
    });
    return tooManyRequests(failure.retryAfterSeconds);
  }
  if (!matches || !account) {
    await transaction(async (tx) => {
      await failed(tx, attempt);
      await refused(tx, account ? 'invalid' : 'unknown_account');
    });
    return error(401, 'Invalid username or password');
  }
  const sessionId = await transaction(async (tx) => {
    await signedIn(tx, attempt, throttled, client);
    await audit(tx, 'admin.login', account.username);
    return createSession(tx, account.id, client, userAgent);
  });
  return json({ token: await signToken(account.username, sessionId) });
}
