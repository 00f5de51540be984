/**
 * Staff accounts managed from /samu: the list with each account's last sign-in, one-time links by email
 * (an invitation for a new colleague, a password reset for an account; valid 72 hours, usable once), using a link,
 * and removing an account (its sessions end with it; the last account is never removed); an account's profile, its
 * password, and the account a sign-in names. Time-dependent rules take the moment as `now`, so tests inject the clock.
 */
import { createHash, randomBytes } from 'node:crypto';
import { UNNAMED_SIGNATURE } from '../../../../src/lib/applications.ts';
import type { LinkInfo, LinkPurpose, StaffList, StaffProfile } from '../../../../src/schemas/staff-account.ts';
import { audit } from '../platform/audit.ts';
import { query, transaction, type Queryable } from '../platform/db.ts';
import { error } from '../platform/http.ts';
import { enqueue, siteUrl } from '../platform/outbox.ts';
import { hashPassword } from '../platform/passwords.ts';
import type { RateLimitRule } from '../platform/rate-limit.ts';
import { createSession, KNOWN_CLIENT_DAYS, knownClientSql } from '../platform/sessions.ts';

/**
 * Link uses one client may try within a window, before the link is looked at: far above what a colleague opening
 * their invitation sends, well below what guessing or flooding needs.
 */
export const LINK_ATTEMPTS: RateLimitRule = { limit: 10, windowSeconds: 15 * 60 };

/** How long a one-time link works. */
export const LINK_HOURS = 72;

/** A refused account change: the answer to send. */
export class AccountRefusal extends Error {
  readonly response: Response;
  constructor(status: number, message: string, path?: string) {
    super(message);
    this.name = 'AccountRefusal';
    this.response = error(status, message, path ? [{ path, message }] : undefined);
  }
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The SHA-256 of a link's secret, as stored. */
function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Every staff account, by username, and the invitations still open at `now`. */
export async function listStaff(now: Date = new Date()): Promise<StaffList> {
  const staff = await query<{
    id: string;
    username: string;
    email: string | null;
    ts: Date | string;
    last: Date | string | null;
  }>(
    `select u.id::text as id, u.username, p.email, u.ts,
       (select max(s.created_at) from admin_sessions s where s.user_id = u.id) as last
     from admin_users u left join staff_preferences p on p.username = lower(u.username)
     order by lower(u.username)`,
  );
  const invitations = await query<{ id: string; email: string; created_by: string; expires_at: Date | string }>(
    `select id::text as id, email, created_by, expires_at from staff_invitations
     where purpose = 'invite' and used_at is null and withdrawn_at is null and expires_at > $1 order by id`,
    [now],
  );
  return {
    staff: staff.map((row) => ({
      id: row.id,
      username: row.username,
      email: row.email,
      createdAt: new Date(row.ts).toISOString(),
      lastSignIn: iso(row.last),
    })),
    invitations: invitations.map((row) => ({
      id: row.id,
      email: row.email,
      createdBy: row.created_by,
      expiresAt: new Date(row.expires_at).toISOString(),
    })),
  };
}

/** Stores a new link and queues its email, in the caller's transaction; returns its id. */
async function issueLink(
  tx: Queryable,
  link: { purpose: LinkPurpose; email: string; userId: string | null; actor: string; now: Date },
): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  const expires = new Date(link.now.getTime() + LINK_HOURS * 60 * 60 * 1000);
  // A new link replaces any earlier unused one for the same address and purpose.
  await tx.query(
    `update staff_invitations set used_at = $3
     where lower(email) = lower($1) and purpose = $2 and used_at is null and withdrawn_at is null`,
    [link.email, link.purpose, link.now],
  );
  const [row] = await tx.query<{ id: string }>(
    `insert into staff_invitations (ts, purpose, token_hash, email, user_id, created_by, expires_at)
     values ($1, $2, $3, $4, $5, lower($6), $7) returning id::text as id`,
    [link.now, link.purpose, digest(secret), link.email, link.userId, link.actor, expires],
  );
  if (!row) throw new Error('insert into staff_invitations returned no row');
  const url = `${siteUrl().replace(/\/+$/, '')}/samu#set-password=${secret}`;
  const invite = link.purpose === 'invite';
  await enqueue(tx, {
    kind: 'message',
    dedupKey: `staff-link:${row.id}`,
    source: invite ? 'staff_invitation' : 'staff_password_reset',
    notice: {
      subject: invite
        ? "You are invited to the Tumaini Children's Foundation staff dashboard"
        : 'Set a new password for the staff dashboard',
      body: [
        'Hello,',
        '',
        invite
          ? `${link.actor} invited you to the staff dashboard of Tumaini Children's Foundation. Choose your username and password here:`
          : `${link.actor} asked for a new password for your staff dashboard account. Set it here:`,
        url,
        '',
        `The link works once, for ${LINK_HOURS} hours. If you did not expect this email, ignore it.`,
      ].join('\n'),
      resource: 'staff',
      recordId: row.id,
    },
    recipients: [link.email],
  });
  return row.id;
}

/**
 * Invites a colleague by email: a one-time link to choose a username and password. Refused (409) for an address that
 * an account already uses.
 */
