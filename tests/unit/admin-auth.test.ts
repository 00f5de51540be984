import { SignJWT, UnsecuredJWT } from 'jose';
import { beforeEach, describe, expect, test } from 'vitest';
import login from '../../netlify/functions/auth-login.ts';
import programs from '../../netlify/functions/admin-programs.ts';
import { ISSUER, signToken, TOKEN_KINDS } from '../../netlify/functions/_shared/platform/auth.ts';
import { admitAttempt, CLIENT_THROTTLE } from '../../netlify/functions/_shared/platform/login-throttle.ts';
import { transaction } from '../../netlify/functions/_shared/platform/db.ts';
import { HashingBusy, HashQueue, PASSWORD_COST } from '../../netlify/functions/_shared/platform/passwords.ts';
import { ADMIN_TABLES, auditEvents, call, createStaff, TEST_JWT_SECRET, useJwtSecret } from '../support/admin.ts';
import { databases, rows, truncate, useDatabase } from '../support/databases.ts';

const PASSWORD = 'a long staff password';

describe.each(databases)('POST /api/auth/login on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  beforeEach(async () => {
    await truncate(database, ADMIN_TABLES);
    await createStaff('Staff', PASSWORD);
  });

  const attempt = (username: string, password: string, ip = '198.51.100.1') =>
    call(login, 'POST', '/api/auth/login', { json: { username, password }, ip });

  test('answers a token that opens the admin API when the password is right', async () => {
    const res = await attempt('staff', PASSWORD);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { token } = (await res.json()) as { token: string };
    const list = await call(programs, 'GET', '/api/admin/programs', { token });
    expect(list.status).toBe(200);
    expect(await auditEvents()).toEqual([{ type: 'admin.login', payload: { actor: 'Staff' } }]);
  });

  test('gives an unknown user and a wrong password the same 401 in about the same time', async () => {
    // The account as production makes it: the unknown user is checked against a hash of this cost.
    await createStaff('Staff', PASSWORD, PASSWORD_COST);
    const timed = async (username: string) => {
      const start = performance.now();
      const res = await attempt(username, 'not the password');
      return { status: res.status, body: (await res.json()) as unknown, ms: performance.now() - start };
    };
    await timed('warm-up');
    const wrong = [await timed('staff'), await timed('staff'), await timed('staff')];
    const unknown = [await timed('nobody'), await timed('nobody'), await timed('nobody')];
    for (const answer of [...wrong, ...unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: 'Invalid username or password' });
    }
    // The fastest of each three: the least disturbed by whatever else the machine is doing. Without the dummy hash
    // an unknown user would answer in well under a tenth of the time, so a wide margin still tells them apart.
    const fastest = (runs: { ms: number }[]) => Math.min(...runs.map((run) => run.ms));
    expect(fastest(unknown)).toBeGreaterThan(fastest(wrong) / 3);
    expect(fastest(unknown)).toBeLessThan(fastest(wrong) * 3);
    const failures = (await auditEvents()).filter((event) => event.type === 'admin.login_failed');
    // Only an account that exists is named; what was typed for none is not kept (it may be a password).
    expect(failures.map((event) => event.payload['actor'] ?? event.payload['reason'])).toEqual([
      'unknown_account',
      'Staff',
      'Staff',
      'Staff',
      'unknown_account',
      'unknown_account',
      'unknown_account',
    ]);
    expect(JSON.stringify(failures)).not.toMatch(/nobody|warm-up/);
    expect(JSON.stringify(failures)).not.toContain('not the password');
    // Nor does the throttle keep a typed name that is no account's.
    const throttle = await rows(database, 'select username from login_failures');
    expect(throttle).toHaveLength(7);
    expect(JSON.stringify(throttle)).not.toMatch(/nobody|warm-up/);
  });

  test('answers 400 for a malformed body, 415 for a non-JSON one and 405 for other methods', async () => {
    for (const json of [{}, { username: 'staff' }, { username: '', password: 'x' }, { username: 1, password: 2 }, []]) {
      const res = await call(login, 'POST', '/api/auth/login', { json });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBeTruthy();
    }
    const broken = await call(login, 'POST', '/api/auth/login', {
      body: '{"username":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    const form = await call(login, 'POST', '/api/auth/login', {
      body: 'username=staff',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const get = await call(login, 'GET', '/api/auth/login');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  test('blocks a username from one client after 5 failures within 15 minutes, with Retry-After', async () => {
    for (let i = 0; i < 5; i += 1) expect((await attempt('staff', `wrong ${i}`)).status).toBe(401);
    const blocked = await attempt('STAFF', PASSWORD);
    expect(blocked.status).toBe(429);
    const retry = Number(blocked.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(14 * 60);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    // Another client, and another username from this client, are not blocked.
    expect((await attempt('staff', PASSWORD, '198.51.100.2')).status).toBe(200);
    expect((await attempt('other', 'x')).status).toBe(401);
    // Failures older than the window no longer count.
    await rows(database, `update login_failures set ts = ts - interval '16 minutes'`);
    expect((await attempt('staff', PASSWORD)).status).toBe(200);
  });

  test('forgets earlier failures once the right password is given', async () => {
    for (let i = 0; i < 4; i += 1) await attempt('staff', 'wrong');
    expect((await attempt('staff', PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i += 1) await attempt('staff', 'wrong');
    expect((await attempt('staff', PASSWORD)).status).toBe(200);
  });

  /** Answers' statuses, counted. */
  const tally = (answers: Response[]) =>
    answers.reduce<Record<number, number>>(
      (counts, res) => ({ ...counts, [res.status]: (counts[res.status] ?? 0) + 1 }),
      {},
    );

  test('fifty wrong passwords sent at once from one client: five are checked, the rest answer 429', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => attempt('staff', `wrong ${i}`)));
    expect(tally(answers)).toEqual({ 401: 5, 429: 45 });
    expect((await attempt('staff', PASSWORD)).status).toBe(429);
  });

  test('sixty guesses at once from sixty addresses: twenty are checked, the rest answer 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => attempt('staff', `wrong ${i}`, `192.0.2.${i + 1}`)),
    );
    expect(tally(answers)).toEqual({ 401: 20, 429: 40 });
    expect((await attempt('staff', PASSWORD, '192.0.2.100')).status).toBe(429);
  });

  test('the right password among 49 wrong ones sent at once wipes none of the failures it raced with', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => attempt('staff', i === 25 ? PASSWORD : `wrong ${i}`)),
    );
    const counts = tally(answers);
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBe(5);
    expect(counts[429]).toBe(45);
    // However the race went, the limit stands: even the right password is refused until the window passes.
    expect((await attempt('staff', PASSWORD)).status).toBe(429);
    await rows(database, `update login_failures set ts = ts - interval '16 minutes'`);
    expect((await attempt('staff', PASSWORD)).status).toBe(200);
  });

  test('a spray of a hundred usernames from one client, one after another, ends in 429 for that client', async () => {
    // A staff member who signed in from this address before keeps getting in.
    expect((await attempt('staff', PASSWORD)).status).toBe(200);
    const answers: Response[] = [];
    for (let i = 0; i < 100; i += 1) answers.push(await attempt(`user${i}`, 'Summer2026!'));
    expect(answers.slice(0, CLIENT_THROTTLE.failures).every((res) => res.status === 401)).toBe(true);
    const refused = answers.slice(CLIENT_THROTTLE.failures);
    expect(refused.every((res) => res.status === 429 && Number(res.headers.get('retry-after')) > 0)).toBe(true);
    expect((await attempt('staff', PASSWORD)).status).toBe(200);
    // Another address is not blocked.
    expect((await attempt('user1', 'x', '198.51.100.2')).status).toBe(401);
  }, 120_000);

  test('fifty sign-ins at once for fifty usernames: no 5xx, and staff on a known device still get in', async () => {
    expect((await attempt('staff', PASSWORD, '198.51.100.9')).status).toBe(200);
    // At full cost: the unknown names are checked against a hash of PASSWORD_COST.
    const [staff, ...flood] = await Promise.all([
      attempt('staff', PASSWORD, '198.51.100.9'),
      ...Array.from({ length: 50 }, (_, i) => attempt(`user${i}`, 'Summer2026!', '203.0.113.1')),
    ]);
    expect(staff?.status).toBe(200);
    for (const res of flood) {
      expect([401, 429]).toContain(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(tally(flood)[429]).toBeGreaterThanOrEqual(50 - CLIENT_THROTTLE.failures);
  }, 120_000);

  /** The keyed hash the throttle stores for the address `ip`. */
  async function clientOf(ip: string): Promise<string> {
    await rows(database, 'delete from login_failures');
    await attempt('nobody', 'x', ip);
    const [row] = await rows<{ client: string }>(database, 'select client from login_failures');
    await rows(database, 'delete from login_failures');
    return row!.client;
  }

  // The embedded database runs one transaction at a time, so a lock held by another cannot be shown there.
  test.runIf(database.name === 'postgres')(
    "a known device gets in while a flood from its own address holds that address's lock",
    async () => {
      expect((await attempt('staff', PASSWORD, '198.51.100.7')).status).toBe(200);
      const client = await clientOf('198.51.100.7');
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const held = transaction(async (tx) => {
        await tx.query(`select pg_advisory_xact_lock(hashtextextended('login-client:' || $1, 0))`, [client]);
        await released;
      });
      const order: string[] = [];
      const signIn = attempt('staff', PASSWORD, '198.51.100.7').then((res) => {
        order.push('signed in');
        return res;
      });
      // Let go after a while in any case, so a sign-in that waits for the lock fails rather than hangs.
      const fallback = setTimeout(() => {
        order.push('released');
        release();
      }, 10_000);
      const res = await signIn;
      clearTimeout(fallback);
      release();
      await held;
      expect(res.status).toBe(200);
      expect(order).toEqual(['signed in']);
    },
    30_000,
  );

  test('a device that is no longer known when the limits are read is counted as unknown, under both locks', async () => {
    const client = await clientOf('198.51.100.8');
    const refused: string[] = [];
    const admitted = await admitAttempt('staff', client, () => Promise.resolve(void refused.push('refused')), true);
    expect(admitted).toMatchObject({ known: false });
    expect(refused).toEqual([]);
    expect(await rows(database, `select username from login_failures`)).toEqual([{ username: 'staff' }]);
  });

  test('keeps the failure count in the database, never the client address', async () => {
    await attempt('staff', 'wrong', '192.0.2.55');
    const [row] = await rows<{ client: string; username: string }>(
      database,
      'select client, username from login_failures',
    );
    expect(row?.username).toBe('staff');
    expect(row?.client).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await rows(database, 'select * from events'))).not.toContain('192.0.2.55');
  });
});

