/**
 * Helpers for the admin API tests: sample file bytes by type, requests carrying a staff token,
 * staff accounts, and a reader for Server-Sent Events.
 */
import type { Context } from '@netlify/functions';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { signToken } from '../../netlify/functions/_shared/platform/auth.ts';
import { query, transaction } from '../../netlify/functions/_shared/platform/db.ts';
import { type Cost, hashPassword } from '../../netlify/functions/_shared/platform/passwords.ts';
import { config as blogConfig } from '../../netlify/functions/admin-blog.ts';
import { config as breachesConfig } from '../../netlify/functions/admin-breaches.ts';
import { config as contactsConfig } from '../../netlify/functions/admin-contacts.ts';
import { config as donationsConfig } from '../../netlify/functions/admin-donations.ts';
import { config as mediaConfig } from '../../netlify/functions/admin-media.ts';
import { config as newsletterConfig } from '../../netlify/functions/admin-newsletter.ts';
import { config as programsConfig } from '../../netlify/functions/admin-programs.ts';
import { config as teamConfig } from '../../netlify/functions/admin-team.ts';
import { config as volunteersConfig } from '../../netlify/functions/admin-volunteers.ts';
import { config as applicationsConfig } from '../../netlify/functions/admin-applications.ts';
import { config as contactCasesConfig } from '../../netlify/functions/admin-contact-cases.ts';
import { config as staffConfig } from '../../netlify/functions/admin-staff.ts';
import { config as replyTemplatesConfig } from '../../netlify/functions/admin-reply-templates.ts';
import { config as mediaFileConfig } from '../../netlify/functions/media-file.ts';
import { createSession } from '../../netlify/functions/_shared/platform/sessions.ts';
import { context } from './databases.ts';
import { startPaystack, type PaystackStandIn } from '../../support/stand-ins/paystack.ts';
const text = (value: string) => new TextEncoder().encode(value);

function concat(...parts: (Uint8Array | number[])[]): Uint8Array {
  const arrays = parts.map((part) => (part instanceof Uint8Array ? part : Uint8Array.from(part)));
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
}

/** The first bytes of a file of `kind`, padded to `size` bytes. */
export function bytesOf(kind: 'png' | 'jpeg' | 'gif' | 'webp' | 'avif' | 'pdf' | 'svg', size = 64): Uint8Array {
  const head = {
    png: concat([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], text('IHDR')),
    jpeg: concat([0xff, 0xd8, 0xff, 0xe0, 0, 16], text('JFIF')),
    gif: text('GIF89a'),
    webp: concat(text('RIFF'), [0x24, 0, 0, 0], text('WEBPVP8 ')),
    avif: concat([0, 0, 0, 28], text('ftypavif'), [0, 0, 0, 0], text('avifmif1miaf')),
    pdf: text('%PDF-1.7\n'),
    svg: text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  }[kind];
  const out = new Uint8Array(Math.max(size, head.length));
  out.set(head);
  return out;
}

/** A JWT secret long enough for the tests. */
export const TEST_JWT_SECRET = 'admin-tests-secret-0123456789-abcdefghijklmnop';

/** Sets `JWT_SECRET` for the enclosing describe block, restoring it afterwards. */
export function useJwtSecret(secret = TEST_JWT_SECRET): void {
  let saved: string | undefined;
  beforeAll(() => {
    saved = process.env['JWT_SECRET'];
    process.env['JWT_SECRET'] = secret;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env['JWT_SECRET'];
    else process.env['JWT_SECRET'] = saved;
  });
}

/** Sets environment variables for the enclosing describe block (undefined unsets one), restoring them afterwards. */
export function useEnv(values: Record<string, string | undefined>): void {
  const saved: Record<string, string | undefined> = {};
  beforeAll(() => {
    for (const [key, value] of Object.entries(values)) {
      saved[key] = process.env[key];
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });
  afterAll(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });
}

/**
 * Starts a Paystack stand-in (support/stand-ins/paystack.ts) for the enclosing describe block and points the functions at it
 * (`PAYSTACK_API_URL`, `PAYSTACK_SECRET_KEY`), restoring both afterwards; `current` is the running stand-in.
 */
export function usePaystack(): { readonly current: PaystackStandIn } {
  const holder = {} as { current: PaystackStandIn };
  const saved: Record<string, string | undefined> = {};
  beforeAll(async () => {
    holder.current = await startPaystack();
    for (const key of ['PAYSTACK_API_URL', 'PAYSTACK_SECRET_KEY']) saved[key] = process.env[key];
    process.env['PAYSTACK_API_URL'] = holder.current.url;
    process.env['PAYSTACK_SECRET_KEY'] = holder.current.secretKey;
  });
  afterAll(async () => {
    await holder.current.close();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });
  return holder;
}

/** Every table the admin API reads or writes, for `truncate`. */
export const ADMIN_TABLES = [
  'events',
  'contacts',
  'newsletter_subscribers',
  'volunteers',
  'programs',
  'blog_posts',
  'blog_slug_history',
  'media',
  'donations',
  'admin_users',
  'admin_sessions',
  'login_failures',
  'uploads',
  'site_builds',
  'content_files',
  'form_submissions',
  'notification_outbox',
  'staff_preferences',
  'staff_seen',
  'staff_visits',
  'application_history',
  'contact_history',
  'staff_invitations',
  'sponsorships',
  'gifts',
  'commitments',
  'commitment_instalments',
  'payment_events',
  'paystack_plans',
  'receipt_counter',
  'consent_records',
  'retention_runs',
  'breaches',
  'children',
  'child_consents',
  'child_updates',
  'sponsor_letters',
  'child_exits',
  'exit_offers',
  'site_events',
  'team_members',
  'team_seed_copies',
  'site_settings',
  'blog_seed_copies',
  'program_seed_copies',
  'event_seed_copies',
  'exchange_rates',
] as const;