export async function invite(actor: string, email: string, now: Date = new Date()): Promise<string> {
  return transaction(async (tx) => {
    const [taken] = await tx.query(
      `select 1 from staff_preferences p join admin_users u on lower(u.username) = p.username
       where lower(p.email) = lower($1)`,
      [email],
    );
    if (taken) throw new AccountRefusal(409, 'A staff member already uses this address', 'email');
    const id = await issueLink(tx, { purpose: 'invite', email, userId: null, actor, now });
    await audit(tx, 'admin.staff.invite', actor, { invitation: id });
    return id;
  });
}

/**
 * Withdraws the open invitation `invitationId`: its link is refused from now on (410, saying it was withdrawn).
 * Refused with 404 for no such invitation, 409 for one already used, withdrawn or expired at `now`. Audited.
 */
export async function withdrawInvitation(actor: string, invitationId: string, now: Date = new Date()): Promise<void> {
  await transaction(async (tx) => {
    const [row] = await tx.query<{
      email: string;
      used_at: Date | string | null;
      withdrawn_at: Date | string | null;
      expires_at: Date | string;
    }>(
      `select email, used_at, withdrawn_at, expires_at from staff_invitations
       where id = $1 and purpose = 'invite' for update`,
      [invitationId],
    );
    if (!row) throw new AccountRefusal(404, 'Invitation not found');
    if (row.withdrawn_at !== null) throw new AccountRefusal(409, 'This invitation was already withdrawn');
    if (row.used_at !== null) {
      throw new AccountRefusal(409, 'This invitation was already used: remove the account instead');
    }
    if (new Date(row.expires_at).getTime() <= now.getTime()) {
      throw new AccountRefusal(409, 'This invitation has already expired');
    }
    await tx.query('update staff_invitations set withdrawn_at = $2, withdrawn_by = lower($3) where id = $1', [
      invitationId,
      now,
      actor,
    ]);
    await audit(tx, 'admin.staff.withdraw', actor, { invitation: invitationId, email: row.email });
  });
}

/** Sends account `userId` a one-time link to set a new password, to the address under its Notifications. */
export async function sendReset(actor: string, userId: string, now: Date = new Date()): Promise<void> {
  await transaction(async (tx) => {
    const [account] = await tx.query<{ username: string; email: string | null }>(
      `select u.username, p.email from admin_users u left join staff_preferences p on p.username = lower(u.username)
       where u.id = $1`,
      [userId],
    );
    if (!account) throw new AccountRefusal(404, 'Staff member not found');
    if (!account.email) {
      throw new AccountRefusal(409, `${account.username} has no email address to send a reset link to`);
    }
    await issueLink(tx, { purpose: 'reset', email: account.email, userId, actor, now });
    await audit(tx, 'admin.staff.reset', actor, { account: account.username });
  });
}

/** Removes account `userId`: its sessions end at once. The last remaining account is never removed (409). */
export async function removeStaff(actor: string, userId: string): Promise<void> {
  await transaction(async (tx) => {
    // Two removals at once must not leave nobody: lock every account first.
    const accounts = await tx.query<{ id: string; username: string }>(
      'select id::text as id, username from admin_users order by id for update',
    );
    const account = accounts.find((row) => row.id === userId);
    if (!account) throw new AccountRefusal(404, 'Staff member not found');
    if (accounts.length <= 1) throw new AccountRefusal(409, 'The last staff account cannot be removed');
    await tx.query('delete from admin_users where id = $1', [userId]);
    await tx.query('delete from staff_preferences where username = lower($1)', [account.username]);
    await tx.query('delete from staff_seen where username = lower($1)', [account.username]);
    await tx.query('delete from staff_visits where username = lower($1)', [account.username]);
    await audit(tx, 'admin.staff.remove', actor, { account: account.username });
  });
}

/** The profile of account `username` (matched case-insensitively), or undefined when there is no such account. */
export async function getProfile(db: Queryable, username: string): Promise<StaffProfile | undefined> {
  const [row] = await db.query<{ username: string; display_name: string | null }>(
    'select username, display_name from admin_users where lower(username) = lower($1)',
    [username],
  );
  return row && { username: row.username, displayName: row.display_name };
}

/** Sets (or, with null, clears) the name account `username` signs with; audited. */
export async function saveDisplayName(username: string, displayName: string | null): Promise<StaffProfile> {
  return transaction(async (tx) => {
    const [row] = await tx.query<{ username: string; display_name: string | null }>(
      `update admin_users set display_name = $2, updated_at = now() where lower(username) = lower($1)
       returning username, display_name`,
      [username, displayName],
    );
    if (!row) throw new AccountRefusal(404, 'Staff member not found');
    await audit(tx, 'admin.account.profile', username, { displayName: row.display_name });
    return { username: row.username, displayName: row.display_name };
  });
}

/** The password hash of the account `userId`, or undefined when there is no such account. */
export async function passwordHashOf(userId: string): Promise<string | undefined> {
  const [account] = await query<{ password_hash: string }>('select password_hash from admin_users where id = $1', [
    userId,
  ]);
  return account?.password_hash;
}

