import { beforeEach, describe, expect, test } from 'vitest';
import account from '../../netlify/functions/admin-account.ts';
import backup from '../../netlify/functions/admin-backup.ts';
import blog from '../../netlify/functions/admin-blog.ts';
import contacts from '../../netlify/functions/admin-contacts.ts';
import donations from '../../netlify/functions/admin-donations.ts';
import events from '../../netlify/functions/admin-events.ts';
import media from '../../netlify/functions/admin-media.ts';
import upload from '../../netlify/functions/admin-media-upload.ts';
import newsletter from '../../netlify/functions/admin-newsletter.ts';
import programs from '../../netlify/functions/admin-programs.ts';
import stats from '../../netlify/functions/admin-stats.ts';
import stream from '../../netlify/functions/admin-stream.ts';
import volunteers from '../../netlify/functions/admin-volunteers.ts';
import login from '../../netlify/functions/auth-login.ts';
import logout from '../../netlify/functions/auth-logout.ts';
import { ACCOUNT_THROTTLE } from '../../netlify/functions/_shared/platform/login-throttle.ts';
import { bootstrapAdmin, setAdminPassword } from '../../netlify/functions/_shared/staff/account-setup.ts';
import { ADMIN_TABLES, auditEvents, bytesOf, call, createStaff, useJwtSecret, type Handler } from '../support/admin.ts';
import { SseReader } from '../../support/stand-ins/sse.ts';
import { databases, rows, truncate, useDatabase } from '../support/databases.ts';

const PASSWORD = 'a long staff password';
const NEW_PASSWORD = 'another long password';

/** Every admin endpoint a session token opens: a read that needs no data, or a write that fails past the guard. */
const ENDPOINTS: [string, Handler, string, string][] = [
  ['programs', programs, 'GET', '/api/admin/programs'],
  ['blog', blog, 'GET', '/api/admin/blog'],
  ['media', media, 'GET', '/api/admin/media'],
  ['contacts', contacts, 'GET', '/api/admin/contacts'],
  ['newsletter', newsletter, 'GET', '/api/admin/newsletter'],
  ['volunteers', volunteers, 'GET', '/api/admin/volunteers'],
  ['donations', donations, 'GET', '/api/admin/donations'],
  ['events', events, 'GET', '/api/admin/events'],
  ['stats', stats, 'GET', '/api/admin/stats'],
  ['backup', backup, 'POST', '/api/admin/db/backup'],
  ['stream token', stream, 'POST', '/api/admin/events/stream-token'],
  ['sessions', account, 'GET', '/api/admin/account/sessions'],
];

/** The status of every admin endpoint for `token`, by name. */
async function statuses(token: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, handler, method, path] of ENDPOINTS) {
    const res = await call(handler, method, path, { token });
    await res.body?.cancel();
    out[name] = res.status;
  }
  const form = new FormData();
  form.append('file', new Blob([bytesOf('png') as Uint8Array<ArrayBuffer>]), 'a.png');
  const uploaded = await call(upload, 'POST', '/api/admin/media/upload', { token, body: form });
  out['upload'] = uploaded.status;
  return out;
}

const everywhere = (status: number) =>
  Object.fromEntries([...ENDPOINTS.map(([name]) => name), 'upload'].map((name) => [name, status]));
// A backup starts in the background: 202 with its job.
const opened = { ...everywhere(200), upload: 201, backup: 202 };