/**
 * Keeps the reply templates a migration seeded (netlify/functions/_shared/platform/backup.ts `SEEDED_TABLES`) as the enclosing
 * describe block found them: tests may edit them, and each test ends with the seeded rows back. They are not in
 * {@link ADMIN_TABLES}, since a test that empties every table would leave the next file without its templates.
 */
export function keepReplyTemplates(): void {
  let seeded = '[]';
  beforeAll(async () => {
    const [row] = await query<{ rows: string }>(
      `select coalesce(json_agg(t), '[]')::text as rows from reply_templates t`,
    );
    seeded = row?.rows ?? '[]';
  });
  afterEach(async () => {
    await transaction(async (tx) => {
      await tx.query('delete from reply_templates');
      await tx.query(
        'insert into reply_templates select * from json_populate_recordset(null::reply_templates, $1::json)',
        [seeded],
      );
    });
  });
}

/** A function handler as exported by netlify/functions/*.ts. */
export type Handler = (req: Request, context: Context) => Promise<Response>;

/** Options of {@link call}. */
export interface CallOptions {
  /** Bearer token; none when undefined. */
  token?: string | undefined;
  /** JSON body (sent with `Content-Type: application/json`). */
  json?: unknown;
  /** Raw body and headers, for anything else. */
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Client address seen by the handler. */
  ip?: string;
  /** Route parameters (`context.params`), as the platform fills them from `config.path`. */
  params?: Record<string, string>;
}

/** The `config.path` patterns with parameters, as the functions declare them. */
const PATTERNS = [
  blogConfig,
  breachesConfig,
  contactsConfig,
  donationsConfig,
  mediaConfig,
  newsletterConfig,
  programsConfig,
  volunteersConfig,
  applicationsConfig,
  contactCasesConfig,
  staffConfig,
  replyTemplatesConfig,
  mediaFileConfig,
  teamConfig,
]
  .flatMap((config) => [config.path ?? []].flat())
  .filter((path) => path.includes(':'))
  .map((pathname) => new URLPattern({ pathname }));

/** The `context.params` Netlify gives for `path`: the groups of the pattern it matches, still percent-encoded. */
export function paramsFor(path: string): Record<string, string> {
  // Netlify matches without the query and a trailing slash.
  const pathname = path.split('?')[0]!.replace(/(.)\/$/, '$1');
  for (const pattern of PATTERNS) {
    const groups = pattern.exec({ pathname })?.pathname.groups;
    if (groups)
      return Object.fromEntries(Object.entries(groups).filter(([, v]) => v !== undefined)) as Record<string, string>;
  }
  return {};
}

/** Calls `handler` with a real Request for `method path` and the path parameters, as the platform would. */
export function call(handler: Handler, method: string, path: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  if (options.token !== undefined) headers.set('Authorization', `Bearer ${options.token}`);
  let body = options.body;
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  }
  return handler(
    new Request(`http://localhost${path}`, { method, headers, body: body ?? null }),
    context(options.ip, { params: options.params ?? paramsFor(path) }),
  );
}

// A well-formed hash no password matches, for accounts that only need tokens (hashing costs 64 MiB and ~0.1 s).
const UNUSABLE_HASH =
  '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g';

/** A new live session of `username` (the account is made if missing) in the database of the current env, and its token. */
export async function staffSession(username = 'staff'): Promise<{ token: string; sessionId: string }> {
  const [account] = await query<{ id: string; username: string }>(
    `insert into admin_users (username, password_hash) values ($1, $2)
     on conflict ((lower(username))) do update set username = admin_users.username
     returning id::text as id, username`,
    [username, UNUSABLE_HASH],
  );
  if (!account) throw new Error('no account');
  const sessionId = await createSession({ query }, account.id, 'test-client', 'vitest');
  return { token: await signToken(account.username, sessionId, 'session'), sessionId };
}

/** The token of a new live session of `username` (see {@link staffSession}). */
export async function staffToken(username = 'staff'): Promise<string> {
  return (await staffSession(username)).token;
}

/**
 * The cost of the accounts tests seed: real argon2id, at its smallest sensible cost (as Rails' and Django's test
 * setups do). A login checks a stored hash at the cost the hash names, so these sign in through the production code
 * in about a millisecond instead of a CPU-second; every hash the functions make (password change, the unknown-user
 * check) keeps PASSWORD_COST, and a test that compares timings seeds at PASSWORD_COST itself.
 */
export const SEEDED_PASSWORD_COST: Cost = { memory: 1024, passes: 1, parallelism: 1 };

/** Creates (or resets) a staff account directly in the database of the current env. */
export async function createStaff(username: string, password: string, cost = SEEDED_PASSWORD_COST): Promise<void> {
  await query(
    `insert into admin_users (username, password_hash) values ($1, $2)
     on conflict ((lower(username))) do update set password_hash = excluded.password_hash, password_changed_at = now()`,
    [username, await hashPassword(password, cost)],
  );
}

/** The audit events stored so far, oldest first. */
export async function auditEvents(): Promise<{ type: string; payload: Record<string, unknown> }[]> {
  return query(`select type, payload from events where type like 'admin.%' order by id`);
}

/** Calls `handler` with a context whose `waitUntil` collects the background work, as Netlify's does. */
export async function callInBackground(handler: Handler, method: string, path: string, token: string, json: unknown) {
  const pending: Promise<unknown>[] = [];
  const req = new Request(`http://localhost${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(json),
  });
  const res = await handler(
    req,
    context('203.0.113.7', { params: paramsFor(path), waitUntil: (p: Promise<unknown>) => void pending.push(p) }),
  );
  return { res, pending };
}
