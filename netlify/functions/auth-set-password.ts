/**
 * One-time links from an invitation or a password reset, used without signing in:
 * - `GET /api/auth/set-password?token=<secret>` → `{link: {purpose: "invite"|"reset", email, username}}`; 410 when the
 *   link is unknown, used or expired.
 * - `POST /api/auth/set-password` `{token, username?, password}` → `{token}`: sets the password (an invitation also
 *   makes the account with the chosen username) and signs in; 410 for a used or expired link, 409 for a taken
 *   username, 400 for a password against the rules, 429 with `Retry-After` once a client has tried too many links.
 */
import type { Config, Context } from '@netlify/functions';
import { LinkTokenSchema, SetPasswordSchema } from '../../src/schemas/applications.ts';
import type { LinkAnswer, TokenAnswer } from '../../src/schemas/staff-account.ts';
import { failureAnswer } from './_shared/platform/failure.ts';
import { signingKey, signToken } from './_shared/platform/auth.ts';
import { clientId } from './_shared/platform/client.ts';
import { invalid, json, methodNotAllowed, readJsonBody, tooManyRequests } from './_shared/platform/http.ts';
import { hit } from './_shared/platform/rate-limit.ts';
import { AccountRefusal, describeLink, LINK_ATTEMPTS, useLink } from './_shared/staff/staff-accounts.ts';

export default async (req: Request, context: Context): Promise<Response> => {
  try {
    if (req.method === 'GET') {
      const token = LinkTokenSchema.safeParse(new URL(req.url).searchParams.get('token') ?? '');
      if (!token.success) return invalid(token.error, 'Invalid link', 'token');
      return json({ link: await describeLink(token.data) } satisfies LinkAnswer);
    }
    if (req.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
    const body = await readJsonBody(req);
    if (!body.ok) return body.response;
    const parsed = SetPasswordSchema.safeParse(body.value);
    if (!parsed.success) return invalid(parsed.error, 'Invalid password');
    signingKey();
    const client = clientId(context);
    const limit = await hit('set-password', client, LINK_ATTEMPTS);
    if (!limit.allowed) return tooManyRequests(limit.retryAfterSeconds);
    const { username, sessionId } = await useLink({
      secret: parsed.data.token,
      username: parsed.data.username,
      password: parsed.data.password,
      client,
      userAgent: req.headers.get('user-agent') ?? '',
    });
    return json({ token: await signToken(username, sessionId) } satisfies TokenAnswer);
  } catch (failure) {
    if (failure instanceof AccountRefusal) return failure.response;
    return failureAnswer(failure, '/api/auth/set-password');
  }
};

export const config: Config = { path: '/api/auth/set-password' };
