/**
 * The newsletter's confirmed opt-in and one-click unsubscribe. A sign-up (the footer form, or the donate form's box)
 * makes a pending subscriber and queues one confirmation email; opening its link confirms. Every email about the
 * newsletter carries `List-Unsubscribe` (a signed https link and a mailto) and `List-Unsubscribe-Post` (RFC 8058).
 * What a sign-up answers never depends on whether the address was known.
 *
 * Confirmation emails are limited per mailbox ({@link CONFIRMATIONS_PER_MAILBOX}), the address folded as the mail
 * server delivers it ({@link mailboxOf}), so `reader+1@` … `reader+20@` cannot fill one inbox. The fold is for the
 * limit only: every address is stored as it was typed.
 */
import { newsletterConsent, PRIVACY_NOTICE_VERSION } from '../../../../src/lib/privacy.ts';
import { translator, type Locale } from '../../../../src/i18n/catalogue.ts';
import { localePath } from '../../../../src/i18n/paths.ts';
import { hashAddress } from '../platform/client.ts';
import type { Queryable } from '../platform/db.ts';
import { DEFAULT_FROM } from '../platform/mailer.ts';
import { enqueue, siteUrl } from '../platform/outbox.ts';
import { hit, type RateLimitRule } from '../platform/rate-limit.ts';
import { subscriberToken, tokenMatches, tokenSubscriberId, type TokenCheck } from './subscriber-tokens.ts';

/** Where a subscriber stands. */
export type SubscriberStatus = 'pending' | 'confirmed' | 'unsubscribed';

/** Shortest time between two confirmation emails (or unsubscribe-link emails) to one address. */
export const RESEND_AFTER_MS = 60 * 60 * 1000;

/** Confirmation emails one mailbox ({@link mailboxOf}) may be sent within a window, whatever the address variants. */
export const CONFIRMATIONS_PER_MAILBOX: RateLimitRule = { limit: 3, windowSeconds: 24 * 60 * 60 };

/** Domains whose mail servers ignore dots in the local part, and the one name they share. */
const DOTLESS_DOMAINS: Readonly<Record<string, string>> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address delivers to: lower case, without a `+tag`, and for Gmail without dots in the local part
 * (`Rea.der+news@googlemail.com` → `reader@gmail.com`). Used to count emails, never stored.
 */
export function mailboxOf(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 1) return lower;
  let local = lower.slice(0, at).split('+')[0] || lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    local = local.replaceAll('.', '');
    domain = dotless;
  }
  return `${local}@${domain}`;
}

/**
 * A newsletter sign-up whose confirmation email cannot go now: the mailbox had its share within the window. Nothing
 * of the sign-up is kept; the form's answer says so, with when to try again.
 */
export class ConfirmationLimited extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    const wait =
      retryAfterSeconds < 90 * 60
        ? `${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minutes`
        : `${Math.ceil(retryAfterSeconds / 3600)} hours`;
    super(
      `We sent several confirmation emails to this mailbox recently, so we have not sent another. Check your inbox for the last one, or try again in ${wait}.`,
    );
    this.name = 'ConfirmationLimited';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Path of the confirmation link (newsletter-confirm.ts; its `config.path` must be a literal, Netlify reads it statically). */
export const CONFIRM_PATH = '/newsletter/confirm';
/** Path of the unsubscribe link (newsletter-unsubscribe.ts: GET shows a page with one button, POST unsubscribes). */
export const UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';

/** A subscriber row as the links need it. */
interface SubscriberRow {
  id: string;
  email: string;
  status: SubscriberStatus;
  confirm_sent_at: Date | string | null;
}

/** The form a sign-up came from (stored as the subscriber's `source`). */
export type SignUpSource = 'newsletter_subscribe' | 'donation_intent';

const lastSentLongAgo = (sentAt: Date | string | null, now: Date) =>
  sentAt === null || now.getTime() - new Date(sentAt).getTime() >= RESEND_AFTER_MS;

