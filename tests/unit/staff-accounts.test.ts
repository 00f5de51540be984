/**
 * Staff accounts in /samu: invitations and reset links by email (one-time, 72 hours, injected clock),
 * removing an account ends its sessions at once, the last account stays, on both databases.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import adminStaff from '../../netlify/functions/admin-staff.ts';
import adminAccount from '../../netlify/functions/admin-account.ts';
import setPassword from '../../netlify/functions/auth-set-password.ts';
import {
  describeLink,
  invite,
  LINK_ATTEMPTS,
  LINK_HOURS,
  sendReset,
  useLink,
} from '../../netlify/functions/_shared/staff/staff-accounts.ts';
import { query } from '../../netlify/functions/_shared/platform/db.ts';
import { hashQueue } from '../../netlify/functions/_shared/platform/passwords.ts';
import { databases, rows, truncate, useDatabase } from '../support/databases.ts';
import { ADMIN_TABLES, auditEvents, call, staffSession, staffToken, useJwtSecret } from '../support/admin.ts';

/** The secret of the newest link emailed to `email`, read from its queued email. */
async function linkSentTo(email: string): Promise<string> {
  const [row] = await query<{ body: string }>(
    `select body from notification_outbox where recipients = $1 order by id desc limit 1`,
    [email],
  );
  const secret = /#set-password=([A-Za-z0-9_-]+)/.exec(row?.body ?? '')?.[1];
  if (!secret) throw new Error(`no link sent to ${email}`);
  return secret;
}

const PASSWORD = 'a long enough password';

/** What a used, expired or unknown link answers. */
const LINK_GONE = 'This link has expired or was already used. Ask a colleague for a new one.';

/** Every row of the tables a used link writes to, to show a refused use changed none of them. */
async function accountState(): Promise<unknown> {
  return {
    users: await query('select id, username, password_hash, password_changed_at from admin_users order by id'),
    preferences: await query('select username, email from staff_preferences order by username'),
    links: await query('select id, used_at from staff_invitations order by id'),
    sessions: await query('select id, ended_at from admin_sessions order by id'),
    audit: await query(`select id from events where type like 'admin.%' order by id`),
  };
}

