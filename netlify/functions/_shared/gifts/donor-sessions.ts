/**
 * Donors sign in to My giving without a password: a one-time link emailed to the address on their gifts opens a short
 * donor session, kept in its own table and cookie, apart from staff sessions. Links and sessions store only SHA-256
 * digests of their secrets. Time-dependent rules take the moment as `now`, so tests inject the clock.
 *
 * A link names its address as well as its secret, and works only for that address: a link whose address was changed
 * is refused without being used up. Opening it (`GET`) changes nothing, because mail scanners open links; the page's
 * button (`POST`) uses it and starts the session.
 */
import { createHash, randomBytes } from 'node:crypto';
import { translator, type Locale } from '../../../../src/i18n/catalogue.ts';
import { hashAddress } from '../platform/client.ts';
import { query, type Queryable } from '../platform/db.ts';
import { enqueue, siteUrl } from '../platform/outbox.ts';
import { myGivingUrl } from './site-links.ts';
import { hit, type RateLimitResult } from '../platform/rate-limit.ts';

/** How long a sign-in link works. */
export const LINK_MINUTES = 30;

/** How long a donor session lasts. */
export const DONOR_SESSION_MINUTES = 60;

/** Path of the sign-in link (GET shows a button, POST signs in). */
export const SIGN_IN_PATH = '/my-giving/sign-in';

/** The donor session cookie; scoped to the My giving pages. */
export const DONOR_COOKIE = 'tcf_giving';

/** Links one address may be sent per hour. */
export const LINKS_PER_ADDRESS = { limit: 5, windowSeconds: 60 * 60 };

/** Links one client may ask for per quarter hour (whatever the addresses). */
export const LINKS_PER_CLIENT = { limit: 10, windowSeconds: 15 * 60 };

/** Ended links and sessions are deleted this long after they end. */
const KEEP_ENDED_MS = 24 * 60 * 60 * 1000;

const SECRET = /^[A-Za-z0-9_-]{43}$/;

/** The SHA-256 of a secret, as stored. */
function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

const newSecret = () => randomBytes(32).toString('base64url');

/**
 * True when `email` has given (a confirmed or refunded gift carries it) or sponsors a child now (a sponsorship staff
 * recorded for a sponsor who pays by bank or cash carries it too, and its news is on My giving).
 */
async function isDonor(db: Queryable, email: string): Promise<boolean> {
  const [row] = await db.query<{ known: boolean }>(
    `select exists (select 1 from gifts where lower(donor_email) = lower($1) and state in ('confirmed', 'refunded'))
       or exists (select 1 from sponsorships where lower(sponsor_email) = lower($1) and state = 'active') as known`,
    [email],
  );
  return row?.known === true;
}

/**
 * Counts one request for a link, against the client and against the address (a keyed hash of it, so no address is
 * kept in the counters); the first limit reached, or allowed. Counted alike for known and unknown addresses.
 */
export async function linkAllowance(
  client: string,
  email: string,
  db: Queryable = { query },
): Promise<RateLimitResult> {
  const byClient = await hit('donor-link-client', client, LINKS_PER_CLIENT, db);
  if (!byClient.allowed) return byClient;
  return hit('donor-link-address', hashAddress(`donor:${email.trim().toLowerCase()}`), LINKS_PER_ADDRESS, db);
}

/** The address of a sign-in link; its pages speak `language` (`lang`, left out for English). */
export function signInLink(email: string, secret: string, language: Locale = 'en'): string {
  const query = new URLSearchParams({ email, token: secret, ...(language === 'en' ? {} : { lang: language }) });
  return `${siteUrl().replace(/\/+$/, '')}${SIGN_IN_PATH}?${query}`;
}

/**
 * Emails a one-time sign-in link to `email` when it has given (in the caller's transaction), in `language` (that of
 * the page it was asked from); for any other address nothing happens, and the caller answers the same either way.
 */
export async function sendSignInLink(
  tx: Queryable,
  email: string,
  now = new Date(),
  language: Locale = 'en',
): Promise<void> {
  await tx.query('delete from donor_sign_in_links where expires_at < $1', [new Date(now.getTime() - KEEP_ENDED_MS)]);
  if (!(await isDonor(tx, email))) return;
  const secret = newSecret();
  const [row] = await tx.query<{ id: string }>(
    `insert into donor_sign_in_links (ts, token_hash, email, expires_at) values ($1, $2, $3, $4)
     returning id::text as id`,
    [now, digest(secret), email.trim(), new Date(now.getTime() + LINK_MINUTES * 60_000)],
  );
  if (!row) throw new Error('insert into donor_sign_in_links returned no row');
  const t = translator(language);
  await enqueue(tx, {
    kind: 'message',
    dedupKey: `donor-sign-in:${row.id}`,
    source: 'donor_sign_in',
    notice: {
      subject: t('mail.signIn.subject'),
      body: [
        t('mail.signIn.hello'),
        '',
        t('mail.signIn.asked'),
        signInLink(email.trim(), secret, language),
        '',
        t('mail.signIn.once', { minutes: LINK_MINUTES }),
        '',
        t('mail.signIn.myGiving', { link: myGivingUrl(language) }),
      ].join('\n'),
      resource: 'gifts',
      recordId: row.id,
    },
    recipients: [email.trim()],
  });
}