describe.each(databases)('revocable sessions on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  beforeEach(async () => {
    await truncate(database, [...ADMIN_TABLES, 'rate_limits']);
    await createStaff('Staff', PASSWORD);
  });

  const signIn = async (ip = '198.51.100.1', password = PASSWORD) => {
    const res = await call(login, 'POST', '/api/auth/login', { json: { username: 'staff', password }, ip });
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  };

  const streamToken = async (token: string) => {
    const res = await call(stream, 'POST', '/api/admin/events/stream-token', { token });
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  };

  const openStream = (token: string) => call(stream, 'GET', `/api/admin/events/stream?token=${token}`);

  test('a token stops working on every endpoint after logout; the other session goes on', async () => {
    const [first, second] = [await signIn(), await signIn('198.51.100.2')];
    expect(await statuses(first)).toEqual(opened);
    const firstStream = await streamToken(first);
    const live = await openStream(firstStream);
    expect(live.status).toBe(200);
    const reader = new SseReader(live.body!);
    expect((await reader.next())?.event).toBe('initial_events');

    const out = await call(logout, 'POST', '/api/auth/logout', { token: first });
    expect(out.status).toBe(204);
    expect(out.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await statuses(first)).toEqual(everywhere(401));
    expect((await openStream(firstStream)).status).toBe(401);
    expect((await call(logout, 'POST', '/api/auth/logout', { token: first })).status).toBe(401);
    // The stream that was open when the session ended closes by itself within its recheck time.
    const started = Date.now();
    while (!reader.ended && Date.now() - started < 8_000) await reader.next(1_000);
    expect(reader.ended).toBe(true);

    expect(await statuses(second)).toEqual(opened);
    expect((await openStream(await streamToken(second))).status).toBe(200);
    expect((await auditEvents()).map((event) => event.type)).toContain('admin.logout');
  }, 30_000);

  test('a password change ends every session, the changer gets a fresh one, and the old password stops working', async () => {
    const [first, second] = [await signIn(), await signIn('198.51.100.2')];
    const secondStream = await streamToken(second);
    const change = (token: string, body: unknown) =>
      call(account, 'POST', '/api/admin/account/password', { token, json: body });

    const wrong = await change(first, { currentPassword: 'not it', newPassword: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ issues: [{ path: 'currentPassword' }] });
    const short = await change(first, { currentPassword: PASSWORD, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ issues: [{ path: 'newPassword' }] });
    expect(await statuses(first)).toEqual(opened);

    const changed = await change(first, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(changed.status).toBe(200);
    const { token: fresh } = (await changed.json()) as { token: string };
    expect(await statuses(first)).toEqual(everywhere(401));
    expect(await statuses(second)).toEqual(everywhere(401));
    expect((await openStream(secondStream)).status).toBe(401);
    expect(await statuses(fresh)).toEqual(opened);

    const old = await call(login, 'POST', '/api/auth/login', { json: { username: 'staff', password: PASSWORD } });
    expect(old.status).toBe(401);
    await signIn('198.51.100.3', NEW_PASSWORD);
  }, 30_000);

  test('a password set with admin:create ends every session too', async () => {
    const token = await signIn();
    await setAdminPassword('staff', NEW_PASSWORD, database);
    expect(await statuses(token)).toEqual(everywhere(401));
  });

  test('deleting the account ends its tokens at once, stream tokens included', async () => {
    const token = await signIn();
    const streaming = await streamToken(token);
    await rows(database, `delete from admin_users where lower(username) = 'staff'`);
    expect(await statuses(token)).toEqual(everywhere(401));
    expect((await openStream(streaming)).status).toBe(401);
    // A new account of the same name does not bring the old tokens back.
    await createStaff('staff', PASSWORD);
    expect(await statuses(token)).toEqual(everywhere(401));
  });

  test('lists the live sessions of the account and ends one of them', async () => {
    const first = await signIn();
    const second = await signIn('198.51.100.2');
    await createStaff('other', PASSWORD);
    const otherRes = await call(login, 'POST', '/api/auth/login', { json: { username: 'other', password: PASSWORD } });
    const other = ((await otherRes.json()) as { token: string }).token;

    const listed = await call(account, 'GET', '/api/admin/account/sessions', {
      token: first,
      headers: { 'User-Agent': 'ignored here' },
    });
    expect(listed.status).toBe(200);
    const { sessions } = (await listed.json()) as {
      sessions: { id: string; current: boolean; createdAt: string; expiresAt: string }[];
    };
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    const secondId = sessions.find((session) => !session.current)!.id;
    const hours = (Date.parse(sessions[0]!.expiresAt) - Date.parse(sessions[0]!.createdAt)) / 3_600_000;
    expect(hours).toBeCloseTo(8, 3);

    const otherSessions = (await (
      await call(account, 'GET', '/api/admin/account/sessions', { token: other })
    ).json()) as {
      sessions: { id: string }[];
    };
    const end = (token: string, id: string) =>
      call(account, 'DELETE', `/api/admin/account/sessions/${id}`, { token, params: { id } });
    expect((await end(first, otherSessions.sessions[0]!.id)).status).toBe(404);
    expect((await end(first, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await end(first, 'not-an-id')).status).toBe(400);
    expect((await end(first, secondId)).status).toBe(204);
    expect(await statuses(second)).toEqual(everywhere(401));
    expect(await statuses(first)).toEqual(opened);
    expect(await statuses(other)).toEqual(opened);
    const after = (await (await call(account, 'GET', '/api/admin/account/sessions', { token: first })).json()) as {
      sessions: unknown[];
    };
    expect(after.sessions).toHaveLength(1);
    expect((await call(account, 'PUT', '/api/admin/account/sessions', { token: first })).status).toBe(405);
  });

  const endOthers = (options: Parameters<typeof call>[3]) =>
    call(account, 'POST', '/api/admin/account/sessions/end-others', options);
  const listOf = async (token: string) =>
    (
      (await (await call(account, 'GET', '/api/admin/account/sessions', { token })).json()) as {
        sessions: { id: string; current: boolean; createdAt: string; lastUsedAt: string }[];
      }
    ).sessions;

  test('sign out everywhere else ends every other session of the account at once, keeps this one and other accounts', async () => {
    const [mine, second, third] = [await signIn(), await signIn('198.51.100.2'), await signIn('198.51.100.3')];
    const secondStream = await streamToken(second);
    await createStaff('other', PASSWORD);
    const otherRes = await call(login, 'POST', '/api/auth/login', { json: { username: 'other', password: PASSWORD } });
    const other = ((await otherRes.json()) as { token: string }).token;

    const res = await endOthers({ token: mine });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ended: 2 });
    expect(await statuses(second)).toEqual(everywhere(401));
    expect(await statuses(third)).toEqual(everywhere(401));
    expect((await openStream(secondStream)).status).toBe(401);
    expect(await statuses(mine)).toEqual(opened);
    expect(await statuses(other)).toEqual(opened);
    expect((await listOf(mine)).map((session) => session.current)).toEqual([true]);
    expect(await listOf(other)).toHaveLength(1);
    expect((await auditEvents()).filter((event) => event.type === 'admin.sessions_end_others')).toEqual([
      { type: 'admin.sessions_end_others', payload: { actor: 'Staff', ended: 2 } },
    ]);

    // Pressed again with nothing left to end, it says so and this session still goes on.
    const again = await endOthers({ token: mine });
    expect(await again.json()).toEqual({ ended: 0 });
    expect(await statuses(mine)).toEqual(opened);
  });

  test('sign out everywhere else follows the rules of every admin call: a live bearer token, POST only', async () => {
    const [mine, second] = [await signIn(), await signIn('198.51.100.2')];
    const stillTwo = async () => expect(await listOf(second)).toHaveLength(2);

    // A cross-site form post carries no Authorization header (no cookie signs anyone in), so it is refused.
    const forged = await endOthers({
      body: 'x=1',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(401);
    await stillTwo();
    // A stream token names the session too, but only opens the stream.
    expect((await endOthers({ token: await streamToken(mine) })).status).toBe(401);
    expect((await endOthers({ token: `${mine.slice(0, -2)}xx` })).status).toBe(401);
    await stillTwo();
    for (const method of ['GET', 'DELETE', 'PUT']) {
      const wrong = await call(account, method, '/api/admin/account/sessions/end-others', { token: mine });
      expect(wrong.status, method).toBe(405);
      expect(wrong.headers.get('allow')).toBe('POST');
    }
    await stillTwo();

    // A session that was signed out elsewhere cannot sign out the one that ended it.
    expect((await endOthers({ token: second })).status).toBe(200);
    expect((await endOthers({ token: mine })).status).toBe(401);
    expect(await listOf(second)).toHaveLength(1);
  });

  test('records when each session was last used, at most once a minute, and lists the most recently used first', async () => {
    const older = await signIn();
    const newer = await signIn('198.51.100.2');
    const fresh = await listOf(older);
    for (const session of fresh) expect(session.lastUsedAt).toBe(session.createdAt);
    const olderId = fresh.find((session) => session.current)!.id;
    const newerId = fresh.find((session) => !session.current)!.id;

    // Ten minutes pass for the older session; its next call records the use.
    await rows(database, `update admin_sessions set last_used_at = last_used_at - interval '10 minutes'`);
    const [before] = await rows<{ now: Date }>(database, 'select now() as now');
    const touched = await listOf(older);
    expect(touched.map((session) => session.id)).toEqual([olderId, newerId]);
    const lastUsed = Date.parse(touched[0]!.lastUsedAt);
    expect(lastUsed).toBeGreaterThanOrEqual(new Date(before!.now).getTime());
    expect(Date.parse(touched[1]!.lastUsedAt)).toBeLessThan(Date.parse(touched[1]!.createdAt));

    // Within the minute, another call writes nothing.
    await rows(database, `update admin_sessions set last_used_at = last_used_at - interval '30 seconds'`);
    const [stored] = await rows<{ last_used_at: Date }>(
      database,
      'select last_used_at from admin_sessions where id = $1',
      [olderId],
    );
    await listOf(older);
    const [after] = await rows<{ last_used_at: Date }>(
      database,
      'select last_used_at from admin_sessions where id = $1',
      [olderId],
    );
    expect(new Date(after!.last_used_at).getTime()).toBe(new Date(stored!.last_used_at).getTime());

    // The live stream checking its session is not a use by the staff member.
    const newerStream = await streamToken(newer);
    await rows(database, `update admin_sessions set last_used_at = last_used_at - interval '10 minutes'`);
    expect((await openStream(newerStream)).status).toBe(200);
    const listed = await listOf(older);
    expect(listed[1]!.id).toBe(newerId);
    expect(Date.now() - Date.parse(listed[1]!.lastUsedAt)).toBeGreaterThan(5 * 60_000);
  });

  test('accepts the Bearer scheme in any letter case', async () => {
    const token = await signIn();
    for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
      const res = await call(programs, 'GET', '/api/admin/programs', {
        headers: { Authorization: `${scheme} ${token}` },
      });
      expect(res.status, scheme).toBe(200);
    }
    const basic = await call(programs, 'GET', '/api/admin/programs', { headers: { Authorization: `basic ${token}` } });
    expect(basic.status).toBe(401);
  });

  test('ignores a client-sent X-Forwarded-For: the throttle counts by the platform address', async () => {
    for (let i = 0; i < 5; i += 1) {
      const res = await call(login, 'POST', '/api/auth/login', {
        json: { username: 'staff', password: 'wrong' },
        headers: { 'X-Forwarded-For': `203.0.113.${i}` },
      });
      expect(res.status).toBe(401);
    }
    const spoofed = await call(login, 'POST', '/api/auth/login', {
      json: { username: 'staff', password: PASSWORD },
      headers: { 'X-Forwarded-For': '203.0.113.99', 'X-Nf-Client-Connection-Ip': '203.0.113.98' },
    });
    expect(spoofed.status).toBe(429);
  });

  test('blocks guesses spread over many addresses until the window passes, but not a client that signed in before', async () => {
    const known = '198.51.100.250';
    await signIn(known);
    const guess = (ip: string, password = 'wrong') =>
      call(login, 'POST', '/api/auth/login', { json: { username: 'STAFF', password }, ip });
    for (let i = 0; i < ACCOUNT_THROTTLE.failures; i += 1) expect((await guess(`192.0.2.${i}`)).status).toBe(401);

    const blocked = await guess('192.0.2.200', PASSWORD);
    expect(blocked.status).toBe(429);
    // Until the oldest of the twenty failures is fifteen minutes old, however long the caller has waited already.
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    // The staff member's own browser is not slowed by someone else's guesses.
    expect((await guess(known, PASSWORD)).status).toBe(200);

    // Still refused fourteen minutes on, with the right password.
    await rows(database, `update login_failures set ts = ts - interval '14 minutes'`);
    expect((await guess('192.0.2.201', PASSWORD)).status).toBe(429);

    // Once the failures are older than the window, everyone may try again.
    await rows(database, `update login_failures set ts = ts - interval '2 minutes'`);
    expect((await guess('192.0.2.203', PASSWORD)).status).toBe(200);
  });

  test('keeps the session table to hashed clients and a trimmed browser name', async () => {
    await call(login, 'POST', '/api/auth/login', {
      json: { username: 'staff', password: PASSWORD },
      ip: '192.0.2.77',
      headers: { 'User-Agent': `Mozilla/5.0 ${'x'.repeat(500)}\u00e9` },
    });
    const [row] = await rows<{ client: string; user_agent: string }>(
      database,
      'select client, user_agent from admin_sessions',
    );
    expect(row?.client).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.user_agent).toHaveLength(200);
    expect(JSON.stringify(await rows(database, 'select * from admin_sessions'))).not.toContain('192.0.2.77');
  });
});

