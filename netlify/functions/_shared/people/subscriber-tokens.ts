/**
 * Signed links for newsletter emails: a confirmation token (valid 7 days) and an unsubscribe token (valid as long as
 * the subscription exists). A token names the subscriber's row and is signed over that row's address too, so it
 * cannot be turned into a token for another row or another address; nothing about it is stored.
 *
 * Format: `<subscriber id>.<expiry, Unix seconds, 0 = none>.<HMAC-SHA256, base64url>`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { signingKey } from '../platform/secret.ts';

/** What a token lets its holder do. */
export type TokenPurpose = 'confirm' | 'unsubscribe';

/** How long a confirmation link works: as long as a pending sign-up is kept. */
export const CONFIRM_TOKEN_SECONDS = 7 * 24 * 60 * 60;

const TOKEN = /^([1-9][0-9]{0,18})\.(0|[1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/;

function signature(purpose: TokenPurpose, id: string, email: string, expires: number): Buffer {
  return createHmac('sha256', signingKey())
    .update(`newsletter:${purpose}:${id}:${email.trim().toLowerCase()}:${expires}`)
    .digest();
}

/** A token of `purpose` for subscriber `id` with address `email`; confirm tokens expire, unsubscribe tokens do not. */
export function subscriberToken(purpose: TokenPurpose, id: string, email: string, now = new Date()): string {
  const expires = purpose === 'confirm' ? Math.floor(now.getTime() / 1000) + CONFIRM_TOKEN_SECONDS : 0;
  return `${id}.${expires}.${signature(purpose, id, email, expires).toString('base64url')}`;
}

/** Largest id a row can have (Postgres bigint); a token naming a larger one is malformed, not unknown. */
const MAX_ID = 9_223_372_036_854_775_807n;

/** The parts of a well-formed token whose id a row could have. */
function tokenParts(token: string): RegExpExecArray | undefined {
  const parts = TOKEN.exec(token);
  return parts && BigInt(parts[1] ?? '0') <= MAX_ID ? parts : undefined;
}

/** The subscriber id a token names, if it is well formed (the signature is checked by {@link tokenMatches}). */
export function tokenSubscriberId(token: string): string | undefined {
  return tokenParts(token)?.[1];
}

/** Why a token was refused, or 'valid'. */
export type TokenCheck = 'valid' | 'malformed' | 'forged' | 'expired';

/** Checks `token` for `purpose` against the row it names (its id and current address), in constant time. */
export function tokenMatches(
  token: string,
  purpose: TokenPurpose,
  row: { id: string; email: string },
  now = new Date(),
): TokenCheck {
  const parts = tokenParts(token);
  if (!parts) return 'malformed';
  const [, id, rawExpires, sig] = parts;
  const expires = Number(rawExpires);
  const expected = signature(purpose, row.id, row.email, expires);
  const given = Buffer.from(sig ?? '', 'base64url');
  if (id !== row.id || given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  if (expires !== 0 && expires * 1000 < now.getTime()) return 'expired';
  return 'valid';
}