/** Why a sign-in link cannot be used. */
export type LinkRefusal = 'malformed' | 'forged' | 'other-address' | 'expired' | 'used';

/** A usable link: the address it signs in. */
export type LinkCheck = { ok: true; email: string; id: string } | { ok: false; reason: LinkRefusal };

async function checkLink(
  db: Queryable,
  link: { email: string; token: string },
  now: Date,
  lock: boolean,
): Promise<LinkCheck> {
  if (!SECRET.test(link.token) || link.email.trim() === '') return { ok: false, reason: 'malformed' };
  const [row] = await db.query<{ id: string; email: string; expires_at: Date | string; used_at: Date | null }>(
    `select id::text as id, email, expires_at, used_at from donor_sign_in_links where token_hash = $1
     ${lock ? 'for update' : ''}`,
    [digest(link.token)],
  );
  if (!row) return { ok: false, reason: 'forged' };
  if (row.email.toLowerCase() !== link.email.trim().toLowerCase()) return { ok: false, reason: 'other-address' };
  if (row.used_at) return { ok: false, reason: 'used' };
  if (new Date(row.expires_at).getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, email: row.email, id: row.id };
}

/** Checks a sign-in link without using it (the page its `GET` shows). */
export function describeSignInLink(
  link: { email: string; token: string },
  now = new Date(),
  db: Queryable = { query },
): Promise<LinkCheck> {
  return checkLink(db, link, now, false);
}

/**
 * Uses a sign-in link on `tx` and starts a donor session for its address: the session's secret (for the cookie), or
 * why the link was refused (nothing then changes).
 */
export async function useSignInLink(
  tx: Queryable,
  link: { email: string; token: string },
  now = new Date(),
): Promise<{ ok: true; secret: string; email: string } | { ok: false; reason: LinkRefusal }> {
  const check = await checkLink(tx, link, now, true);
  if (!check.ok) return check;
  await tx.query('update donor_sign_in_links set used_at = $2 where id = $1', [check.id, now]);
  await tx.query('delete from donor_sessions where expires_at < $1', [new Date(now.getTime() - KEEP_ENDED_MS)]);
  const secret = newSecret();
  await tx.query(`insert into donor_sessions (token_hash, email, created_at, expires_at) values ($1, $2, $3, $4)`, [
    digest(secret),
    check.email,
    now,
    new Date(now.getTime() + DONOR_SESSION_MINUTES * 60_000),
  ]);
  return { ok: true, secret, email: check.email };
}

/** A live donor session: the address whose gifts it shows. */
export interface DonorSession {
  readonly id: string;
  readonly email: string;
}

/** The live session a cookie's secret names, or null (unknown, ended or expired). */
export async function donorSession(
  secret: string | undefined,
  now = new Date(),
  db: Queryable = { query },
): Promise<DonorSession | null> {
  if (!secret || !SECRET.test(secret)) return null;
  const [row] = await db.query<{ id: string; email: string }>(
    `select id::text as id, email from donor_sessions
     where token_hash = $1 and ended_at is null and expires_at > $2`,
    [digest(secret), now],
  );
  return row ?? null;
}

/** Ends a donor session (signing out). */
export async function endDonorSession(session: DonorSession, now = new Date()): Promise<void> {
  await query('update donor_sessions set ended_at = $2 where id = $1 and ended_at is null', [session.id, now]);
}

/** The donor session cookie's secret in a request, if any. */
export function donorCookie(req: Request): string | undefined {
  const header = req.headers.get('cookie') ?? '';
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === DONOR_COOKIE) return value.join('=');
  }
  return undefined;
}

/**
 * The `Set-Cookie` of a donor session (or, without a secret, the one that removes it): HttpOnly, SameSite=Lax,
 * Secure when the site is served over https, for the My giving pages only.
 */
export function donorCookieHeader(req: Request, secret: string | null): string {
  const secure = new URL(req.url).protocol === 'https:' ? '; Secure' : '';
  const life = secret === null ? 0 : DONOR_SESSION_MINUTES * 60;
  return `${DONOR_COOKIE}=${secret ?? ''}; Path=/my-giving; Max-Age=${life}; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * True when a form post comes from the site itself: the browser's `Sec-Fetch-Site` says same-origin, or, from a
 * browser that sends none, its `Origin` is the site's (the address asked for, or its Host). The cookie's SameSite=Lax
 * already keeps other sites' posts from carrying a session; this also refuses a post from elsewhere that would sign a
 * visitor in to someone else's My giving.
 */
export function isSameSitePost(req: Request): boolean {
  const fetchSite = req.headers.get('sec-fetch-site');
  if (fetchSite) return fetchSite === 'same-origin';
  const origin = req.headers.get('origin');
  if (!origin) return true;
  const host = req.headers.get('host');
  try {
    return origin === new URL(req.url).origin || (host !== null && new URL(origin).host === host);
  } catch {
    return false;
  }
}