describe('staff token checks', () => {
  useJwtSecret();
  const key = new TextEncoder().encode(TEST_JWT_SECRET);
  const session = TOKEN_KINDS.session.audience;
  const now = () => Math.floor(Date.now() / 1000);
  const get = (headers: Record<string, string>) => call(programs, 'GET', '/api/admin/programs', { headers });

  const cases: [string, () => Record<string, string> | Promise<Record<string, string>>][] = [
    ['missing', () => ({})],
    ['not a bearer', () => ({ Authorization: `Basic ${btoa('staff:pw')}` })],
    ['malformed', () => ({ Authorization: 'Bearer not.a-jwt' })],
    ['empty', () => ({ Authorization: 'Bearer ' })],
    [
      'badly signed',
      async () => ({
        Authorization: `Bearer ${await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('staff').setIssuer(ISSUER).setAudience(session).setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode('another-secret-of-at-least-32-bytes!!'))}`,
      }),
    ],
    [
      'alg none',
      () => ({
        Authorization: `Bearer ${new UnsecuredJWT({ sub: 'staff', iss: ISSUER, aud: session, iat: now(), exp: now() + 3600 }).encode()}`,
      }),
    ],
    [
      'expired',
      async () => ({
        Authorization: `Bearer ${await new SignJWT({})
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject('staff')
          .setIssuer(ISSUER)
          .setAudience(session)
          .setIssuedAt(now() - 9 * 3600)
          .setExpirationTime(now() - 60)
          .sign(key)}`,
      }),
    ],
    [
      'wrong audience',
      async () => ({
        Authorization: `Bearer ${await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('staff').setIssuer(ISSUER).setAudience('another-app').setIssuedAt().setExpirationTime('1h').sign(key)}`,
      }),
    ],
    [
      'a stream token',
      async () => ({
        Authorization: `Bearer ${await signToken('staff', '00000000-0000-4000-8000-000000000000', 'stream')}`,
      }),
    ],
  ];

  test.each(cases)('answers 401 with no data for a %s token', async (_name, headers) => {
    const res = await get(await headers());
    expect(res.status).toBe(401);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['error']);
  });

  test('answers 401 before anything else, whatever the method', async () => {
    expect((await call(programs, 'DELETE', '/api/admin/programs/1')).status).toBe(401);
  });

  test('refuses to run with a short JWT_SECRET', async () => {
    const token = await signToken('staff', '00000000-0000-4000-8000-000000000000');
    process.env['JWT_SECRET'] = 'too-short';
    try {
      const res = await call(programs, 'GET', '/api/admin/programs', { token });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ error: 'The server is not configured' });
      const signIn = await call(login, 'POST', '/api/auth/login', { json: { username: 'staff', password: 'x' } });
      expect(signIn.status).toBe(500);
    } finally {
      process.env['JWT_SECRET'] = TEST_JWT_SECRET;
    }
  });
});