/**
 * Sets the account's password hash in the caller's transaction, dated now: the sessions made before it stop working
 * (sessions.ts compares the dates).
 */
export async function setPassword(tx: Queryable, userId: string, hash: string): Promise<void> {
  await tx.query(
    'update admin_users set password_hash = $2, password_changed_at = now(), updated_at = now() where id = $1',
    [userId, hash],
  );
}

/** An account as signing in reads it: its hash, and whether `client` signed in to it lately. */
export interface SignInAccount {
  readonly id: string;
  readonly username: string;
  readonly password_hash: string;
  readonly known: boolean;
}

/** The account named `username` (without case), as `client` signs in to it; undefined when there is none. */
export async function accountToSignIn(username: string, client: string): Promise<SignInAccount | undefined> {
  const [account] = await query<SignInAccount>(
    `select id::text as id, username, password_hash, ${knownClientSql('$1', '$2', '$3')} as known
     from admin_users where lower(username) = lower($1)`,
    [username, client, KNOWN_CLIENT_DAYS],
  );
  return account;
}

/** The name a reply from staff member `username` is signed with: their display name, or the charity's team. */
export async function signatureOf(db: Queryable, username: string): Promise<string> {
  return (await getProfile(db, username))?.displayName ?? UNNAMED_SIGNATURE;
}

/** What an open link is for, for the set-password form. */
const LINK_GONE = 'This link has expired or was already used. Ask a colleague for a new one.';
/** What a link whose invitation staff withdrew answers. */
const LINK_WITHDRAWN =
  'This invitation was withdrawn, so the link no longer works. Ask a colleague if you need a new one.';

/** The open link a secret names at `now`, locked in the caller's transaction; refused (410) otherwise. */
async function openLink(
  db: Queryable,
  secret: string,
  now: Date,
  lock: boolean,
): Promise<LinkInfo & { id: string; userId: string | null }> {
  const [row] = await db.query<{
    id: string;
    purpose: LinkPurpose;
    email: string;
    user_id: string | null;
    username: string | null;
    withdrawn: boolean;
  }>(
    `select i.id::text as id, i.purpose, i.email, i.user_id::text as user_id, u.username,
       i.withdrawn_at is not null as withdrawn
     from staff_invitations i left join admin_users u on u.id = i.user_id
     where i.token_hash = $1 and i.used_at is null and i.expires_at > $2
       and (i.purpose = 'invite' or u.id is not null)
     ${lock ? 'for update of i' : ''}`,
    [digest(secret), now],
  );
  if (!row) throw new AccountRefusal(410, LINK_GONE);
  if (row.withdrawn) throw new AccountRefusal(410, LINK_WITHDRAWN);
  return { id: row.id, purpose: row.purpose, email: row.email, userId: row.user_id, username: row.username };
}

/** What a link is for, or a refusal when it is unknown, used or expired at `now`. */
export async function describeLink(secret: string, now: Date = new Date()): Promise<LinkInfo> {
  const { purpose, email, username } = await openLink({ query }, secret, now, false);
  return { purpose, email, username };
}

/**
 * Uses a link once: an invitation makes the account (username chosen here) with the colleague's email under
 * Notifications; a reset sets the password and ends the account's sessions. Either way a new session starts.
 * Returns the account's username and the new session's id. The link is checked before the password is hashed, so an
 * unknown, used or expired link costs no hashing; the hash of a valid link goes ahead of the hashing queue.
 */
export async function useLink(
  input: { secret: string; username?: string | undefined; password: string; client: string; userAgent: string },
  now: Date = new Date(),
): Promise<{ username: string; sessionId: string }> {
  await openLink({ query }, input.secret, now, false);
  const hash = await hashPassword(input.password, undefined, 'ahead');
  return transaction(async (tx) => {
    const link = await openLink(tx, input.secret, now, true);
    let userId: string;
    let username: string;
    if (link.purpose === 'invite') {
      if (!input.username) throw new AccountRefusal(400, 'Choose a username', 'username');
      const [created] = await tx.query<{ id: string; username: string }>(
        `insert into admin_users (username, password_hash) values ($1, $2)
         on conflict ((lower(username))) do nothing returning id::text as id, username`,
        [input.username, hash],
      );
      if (!created) throw new AccountRefusal(409, 'Another staff member has this username', 'username');
      userId = created.id;
      username = created.username;
      await tx.query(
        `insert into staff_preferences (username, email, notify) values (lower($1), $2, 'none')
         on conflict (username) do update set email = excluded.email, updated_at = now()`,
        [username, link.email],
      );
    } else {
      userId = link.userId ?? '';
      username = link.username ?? '';
      await setPassword(tx, userId, hash);
      await tx.query('update admin_sessions set ended_at = now() where user_id = $1 and ended_at is null', [userId]);
    }
    await tx.query('update staff_invitations set used_at = $2 where id = $1', [link.id, now]);
    await audit(tx, link.purpose === 'invite' ? 'admin.staff.join' : 'admin.password_change', username, {
      link: link.id,
    });
    const sessionId = await createSession(tx, userId, input.client, input.userAgent);
    return { username, sessionId };
  });
}
