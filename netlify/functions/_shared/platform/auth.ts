/**
 * Staff authentication: HS256 JWTs made and checked with jose, and the guards every admin function
 * starts with. A session token (8 h) goes in the Authorization header; a stream token (5 min, its
 * own audience) is the only kind the event stream accepts in its URL, because URLs end up in logs.
 * Both name a server-side session (`sid`, see sessions.ts) that must still be live.
 */
import { SignJWT, jwtVerify } from 'jose';
import { MIN_SECRET_BYTES, SecretNotConfiguredError } from './failure.ts';
import { error } from './http.ts';
import { signingKey } from './secret.ts';
import { liveSession, SESSION_SECONDS, type SessionOwner } from './sessions.ts';

/** Who issues every staff token. */
export const ISSUER = 'watoto-nairobi';

/** The two token kinds, each with its own audience and lifetime. */
export const TOKEN_KINDS = {
  session: { audience: 'watoto-nairobi/admin', seconds: SESSION_SECONDS },
  stream: { audience: 'watoto-nairobi/admin-stream', seconds: 5 * 60 },
} as const;

/** Which token: `session` for API calls, `stream` for the event stream URL. */
export type TokenKind = keyof typeof TOKEN_KINDS;

export { MIN_SECRET_BYTES, SecretNotConfiguredError, signingKey };

/** The claims of a valid token: who, and which server-side session. */
export interface TokenClaims {
  username: string;
  sessionId: string;
}

/** Signs a token of `kind` for `username`'s session `sessionId`. */
export async function signToken(username: string, sessionId: string, kind: TokenKind = 'session'): Promise<string> {
  const { audience, seconds } = TOKEN_KINDS[kind];
  const key = signingKey();
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(username)
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${seconds}s`)
    .sign(key);
}

/**
 * The claims of a valid token of `kind`, or null for anything else: malformed, badly signed, another
 * algorithm (including `none`), expired, another audience or issuer, no session named. Says nothing
 * about whether the session is still live (see {@link requireStaff}).
 */
export async function verifyToken(token: string, kind: TokenKind = 'session'): Promise<TokenClaims | null> {
  const { audience, seconds } = TOKEN_KINDS[kind];
  const key = signingKey();
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience,
      maxTokenAge: seconds,
      requiredClaims: ['sub', 'exp', 'iat', 'sid'],
    });
    const { sub, sid } = payload;
    return typeof sub === 'string' && sub !== '' && typeof sid === 'string' ? { username: sub, sessionId: sid } : null;
  } catch {
    return null;
  }
}

// The scheme is case-insensitive (RFC 9110 §11.1).
const BEARER = /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)$/i;

function unauthorized(message: string): Response {
  return error(401, message, undefined, { 'WWW-Authenticate': 'Bearer realm="staff"' });
}

/** The live session a valid token of `kind` names, or null; a session token's call counts as the session's use. */
async function sessionOf(token: string | undefined, kind: TokenKind): Promise<SessionOwner | null> {
  const claims = token ? await verifyToken(token, kind) : null;
  return claims ? liveSession(claims.sessionId, undefined, { touch: kind === 'session' }) : null;
}

/**
 * The live session of a request's session token (`Authorization: Bearer …`, any letter case), or the 401
 * answer to send: the same for every kind of bad token (forged, expired, logged out, password changed,
 * account deleted), carrying no data.
 */
export async function requireSession(req: Request): Promise<SessionOwner | Response> {
  const header = req.headers.get('authorization');
  if (!header) return unauthorized('Sign in required');
  const session = await sessionOf(BEARER.exec(header.trim())?.[1], 'session');
  return session ?? unauthorized('Invalid or expired token');
}

/** The username of a request's live session token, or the 401 answer to send. */
export async function requireStaff(req: Request): Promise<string | Response> {
  const session = await requireSession(req);
  return session instanceof Response ? session : session.username;
}

/** The live session of a stream token given in the URL, or the 401 answer to send. */
export async function requireStreamToken(url: URL): Promise<SessionOwner | Response> {
  const token = url.searchParams.get('token');
  if (!token) return unauthorized('Stream token required');
  return (await sessionOf(token, 'stream')) ?? unauthorized('Invalid or expired stream token');
}
