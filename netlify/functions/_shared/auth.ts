/**
 * Staff authentication: HS256 JWTs made and checked with jose, and the guards every admin function
 * starts with. A session token (8 h) goes in the Authorization header; a stream token (5 min, its
 * own audience) is the only kind the event stream accepts in its URL, because URLs end up in logs.
 */
import { SignJWT, jwtVerify } from 'jose';
import { error } from './http.ts';

/** Who issues every staff token. */
export const ISSUER = 'watoto-nairobi';

/** The two token kinds, each with its own audience and lifetime. */
export const TOKEN_KINDS = {
  session: { audience: 'watoto-nairobi/admin', seconds: 8 * 60 * 60 },
  stream: { audience: 'watoto-nairobi/admin-stream', seconds: 5 * 60 },
} as const;

/** Which token: `session` for API calls, `stream` for the event stream URL. */
export type TokenKind = keyof typeof TOKEN_KINDS;

/** Shortest accepted `JWT_SECRET`, in bytes (HS256 wants at least its 256-bit output). */
export const MIN_SECRET_BYTES = 32;

/** Raised when `JWT_SECRET` is missing or short: the deployment is wrong, so nothing may run. */
export class SecretNotConfiguredError extends Error {
  constructor() {
    super(`JWT_SECRET must be set to at least ${MIN_SECRET_BYTES} bytes`);
    this.name = 'SecretNotConfiguredError';
  }
}

let cached: { value: string; key: Uint8Array } | undefined;

/** The signing key from `JWT_SECRET`, read at call time; throws when it is missing or short. */
export function signingKey(): Uint8Array {
  const value = process.env['JWT_SECRET'] ?? '';
  if (cached?.value === value) return cached.key;
  const key = new TextEncoder().encode(value);
  if (key.byteLength < MIN_SECRET_BYTES) throw new SecretNotConfiguredError();
  cached = { value, key };
  return key;
}

/** Signs a token of `kind` for `username`. */
export async function signToken(username: string, kind: TokenKind = 'session'): Promise<string> {
  const { audience, seconds } = TOKEN_KINDS[kind];
  const key = signingKey();
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(username)
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${seconds}s`)
    .sign(key);
}

/**
 * The username a valid token of `kind` was made for, or null for anything else: malformed, badly
 * signed, another algorithm (including `none`), expired, another audience or issuer.
 */
export async function verifyToken(token: string, kind: TokenKind = 'session'): Promise<string | null> {
  const { audience, seconds } = TOKEN_KINDS[kind];
  const key = signingKey();
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience,
      maxTokenAge: seconds,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    return typeof payload.sub === 'string' && payload.sub !== '' ? payload.sub : null;
  } catch {
    return null;
  }
}

const BEARER = /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)$/;

function unauthorized(message: string): Response {
  return error(401, message, undefined, { 'WWW-Authenticate': 'Bearer realm="staff"' });
}

/**
 * The username of a request's valid session token (`Authorization: Bearer …`), or the 401 answer
 * to send: the same for every kind of bad token, carrying no data.
 */
export async function requireStaff(req: Request): Promise<string | Response> {
  const header = req.headers.get('authorization');
  if (!header) return unauthorized('Sign in required');
  const token = BEARER.exec(header.trim())?.[1];
  const username = token ? await verifyToken(token, 'session') : null;
  return username ?? unauthorized('Invalid or expired token');
}

/** The username of a valid stream token given in the URL, or the 401 answer to send. */
export async function requireStreamToken(url: URL): Promise<string | Response> {
  const token = url.searchParams.get('token');
  if (!token) return unauthorized('Stream token required');
  return (await verifyToken(token, 'stream')) ?? unauthorized('Invalid or expired stream token');
}