describe.each(databases)('staff accounts from the environment on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  beforeEach(() => truncate(database, [...ADMIN_TABLES, 'rate_limits']));

  test('creates the account of every pair the environment names, numbered ones included', async () => {
    await bootstrapAdmin(database, {
      ADMIN_USERNAME: 'staff',
      ADMIN_PASSWORD: PASSWORD,
      ADMIN_USERNAME_2: 'amina',
      ADMIN_PASSWORD_2: NEW_PASSWORD,
      ADMIN_USERNAME_12: 'wanjiru',
      ADMIN_PASSWORD_12: PASSWORD,
      ADMIN_USERNAME_X: 'not-a-pair',
    });
    const names = await rows<{ username: string }>(database, 'select username from admin_users order by username');
    expect(names.map((row) => row.username)).toEqual(['amina', 'staff', 'wanjiru']);
    const signIn = await call(login, 'POST', '/api/auth/login', {
      json: { username: 'wanjiru', password: PASSWORD },
    });
    expect(signIn.status).toBe(200);
  });

  test('refuses a numbered username without its password, and creates nothing for it', async () => {
    await expect(bootstrapAdmin(database, { ADMIN_USERNAME_3: 'brian' })).rejects.toThrow(
      'Set both ADMIN_USERNAME_3 and ADMIN_PASSWORD_3, or neither',
    );
    expect(await rows(database, 'select username from admin_users')).toEqual([]);
  });
});