/**
 * Records a sign-up on `tx` (the transaction of the submission) and queues the confirmation email when one is due:
 * a new or unsubscribed address gets one, a pending one gets another at most once an hour, a confirmed one none.
 * Every email meets the mailbox limit: past it, the newsletter form's sign-up throws {@link ConfirmationLimited}
 * (the caller's transaction then keeps nothing), and a sign-up ticked on another form is kept without an email.
 */
export async function signUp(
  tx: Queryable,
  person: { email: string; name?: string | undefined; source: SignUpSource; language?: Locale },
  now = new Date(),
): Promise<void> {
  const language = person.language ?? 'en';
  const consent = newsletterConsent(language);
  await tx.query(
    `insert into newsletter_subscribers (email, name, source, notice_version, consent_wording, ts, updated_at, language)
     values ($1, $2, $3, $4, $5, $6, $6, $7) on conflict (lower(email)) do nothing`,
    [person.email, person.name ?? null, person.source, PRIVACY_NOTICE_VERSION, consent, now, language],
  );
  const [row] = await tx.query<SubscriberRow>(
    `select id::text as id, email, status, confirm_sent_at from newsletter_subscribers
     where lower(email) = lower($1) for update`,
    [person.email],
  );
  if (!row || row.status === 'confirmed') return;
  // A pending address had its email within the hour: that link still works. One that unsubscribed asks anew.
  if (row.status === 'pending' && !lastSentLongAgo(row.confirm_sent_at, now)) return;
  const limit = await hit('newsletter-confirm', hashAddress(mailboxOf(row.email)), CONFIRMATIONS_PER_MAILBOX, tx);
  if (!limit.allowed) {
    if (person.source === 'newsletter_subscribe') throw new ConfirmationLimited(limit.retryAfterSeconds);
    return;
  }
  // Asking again after unsubscribing starts over: a new consent, confirmed by its own link.
  await tx.query(
    `update newsletter_subscribers set status = 'pending', confirm_sent_at = $2, unsubscribed_at = null,
       name = coalesce($3, name), source = $4, notice_version = $5, consent_wording = $6, updated_at = $2,
       language = $7
     where id = $1`,
    [row.id, now, person.name ?? null, person.source, PRIVACY_NOTICE_VERSION, consent, language],
  );
  const t = translator(language);
  const confirmLink = `${siteUrl()}${CONFIRM_PATH}?t=${subscriberToken('confirm', row.id, row.email, now)}`;
  await enqueue(tx, {
    kind: 'message',
    dedupKey: `newsletter-confirm:${row.id}:${now.getTime()}`,
    source: 'newsletter_confirm',
    notice: {
      subject: t('email.newsletter.subject'),
      body: [
        t('email.newsletter.asked'),
        '',
        t('email.newsletter.confirm'),
        confirmLink,
        '',
        t('email.newsletter.agreed', { consent }),
        '',
        t('email.newsletter.notYou'),
        t('email.newsletter.privacy', { link: `${siteUrl()}${localePath(language, '/privacy/')}` }),
      ].join('\n'),
      resource: 'newsletter',
      recordId: row.id,
    },
    recipients: [row.email],
    headers: unsubscribeHeaders(row.id, row.email),
  });
}

/** The address of the mailto unsubscribe: `NEWSLETTER_UNSUBSCRIBE_MAILTO`, else the sender's address. */
export function unsubscribeMailbox(): string {
  const configured = process.env['NEWSLETTER_UNSUBSCRIBE_MAILTO']?.trim();
  if (configured) return configured;
  const from = process.env['NOTIFY_FROM']?.trim() || DEFAULT_FROM;
  return /<([^>]+)>/.exec(from)?.[1] ?? from;
}

/** The signed https unsubscribe link of subscriber `id`. */
export function unsubscribeLink(id: string, email: string): string {
  return `${siteUrl()}${UNSUBSCRIBE_PATH}?t=${subscriberToken('unsubscribe', id, email)}`;
}

