/**
 * `node scripts/soak-outbox.ts [submissions] [kills]`: the email outbox under kill -9, on both databases (the embedded
 * one, then a throw-away PostgreSQL database on `TEST_PG_URL`). A sender process (scripts/bench/soak-worker.ts: the track
 * function, sending after each answer) takes a stream of contact messages (default 1,000) from four visitors at once,
 * and is killed with SIGKILL at random moments (default 20 times) and started again; each message is resent by its
 * submission id until it is acknowledged, as the site's forms do. The outbox is then drained (the retry run after the
 * lease, as the schedule would) and the emails a real SMTP server received are counted: one per submission is
 * expected; a duplicate is a second copy of a Message-ID, a lost one a submission whose email never came.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { closePools, query, type DatabaseTarget } from '../netlify/functions/_shared/platform/db.ts';
import { deliverDue, LEASE_SECONDS } from '../netlify/functions/_shared/platform/outbox.ts';
import { startLocalDatabase, type LocalDatabase } from '../support/database/local-database.ts';
import { migrate } from '../support/database/migrate.ts';
import { startSmtpServer } from '../support/stand-ins/smtp.ts';

const total = Number(process.argv[2] ?? 1000);
const kills = Number(process.argv[3] ?? 20);
const adminUrl = process.env['TEST_PG_URL'] || 'postgres://postgres@127.0.0.1:5432/postgres';

/** What one database's run measured. */
interface SoakReport {
  database: string;
  submissions: number;
  kills: number;
  emailsReceived: number;
  distinct: number;
  duplicates: number;
  lost: number;
  seconds: number;
}

/** Starts the sender and resolves with it and its address once it listens. */
async function startWorker(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'bench', 'soak-worker.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((ready, fail) => {
    child.once('exit', (code) => fail(new Error(`worker exited with ${code}`)));
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready (\d+)/.exec(output);
      if (match) ready(match[1]!);
    });
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

async function soak(name: string, database: LocalDatabase): Promise<SoakReport> {
  const started = performance.now();
  const target: DatabaseTarget = { url: database.url, proxy: database.proxy };
  await migrate(target);
  const smtp = await startSmtpServer();
  const env = {
    DATABASE_URL: database.url,
    DATABASE_WS_PROXY: database.proxy ?? '',
    SMTP_URL: smtp.url,
    NOTIFY_TO: 'office@tumaini.example',
    NOTIFY_FROM: 'Tumaini website <website@tumaini.example>',
    TRACK_RATE_LIMIT_PER_MINUTE: '1000000',
  };
  let worker = await startWorker(env);
  let restarting: Promise<void> | undefined;
  const ids = Array.from({ length: total }, () => randomUUID());
  const killAt = new Set<number>();
  while (killAt.size < Math.min(kills, total - 1)) killAt.add(1 + Math.floor(Math.random() * (total - 1)));
  let killed = 0;

  const restart = () =>
    (restarting ??= (async () => {
      const exited = new Promise((done) => worker.child.once('exit', done));
      worker.child.kill('SIGKILL');
      await exited;
      killed += 1;
      worker = await startWorker(env);
      restarting = undefined;
    })());

  const submit = async (index: number) => {
    for (;;) {
      if (restarting) await restarting;
      const answer = await fetch(`${worker.url}/api/admin/track`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          type: 'contact_submit',
          submissionId: ids[index],
          payload: { name: `Soak ${index}`, email: 'soak@example.org', subject: 'Soak', message: `Message ${index}` },
        }),
      }).catch(() => undefined);
      if (answer?.status === 202) return;
      await sleep(20);
    }
  };

  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < total) {
        const index = next++;
        await submit(index);
        // A moment after an answer, while the sends it started are under way.
        if (killAt.has(index)) {
          await sleep(Math.floor(Math.random() * 30));
          // Each planned kill is its own, even when two fall together.
          while (restarting) await restarting;
          await restart();
        }
      }
    }),
  );
  const acknowledged = await query<{ n: number }>('select count(*)::int as n from contacts', [], target);
  console.error(`${name}: ${total} submissions acknowledged (${acknowledged[0]?.n} stored), ${killed} kills`);

  // Drain as the scheduled retry would: rows a killed sender claimed wait out their lease.
  worker.child.kill('SIGTERM');
  process.env['DATABASE_URL'] = database.url;
  process.env['DATABASE_WS_PROXY'] = database.proxy ?? '';
  process.env['SMTP_URL'] = smtp.url;
  process.env['NOTIFY_FROM'] = env.NOTIFY_FROM;
  for (;;) {
    await deliverDue({ db: { query: (text, params) => query(text, params, target) } });
    const [pending] = await query<{ n: number }>(
      `select count(*)::int as n from notification_outbox where status = 'pending'`,
      [],
      target,
    );
    if (!pending?.n) break;
    console.error(`${name}: ${pending.n} pending, waiting out the lease (${LEASE_SECONDS} s)`);
    await sleep(5000);
  }
  await smtp.close();

  const messageIds = smtp.messages.map((mail) => mail.header('Message-ID'));
  const distinct = new Set(messageIds).size;
  const subjects = new Set(smtp.messages.map((mail) => mail.subject)).size;
  return {
    database: name,
    submissions: total,
    kills: killed,
    emailsReceived: messageIds.length,
    distinct: Math.min(distinct, subjects),
    duplicates: messageIds.length - distinct,
    lost: total - distinct,
    seconds: Math.round((performance.now() - started) / 1000),
  };
}

const reports: SoakReport[] = [];
const dataDir = await mkdtemp(join(tmpdir(), 'watoto-soak-'));
const embedded = await startLocalDatabase({ dataDir });
try {
  reports.push(await soak('embedded', embedded));
} finally {
  await closePools();
  await embedded.close();
  await rm(dataDir, { recursive: true, force: true });
}

const name = `watoto_soak_${randomBytes(5).toString('hex')}`;
const psql = (sql: string) => execFileSync('psql', [adminUrl, '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql]);
psql(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const postgres = await startLocalDatabase({ url: url.toString() });
try {
  reports.push(await soak('postgres', postgres));
} finally {
  await closePools();
  await postgres.close();
  psql(`drop database if exists ${name} with (force)`);
}
console.table(reports);