describe.each(databases)('staff accounts on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  let saved: string | undefined;
  beforeAll(() => {
    saved = process.env['SMTP_URL'];
    delete process.env['SMTP_URL'];
  });
  afterAll(() => {
    if (saved !== undefined) process.env['SMTP_URL'] = saved;
  });
  let token: string;
  beforeEach(async () => {
    await truncate(database, [...ADMIN_TABLES, 'rate_limits']);
    token = await staffToken('amina');
  });

  test('fifty random links at once from one client cost no hash: 410 for the first ten, then 429', async () => {
    const before = hashQueue.state.started;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(setPassword, 'POST', '/api/auth/set-password', {
          json: { token: `${'x'.repeat(40)}${String(i).padStart(4, '0')}`, username: `guess${i}`, password: PASSWORD },
          ip: '203.0.113.7',
        }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 410)).toHaveLength(LINK_ATTEMPTS.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50 - LINK_ATTEMPTS.limit);
    expect(hashQueue.state.started).toBe(before);
  });

  test('an invitation emails a one-time link; the colleague chooses a username and password and is signed in', async () => {
    const res = await call(adminStaff, 'POST', '/api/admin/staff/invitations', {
      token,
      json: { email: 'Brian@Example.org' },
    });
    expect(res.status).toBe(201);
    const secret = await linkSentTo('Brian@Example.org');
    const [mail] = await rows<{ subject: string; body: string; kind: string }>(
      database,
      `select subject, body, kind from notification_outbox`,
    );
    expect(mail).toMatchObject({ kind: 'message', subject: expect.stringContaining('invited') as unknown });
    expect(mail?.body).toContain('72 hours');
    // Only its hash is stored.
    expect(JSON.stringify(await rows(database, 'select * from staff_invitations'))).not.toContain(secret);

    const info = await call(setPassword, 'GET', `/api/auth/set-password?token=${secret}`);
    expect(await info.json()).toEqual({ link: { purpose: 'invite', email: 'Brian@Example.org', username: null } });

    const weak = await call(setPassword, 'POST', '/api/auth/set-password', {
      json: { token: secret, username: 'brian', password: 'short' },
    });
    expect(weak.status).toBe(400);
    const taken = await call(setPassword, 'POST', '/api/auth/set-password', {
      json: { token: secret, username: 'Amina', password: PASSWORD },
    });
    expect(taken.status).toBe(409);

    const used = await call(setPassword, 'POST', '/api/auth/set-password', {
      json: { token: secret, username: 'brian', password: PASSWORD },
    });
    expect(used.status).toBe(200);
    const session = ((await used.json()) as { token: string }).token;
    expect((await call(adminStaff, 'GET', '/api/admin/staff', { token: session })).status).toBe(200);
    expect(await rows(database, `select username, email from staff_preferences where username = 'brian'`)).toEqual([
      { username: 'brian', email: 'Brian@Example.org' },
    ]);

    // Used once: a second use and a second look are refused with a clear message, and nothing more is made.
    const usedState = await accountState();
    const again = await call(setPassword, 'POST', '/api/auth/set-password', {
      json: { token: secret, username: 'brian2', password: PASSWORD },
    });
    expect(again.status).toBe(410);
    expect(await again.json()).toEqual({ error: LINK_GONE });
    const look = await call(setPassword, 'GET', `/api/auth/set-password?token=${secret}`);
    expect(look.status).toBe(410);
    expect(await look.json()).toEqual({ error: LINK_GONE });
    expect(await accountState()).toEqual(usedState);
    expect(await rows(database, 'select count(*)::int as n from admin_users')).toEqual([{ n: 2 }]);

    const list = (await (await call(adminStaff, 'GET', '/api/admin/staff', { token })).json()) as {
      staff: { username: string; lastSignIn: string | null }[];
      invitations: unknown[];
    };
    expect(list.staff.map((member) => member.username)).toEqual(['amina', 'brian']);
    expect(list.staff.every((member) => member.lastSignIn !== null)).toBe(true);
    expect(list.invitations).toEqual([]);
    expect((await auditEvents()).map((event) => event.type)).toEqual(['admin.staff.invite', 'admin.staff.join']);
  });

  test('an invitation to an address already on staff is refused, and nothing is sent', async () => {
    await query(
      `insert into staff_preferences (username, email, notify) values ('amina', 'amina@tumaini.example', 'none')`,
    );
    const res = await call(adminStaff, 'POST', '/api/admin/staff/invitations', {
      token,
      json: { email: 'AMINA@tumaini.example' },
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: 'A staff member already uses this address',
      issues: [{ path: 'email', message: 'A staff member already uses this address' }],
    });
    expect(await rows(database, 'select count(*)::int as n from notification_outbox')).toEqual([{ n: 0 }]);
    expect(await rows(database, 'select count(*)::int as n from staff_invitations')).toEqual([{ n: 0 }]);
    expect(await auditEvents()).toEqual([]);
    const bad = await call(adminStaff, 'POST', '/api/admin/staff/invitations', { token, json: { email: 'nope' } });
    expect(bad.status).toBe(400);
  });

  test('an open invitation can be withdrawn: it leaves the list, its link is refused with a clear 410, audited', async () => {
    const sent = await call(adminStaff, 'POST', '/api/admin/staff/invitations', {
      token,
      json: { email: 'chebet@example.org' },
    });
    const { invitation } = (await sent.json()) as { invitation: { id: string } };
    const secret = await linkSentTo('chebet@example.org');
    const listed = async () =>
      ((await (await call(adminStaff, 'GET', '/api/admin/staff', { token })).json()) as { invitations: unknown[] })
        .invitations;
    expect(await listed()).toMatchObject([{ id: invitation.id, email: 'chebet@example.org' }]);

    const path = `/api/admin/staff/invitations/${invitation.id}`;
    expect((await call(adminStaff, 'DELETE', path)).status).toBe(401);
    expect((await call(adminStaff, 'GET', path, { token })).status).toBe(405);
    expect((await call(adminStaff, 'DELETE', path, { token })).status).toBe(204);
    expect(await listed()).toEqual([]);

    const withdrawn =
      'This invitation was withdrawn, so the link no longer works. Ask a colleague if you need a new one.';
    const look = await call(setPassword, 'GET', `/api/auth/set-password?token=${secret}`);
    expect(look.status).toBe(410);
    expect(await look.json()).toEqual({ error: withdrawn });
    const before = await accountState();
    const use = await call(setPassword, 'POST', '/api/auth/set-password', {
      json: { token: secret, username: 'chebet', password: PASSWORD },
    });
    expect(use.status).toBe(410);
    expect(await use.json()).toEqual({ error: withdrawn });
    expect(await accountState()).toEqual(before);

    const again = await call(adminStaff, 'DELETE', path, { token });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'This invitation was already withdrawn' });
    expect((await call(adminStaff, 'DELETE', '/api/admin/staff/invitations/999', { token })).status).toBe(404);
    expect((await call(adminStaff, 'DELETE', '/api/admin/staff/invitations/abc', { token })).status).toBe(400);
    const events = await auditEvents();
    expect(events.map((event) => event.type)).toEqual(['admin.staff.invite', 'admin.staff.withdraw']);
    expect(events[1]?.payload).toMatchObject({
      actor: 'amina',
      invitation: invitation.id,
      email: 'chebet@example.org',
    });

    // A used invitation cannot be withdrawn (the account is removed instead); a new invitation works as before.
    await invite('amina', 'chebet@example.org');
    const fresh = await linkSentTo('chebet@example.org');
    await useLink({ secret: fresh, username: 'chebet', password: PASSWORD, client: 'c', userAgent: '' });
    const [used] = await rows<{ id: string }>(
      database,
      `select id::text as id from staff_invitations where used_at is not null and withdrawn_at is null`,
    );
    const refused = await call(adminStaff, 'DELETE', `/api/admin/staff/invitations/${used?.id ?? ''}`, { token });
    expect(refused.status).toBe(409);
  });

  test('links expire after 72 hours (injected clock)', async () => {
    const start = new Date();
    await invite('amina', 'chebet@example.org', start);
    const secret = await linkSentTo('chebet@example.org');
    const almost = new Date(start.getTime() + LINK_HOURS * 3_600_000 - 60_000);
    expect((await describeLink(secret, almost)).purpose).toBe('invite');
    const after = new Date(start.getTime() + LINK_HOURS * 3_600_000 + 1000);
    await expect(describeLink(secret, after)).rejects.toMatchObject({ response: { status: 410 }, message: LINK_GONE });
    const before = await accountState();
    await expect(
      useLink({ secret, username: 'chebet', password: PASSWORD, client: 'c', userAgent: '' }, after),
    ).rejects.toMatchObject({ response: { status: 410 }, message: LINK_GONE });
    // Nothing of the refused use is kept: no account, no address, no session, the link still unused, no audit.
    expect(await accountState()).toEqual(before);
    expect(await rows(database, `select count(*)::int as n from admin_users where username = 'chebet'`)).toEqual([
      { n: 0 },
    ]);
  });

  test('a reset link sets a new password once and ends the sessions the account had', async () => {
    const brian = await staffSession('brian');
    const [{ id } = { id: '' }] = await rows<{ id: string }>(
      database,
      `select id::text as id from admin_users where username = 'brian'`,
    );
    const noEmail = await call(adminStaff, 'POST', `/api/admin/staff/${id}/reset`, { token });
    expect(noEmail.status).toBe(409);
    await query(
      `insert into staff_preferences (username, email, notify) values ('brian', 'brian@example.org', 'none')`,
    );
    expect((await call(adminStaff, 'POST', `/api/admin/staff/${id}/reset`, { token })).status).toBe(202);
    const secret = await linkSentTo('brian@example.org');
    expect(await describeLink(secret)).toEqual({ purpose: 'reset', email: 'brian@example.org', username: 'brian' });
    const used = await call(setPassword, 'POST', '/api/auth/set-password', {
      json: { token: secret, password: PASSWORD },
    });
    expect(used.status).toBe(200);
    expect((await call(adminAccount, 'GET', '/api/admin/account/sessions', { token: brian.token })).status).toBe(401);
    const fresh = ((await used.json()) as { token: string }).token;
    expect((await call(adminAccount, 'GET', '/api/admin/account/sessions', { token: fresh })).status).toBe(200);
    // A reused reset link changes nothing: the password stays, and the session the first use started goes on.
    const reusedState = await accountState();
    const again = await call(setPassword, 'POST', '/api/auth/set-password', {
      json: { token: secret, password: 'another long enough password' },
    });
    expect(again.status).toBe(410);
    expect(await again.json()).toEqual({ error: LINK_GONE });
    expect(await accountState()).toEqual(reusedState);
    expect((await call(adminAccount, 'GET', '/api/admin/account/sessions', { token: fresh })).status).toBe(200);
    // A newer link replaces an older unused one.
    await sendReset('amina', id);
    const first = await linkSentTo('brian@example.org');
    await sendReset('amina', id);
    await expect(describeLink(first)).rejects.toMatchObject({ response: { status: 410 } });
  });

  test('removing an account ends its open session at once; the last account cannot be removed', async () => {
    const brian = await staffSession('brian');
    const [{ id } = { id: '' }] = await rows<{ id: string }>(
      database,
      `select id::text as id from admin_users where username = 'brian'`,
    );
    expect((await call(adminAccount, 'GET', '/api/admin/account/sessions', { token: brian.token })).status).toBe(200);
    expect((await call(adminStaff, 'DELETE', `/api/admin/staff/${id}`, { token })).status).toBe(204);
    expect((await call(adminAccount, 'GET', '/api/admin/account/sessions', { token: brian.token })).status).toBe(401);
    expect((await call(adminStaff, 'DELETE', `/api/admin/staff/${id}`, { token })).status).toBe(404);

    const [{ id: own } = { id: '' }] = await rows<{ id: string }>(
      database,
      `select id::text as id from admin_users where username = 'amina'`,
    );
    const last = await call(adminStaff, 'DELETE', `/api/admin/staff/${own}`, { token });
    expect(last.status).toBe(409);
    expect(await rows(database, 'select count(*)::int as n from admin_users')).toEqual([{ n: 1 }]);
    expect((await call(adminStaff, 'DELETE', '/api/admin/staff/abc', { token })).status).toBe(400);
    expect((await call(adminStaff, 'GET', '/api/admin/staff')).status).toBe(401);
  });
});