/** The RFC 2369 and RFC 8058 headers every newsletter email carries. */
export function unsubscribeHeaders(id: string, email: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeLink(id, email)}>, <mailto:${unsubscribeMailbox()}?subject=unsubscribe>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The outcome of opening a link: done, or why not. A token for a row that no longer exists reads as 'gone'. */
export type LinkOutcome = 'done' | 'gone' | Exclude<TokenCheck, 'valid'>;

async function rowOfToken(db: Queryable, token: string): Promise<SubscriberRow | undefined | null> {
  const id = tokenSubscriberId(token);
  if (!id) return null;
  const [row] = await db.query<SubscriberRow>(
    'select id::text as id, email, status, confirm_sent_at from newsletter_subscribers where id = $1 for update',
    [id],
  );
  return row;
}

/** Confirms the subscriber a confirmation token names. Confirming twice is done; an unsubscribed row stays so. */
export async function confirm(tx: Queryable, token: string, now = new Date()): Promise<LinkOutcome> {
  const row = await rowOfToken(tx, token);
  if (row === null) return 'malformed';
  if (!row) return 'gone';
  const check = tokenMatches(token, 'confirm', row, now);
  if (check !== 'valid') return check;
  if (row.status === 'pending') {
    await tx.query(
      `update newsletter_subscribers set status = 'confirmed', confirmed_at = $2, updated_at = $2 where id = $1`,
      [row.id, now],
    );
  }
  return row.status === 'unsubscribed' ? 'gone' : 'done';
}

/** Unsubscribes the subscriber an unsubscribe token names; unsubscribing twice, or a removed row, is done too. */
export async function unsubscribe(tx: Queryable, token: string, now = new Date()): Promise<LinkOutcome> {
  const row = await rowOfToken(tx, token);
  if (row === null) return 'malformed';
  if (!row) return 'done';
  const check = tokenMatches(token, 'unsubscribe', row, now);
  if (check !== 'valid') return check;
  if (row.status !== 'unsubscribed') {
    await tx.query(
      `update newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = $2, updated_at = $2 where id = $1`,
      [row.id, now],
    );
  }
  return 'done';
}

/** Checks an unsubscribe token without using it (the page a GET shows). */
export async function checkUnsubscribeToken(db: Queryable, token: string): Promise<LinkOutcome> {
  const row = await rowOfToken(db, token);
  if (row === null) return 'malformed';
  if (!row) return 'done';
  const check = tokenMatches(token, 'unsubscribe', row);
  return check === 'valid' ? 'done' : check;
}

/**
 * Emails the unsubscribe link to `email` when it is on the list (pending or confirmed), at most once an hour; for an
 * unknown address nothing happens, and the caller answers the same either way.
 */
export async function sendUnsubscribeLink(tx: Queryable, email: string, now = new Date()): Promise<void> {
  const [row] = await tx.query<SubscriberRow>(
    `select id::text as id, email, status, confirm_sent_at from newsletter_subscribers
     where lower(email) = lower($1) and status <> 'unsubscribed'`,
    [email],
  );
  if (!row) return;
  const link = unsubscribeLink(row.id, row.email);
  await enqueue(tx, {
    kind: 'message',
    // One per address and hour: asking again within the hour sends nothing more.
    dedupKey: `newsletter-unsubscribe-link:${row.id}:${Math.floor(now.getTime() / RESEND_AFTER_MS)}`,
    source: 'newsletter_unsubscribe_link',
    notice: {
      subject: "Your link to leave Tumaini Children's Foundation news",
      body: [
        'You asked for a link to stop receiving our news at this address.',
        '',
        'Open this link and press the button to unsubscribe:',
        link,
        '',
        'If you did not ask, ignore this email and nothing changes.',
      ].join('\n'),
      resource: 'newsletter',
      recordId: row.id,
    },
    recipients: [row.email],
    headers: unsubscribeHeaders(row.id, row.email),
  });
}
