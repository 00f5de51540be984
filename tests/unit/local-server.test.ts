/**
 * The local server (`npm run serve`, scripts/serve.ts) picks up a changed function source without a restart, and
 * calls that arrive while the function is rebuilt are answered by the build they find, never with a 500.
 * It runs scheduled functions on their schedules, answers every path with the site's security headers, refuses
 * what no route should see with a clear 4xx, keeps local-only addresses from other sites' pages, and listens on this
 * machine only. It runs as its own process, on a functions folder of its own, so the project's functions
 * stay untouched. Its embedded database is its own: a second server on the same data folder stops at once, naming
 * the first, which keeps serving; a server killed outright leaves its lock behind, and the next start takes it over.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { LOCK_FILE } from '../../support/database/database-lock.ts';
import { startServeProcess, type ServeProcess } from '../../support/e2e/serve-process.ts';
import { startSmtpServer, type TestSmtpServer } from '../../support/stand-ins/smtp.ts';

const project = resolve(import.meta.dirname, '../..');

/** The project's retry function under a schedule of every second (cron with seconds), so a test waits seconds. */
const retrySource = `
import retry from ${JSON.stringify(join(project, 'netlify/functions/notify-retry.ts'))};
export default async () => retry();
export const config = { schedule: '* * * * * *' };
`;

/** Puts one email in the outbox, held for a second, and sends nothing itself. */
const holdSource = `
import { query } from ${JSON.stringify(join(project, 'netlify/functions/_shared/platform/db.ts'))};
import { enqueue } from ${JSON.stringify(join(project, 'netlify/functions/_shared/platform/outbox.ts'))};
export default async () => {
  await enqueue({ query }, { kind: 'message', dedupKey: 'held:1', source: 'test', recipients: ['office@tumaini.example'],
    notice: { subject: 'Held email', body: 'Sent by the schedule.', resource: 'contacts', recordId: '1' } });
  await query("update notification_outbox set next_attempt_at = now() + interval '1 second'");
  return new Response('held');
};
export const config = { path: '/api/hold' };
`;

/** A function answering `text` at /api/probe, as a source file of the functions folder. */
const probeSource = (text: string) => `
export default async () => new Response(${JSON.stringify(text)}, { headers: { 'content-type': 'text/plain' } });
export const config = { path: '/api/probe' };
`;

/** A function answering the client address it was given (`context.ip`). */
const clientSource = `
export default async (_req, context) => new Response(context.ip, { headers: { 'content-type': 'text/plain' } });
export const config = { path: '/api/client' };
`;

let scratch: string;
/** The server's functions folder; its database lives beside it, out of the folder the server watches. */
let functions: string;
let server: ServeProcess | undefined;
let smtp: TestSmtpServer | undefined;
/** The server's arguments and environment (its data folder outside the project, in the system's temporary folder). */
let serverArgs: string[];
let serverEnv: Record<string, string>;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'watoto-serve-'));
  functions = join(scratch, 'functions');
  await mkdir(functions);
  await writeFile(join(functions, 'probe.mjs'), probeSource('first build'));
  await writeFile(join(functions, 'retry.mts'), retrySource);
  await writeFile(join(functions, 'hold.mts'), holdSource);
  await writeFile(join(functions, 'client.mjs'), clientSource);
  smtp = await startSmtpServer();
  serverArgs = ['--no-build', '--functions', functions];
  serverEnv = {
    PORT: '0',
    HOST: '',
    DATA_DIR: join(scratch, 'data'),
    DATABASE_URL: '',
    SMTP_URL: smtp.url,
    NOTIFY_FROM: 'Tumaini website <website@tumaini.example>',
    CLIENT_FROM_TEST_HEADER: '',
  };
  server = await startServeProcess(serverArgs, serverEnv);
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await rm(scratch, { recursive: true, force: true });
});

test('a held email is sent by the scheduled retry with no other traffic, and each run is logged', async () => {
  expect(await (await fetch(`${server!.url}/api/hold`)).text()).toBe('held');
  // Nothing calls the server from here on: only its scheduler can send the email.
  await expect.poll(() => smtp!.messages.map((mail) => mail.subject), { timeout: 10_000 }).toEqual(['Held email']);
  // The run logs once it has finished, a moment after the mail server has the email.
  await expect.poll(() => server!.output()).toMatch(/scheduled retry: 200 in \d+ ms .*"sent":1/);
});