describe('the password hashing queue', () => {
  /** A hash that ends when the test says so. */
  const controlled = (queue: HashQueue, started: string[], name: string, priority: 'ahead' | 'ordinary') => {
    let finish = () => {};
    const done = queue.run(priority, () => {
      started.push(name);
      return new Promise<void>((resolve) => (finish = resolve));
    });
    return { done, finish: () => finish() };
  };
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  test('runs a few at once, lets a few wait, refuses the next with a wait, and starts known staff at once', async () => {
    const queue = new HashQueue({ running: 2, waiting: 2, spare: 1, maxWaitMs: 60_000 });
    const started: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => controlled(queue, started, name, 'ordinary'));
    await expect(queue.run('ordinary', async () => {})).rejects.toBeInstanceOf(HashingBusy);
    const refusal = await queue.run('ordinary', async () => {}).catch((failure: unknown) => failure);
    expect((refusal as HashingBusy).retryAfterSeconds).toBeGreaterThan(0);
    // A known staff member's hash takes the spare turn: it waits for no stranger's.
    const staff = controlled(queue, started, 'staff', 'ahead');
    await settle();
    expect(started).toEqual(['a', 'b', 'staff']);
    expect(queue.state).toMatchObject({ running: 3, waiting: 2 });
    // A second one while the spare turn is taken goes ahead of the strangers still waiting.
    const owner = controlled(queue, started, 'owner', 'ahead');
    expect(queue.state).toMatchObject({ running: 3, waiting: 3 });
    // The spare turn ends without starting anyone: the ordinary turns stay two.
    staff.finish();
    await staff.done;
    await settle();
    expect(started).toEqual(['a', 'b', 'staff']);
    expect(queue.state).toMatchObject({ running: 2, waiting: 3 });
    a!.finish();
    await a!.done;
    await settle();
    expect(started).toEqual(['a', 'b', 'staff', 'owner']);
    for (const job of [b, owner, c, d]) {
      job!.finish();
      await job!.done;
      await settle();
    }
    expect(started).toEqual(['a', 'b', 'staff', 'owner', 'c', 'd']);
    expect(queue.state).toMatchObject({ running: 0, waiting: 0, started: 6 });
  });
});