test('the server answers with the security headers everywhere, 404 included', async () => {
  const missing = await fetch(`${server!.url}/no-such-page/`);
  expect(missing.status).toBe(404);
  expect(missing.headers.get('x-frame-options')).toBe('DENY');
  expect(missing.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
});

test('a visitor cannot choose the client address functions see: the test header and X-Forwarded-For are ignored', async () => {
  const res = await fetch(`${server!.url}/api/client`, {
    headers: { 'x-test-client-ip': '203.0.113.9', 'x-forwarded-for': '198.51.100.7' },
  });
  expect(res.status).toBe(200);
  expect(await res.text()).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
});

test('TRACE answers 405 and a path that is not valid percent-encoding 400, never 502', async () => {
  const { request } = await import('node:http');
  const raw = (method: string, path: string) =>
    new Promise<{ status: number; frame: string | undefined }>((done, fail) => {
      const url = new URL(server!.url);
      request({ host: url.hostname, port: url.port, method, path }, (res) => {
        res.resume();
        done({ status: res.statusCode ?? 0, frame: res.headers['x-frame-options'] as string | undefined });
      })
        .on('error', fail)
        .end();
    });
  expect(await raw('TRACE', '/')).toEqual({ status: 405, frame: 'DENY' });
  expect(await raw('GET', '/%E0')).toEqual({ status: 400, frame: 'DENY' });
  expect(await raw('GET', '/blog/%E0/')).toEqual({ status: 400, frame: 'DENY' });
});

test('local-only addresses refuse calls from pages of other sites', async () => {
  const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
  for (const path of ['/.netlify/local-build-hook', '/.netlify/functions/retry', '/.netlify/functions/deploy-events']) {
    const res = await fetch(`${server!.url}${path}`, { method: 'POST', headers: crossSite, body: 'x=1' });
    expect(res.status, path).toBe(403);
  }
  // The machine's owner (a terminal: no Origin) may still run the retry by hand.
  expect((await fetch(`${server!.url}/.netlify/functions/retry`, { method: 'POST' })).status).toBe(200);
});

test('answers only requests naming this machine, so a forged Host never becomes the address functions fetch', async () => {
  const { request } = await import('node:http');
  const withHost = (host: string) =>
    new Promise<number>((done, fail) => {
      const url = new URL(server!.url);
      request({ host: url.hostname, port: url.port, method: 'GET', path: '/api/probe', headers: { host } }, (res) => {
        res.resume();
        done(res.statusCode ?? 0);
      })
        .on('error', fail)
        .end();
    });
  const port = new URL(server!.url).port;
  expect(await withHost('evil.example')).toBe(403);
  expect(await withHost(`169.254.169.254:${port}`)).toBe(403);
  for (const own of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) expect(await withHost(own)).toBe(200);
});

test('listens on this machine only unless HOST says otherwise', async () => {
  const port = new URL(server!.url).port;
  const outside = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && !address.internal && address.family === 'IPv4');
  expect(outside, 'a network address besides loopback to try').toBeDefined();
  await expect(fetch(`http://${outside!.address}:${port}/`)).rejects.toThrow();
  expect((await fetch(`http://127.0.0.1:${port}/no-such-page/`)).status).toBe(404);
});

test('a changed function source is served without a restart; calls during the rebuild get an answer, not a 500', async () => {
  const call = async () => {
    const response = await fetch(`${server!.url}/api/probe`);
    // The start of the answer is enough to tell which build (or a 404 page) answered.
    return { status: response.status, text: (await response.text()).slice(0, 60) };
  };
  expect(await call()).toEqual({ status: 200, text: 'first build' });

  // Saved in place as an editor does (and as a busy machine spreads `writeFile`): emptied first, written a moment later.
  const file = await open(join(functions, 'probe.mjs'), 'w');
  await sleep(40);
  await file.writeFile(probeSource('second build'));
  await file.close();
  const answers: { status: number; text: string }[] = [];
  await expect
    .poll(
      async () => {
        answers.push(await call());
        return answers.at(-1)!.text;
      },
      { timeout: 20_000, interval: 50 },
    )
    .toBe('second build');
  // Until the new build is in place, the old one answers.
  const unexpected = answers.filter(({ status, text }) => status !== 200 || !/^(first|second) build$/.test(text));
  expect(unexpected).toEqual([]);
});

test('a second server on the same data folder stops at once, naming the first, which keeps serving', async () => {
  const second = spawn(process.execPath, [join(project, 'scripts', 'serve.ts'), ...serverArgs], {
    cwd: project,
    env: { ...process.env, ...serverEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let said = '';
  second.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
  second.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const exited = new Promise<number | null>((done) => second.once('exit', done));
  try {
    const code = await Promise.race([exited, sleep(10_000, 'still running after 10 s')]);
    expect(code).toBe(1);
  } finally {
    second.kill('SIGKILL');
  }
  expect(said.trim()).toMatch(
    new RegExp(
      `^The database in ${serverEnv['DATA_DIR']!} is in use by process ${server!.child.pid!} ` +
        '\\(node scripts/serve\\.ts, since \\d\\d:\\d\\d\\)\\. Stop it first, or set DATA_DIR to use another folder\\.$',
    ),
  );
  // The first one still answers, from its database.
  expect(await (await fetch(`${server!.url}/api/hold`)).text()).toBe('held');
});

test('a server killed outright leaves its lock behind, and the next start on the folder takes it over', async () => {
  const killed = server!;
  killed.child.kill('SIGKILL');
  await killed.stop();
  const lock = JSON.parse(await readFile(join(serverEnv['DATA_DIR']!, LOCK_FILE), 'utf8')) as { pid: number };
  expect(lock.pid).toBe(killed.child.pid);
  // Its functions' build folder is left behind too (a stopped server removes its own).
  await rm(join(project, '.netlify', 'functions-serve', `pid-${killed.child.pid!}`), { recursive: true, force: true });

  server = await startServeProcess(serverArgs, serverEnv);
  expect(await (await fetch(`${server.url}/api/hold`)).text()).toBe('held');
  const taken = JSON.parse(await readFile(join(serverEnv['DATA_DIR']!, LOCK_FILE), 'utf8')) as { pid: number };
  expect(taken.pid).toBe(server.child.pid);
  // A whole server start, as the one before all tests (hookTimeout).
}, 60_000);
