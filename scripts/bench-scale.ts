/**
 * `npm run bench:scale -- [--years 5] [--seed 1] [--media-scale 1] [--fresh] [--databases embedded,postgres]`: the
 * dashboard, the scheduled jobs and the backup at N years of volume (scripts/data/volume/seed.ts), on the embedded
 * database and on PostgreSQL (`TEST_PG_URL`, default postgres://postgres@127.0.0.1:5432/postgres). For each it seeds
 * the database, or reuses the one an earlier run seeded with the same options (`.data/volume/…` and the PostgreSQL
 * database `watoto_volume_…`; `--fresh` seeds throw-away ones instead), then:
 *
 * - starts `scripts/serve.ts --no-build` on it and signs in as staff, then over HTTP times each staff call of
 *   scripts/bench/scale-calls.ts (p50, p95, the largest answer) and a backup: its start, its run and the download of
 *   its files (one, or its pieces), in all and the largest answer;
 * - stops the server and runs each scheduled job (retention, digest, reconcile, commitments-daily) once, each in a
 *   process of its own: its time and peak memory.
 *
 * Prints markdown tables, the machine's load with them, and exits 1 when a budget of scripts/bench/scale-budgets.ts is
 * missed; with `--smoke` (what `npm test` runs, at a tenth of a year) only a call or job that fails does. Options
 * (env): BENCH_REQUESTS (calls per row, default 20).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { closePools, query, type DatabaseTarget } from '../netlify/functions/_shared/platform/db.ts';
import { startLocalDatabase, type LocalDatabase } from '../support/database/local-database.ts';
import { migrate } from '../support/database/migrate.ts';
import { startRelay, type Relay } from '../support/database/relay.ts';
import { BUDGETS, mb } from './bench/scale-budgets.ts';
import { CALL_TABLE_HEAD, judgeCall, staffCalls, timeBackup, timeCall } from './bench/scale-calls.ts';
import { startServeProcess } from '../support/e2e/serve-process.ts';
import { filledRows, seedVolume, volumeSizes } from './data/volume/seed.ts';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const { values } = parseArgs({
  options: {
    years: { type: 'string', default: '5' },
    seed: { type: 'string', default: '1' },
    'media-scale': { type: 'string', default: '1' },
    fresh: { type: 'boolean', default: false },
    smoke: { type: 'boolean', default: false },
    databases: { type: 'string', default: 'embedded,postgres' },
  },
});
const years = Number(values.years);
const seed = Number(values.seed);
const mediaScale = Number(values['media-scale']);
const REQUESTS = Number(process.env['BENCH_REQUESTS'] ?? 20);
const PASSWORD = randomBytes(12).toString('base64url');
const JOBS = ['retention', 'digest', 'reconcile', 'commitments-daily'];
const key = `y${String(years).replace('.', '_')}-s${seed}-m${String(mediaScale).replace('.', '_')}`;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

const failures: string[] = [];
/** Calls and jobs that did not answer 200: what fails a `--smoke` run, whose timings a busy CI machine makes noise. */
const errors: string[] = [];
const callLines: string[] = [];
const jobLines: string[] = [];
const backupLines: string[] = [];
let largest = { bytes: 0, name: '' };

/** Seeds the database unless it holds the volume already; returns how long seeding took (0 when reused). */
async function ensureSeeded(database: string, target: DatabaseTarget): Promise<number> {
  await migrate(target);
  if ((await filledRows(target)) > 0) {
    // The uploads are written last: fewer than planned means an earlier seeding was stopped part way.
    const [row] = await query<{ n: number }>('select count(*)::int as n from uploads', [], target);
    if ((row?.n ?? 0) < volumeSizes(years, mediaScale).media) {
      throw new Error(`The ${database} ${key} database was seeded only in part: remove it (or run with --fresh).`);
    }
    console.log(`${database}: reusing the ${years}-year database (${key})`);
    return 0;
  }
  const started = performance.now();
  console.log(`${database}: seeding ${years} year(s) (seed ${seed}, media scale ${mediaScale})`);
  await seedVolume(target, { years, seed, mediaScale, progress: (line) => console.log(`  ${line}`) });
  return performance.now() - started;
}

/** The calls over HTTP, and the backup, against a server on `env`'s database. */
async function benchServer(
  database: string,
  env: Record<string, string>,
  target: DatabaseTarget,
  release: () => Promise<void> = closePools,
): Promise<void> {
  const year = new Date().getUTCFullYear() - 1;
  const calls = await staffCalls(target, year);
  // The embedded database is opened by one process at a time: the server's, from here on.
  await release();
  const server = await startServeProcess(['--no-build'], {
    ...env,
    PORT: '0',
    ADMIN_USERNAME: 'bench',
    ADMIN_PASSWORD: PASSWORD,
  });
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', password: PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    for (const call of calls) {
      const result = await timeCall(server.url, token, call, call.group === 'export' ? 3 : REQUESTS);
      const judged = judgeCall(database, result);
      callLines.push(judged.line);
      console.log(judged.line);
      if (result.status !== 200) errors.push(`${database} ${call.name} answered ${result.status}`);
      // Why a call failed is in the server's log.
      if (result.status >= 500) console.log(server.output().trim().split('\n').slice(-5).join('\n'));
      failures.push(...judged.failures);
      if (result.bytes > largest.bytes) largest = { bytes: result.bytes, name: `${database} ${call.name}` };
    }
    const backup = await timeBackup(server.url, token, BUDGETS.backgroundMs + 10_000, BUDGETS.syncMaxMs + 4000);
    const misses = [
      backup.status !== 202 || backup.startMs > BUDGETS.syncDefaultMs
        ? `start ${(backup.startMs / 1000).toFixed(1)} s`
        : '',
      backup.state !== 'done' || backup.runMs > BUDGETS.backgroundMs ? `run ${backup.state}` : '',
      !backup.complete || backup.slowestMs > BUDGETS.syncMaxMs || backup.largestBytes > BUDGETS.backupPieceBytes
        ? `download: a file of ${mb(backup.largestBytes)} in ${(backup.slowestMs / 1000).toFixed(1)} s` +
          (backup.complete ? '' : ', not read to the end')
        : '',
    ].filter(Boolean);
    backupLines.push(
      `| ${database} | ${backup.status} | ${(backup.startMs / 1000).toFixed(1)} s | ${backup.state} in ` +
        `${(backup.runMs / 1000).toFixed(1)} s | ${(backup.downloadMs / 1000).toFixed(1)} s | ` +
        `${backup.complete ? '' : '≥ '}${mb(backup.bytes)} | ${backup.files} | ${mb(backup.largestBytes)} | ` +
        `${(backup.slowestMs / 1000).toFixed(1)} s | ${misses.length ? 'MISSED' : 'ok'} |`,
    );
    console.log(backupLines.at(-1));
    if (backup.status !== 202) errors.push(`${database} backup answered ${backup.status}`);
    if (misses.length) {
      failures.push(
        `${database} backup: ${misses.join('; ')} (limits: start ${BUDGETS.syncDefaultMs / 1000} s, run ` +
          `${BUDGETS.backgroundMs / 60_000} min, each file ${BUDGETS.syncMaxMs / 1000} s and ` +
          `${mb(BUDGETS.backupPieceBytes)})`,
      );
    }
    if (backup.largestBytes > largest.bytes) largest = { bytes: backup.largestBytes, name: `${database} backup file` };
  } finally {
    await server.stop();
  }
}

/** Each scheduled job once, in its own process. */
async function benchJobs(database: string, target: DatabaseTarget): Promise<void> {
  for (const job of JOBS) {
    const started = performance.now();
    // A job that fails or runs far past its limit is a missed budget, not the end of the bench.
    const report = await promisify(execFile)(process.execPath, [join(root, 'scripts/bench/scale-job.ts'), job], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: target.url, DATABASE_WS_PROXY: target.proxy ?? '' },
      maxBuffer: 16 * 2 ** 20,
      timeout: 10 * BUDGETS.scheduledMs,
    }).then(
      ({ stdout }) =>
        JSON.parse(stdout.trim().split('\n').pop()!) as { ms: number; maxRssBytes: number; status: number },
      () => ({ ms: performance.now() - started, maxRssBytes: 0, status: 0 }),
    );
    const missed = report.ms > BUDGETS.scheduledMs || report.maxRssBytes > BUDGETS.memoryBytes || report.status !== 200;
    const line =
      `| ${database} | ${job} | ${report.status} | ${(report.ms / 1000).toFixed(2)} s | ${mb(report.maxRssBytes)} | ` +
      `${missed ? 'MISSED' : 'ok'} |`;
    jobLines.push(line);
    if (report.status !== 200) errors.push(`${database} ${job} answered ${report.status}`);
    console.log(line);
    if (missed) {
      failures.push(
        `${database} ${job}: ${report.status} in ${(report.ms / 1000).toFixed(1)} s, peak ${mb(report.maxRssBytes)} ` +
          `(limits ${BUDGETS.scheduledMs / 1000} s, ${mb(BUDGETS.memoryBytes)})`,
      );
    }
  }
}

async function benchEmbedded(relay: Relay, scratch: string): Promise<void> {
  const dataDir = values.fresh ? join(scratch, 'embedded') : join(root, '.data', 'volume', key);
  await mkdir(dataDir, { recursive: true });
  let local: LocalDatabase | undefined = await startLocalDatabase({ dataDir, relay });
  const target = () => ({ url: local!.url, proxy: local!.proxy });
  try {
    const seeded = await ensureSeeded('embedded', target());
    if (seeded > 0) console.log(`embedded: seeded in ${(seeded / 1000).toFixed(0)} s`);
    // The server opens the folder itself: one process at a time.
    await benchServer('embedded', { DATA_DIR: dataDir, DATABASE_URL: '' }, target(), async () => {
      await closePools();
      await local?.close();
      local = undefined;
    });
    // The jobs change what they run on (retention deletes): they run on a copy, so the volume stays for the next run.
    const copy = join(scratch, 'embedded-jobs');
    await cp(dataDir, copy, { recursive: true, filter: (source) => !source.endsWith('database.lock') });
    local = await startLocalDatabase({ dataDir: copy, relay });
    await benchJobs('embedded', target());
  } finally {
    await closePools();
    await local?.close();
  }
}

async function benchPostgres(relay: Relay, scratch: string): Promise<void> {
  const adminUrl = process.env['TEST_PG_URL'] || 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin: DatabaseTarget = { url: adminUrl, proxy: relay.proxy };
  const name = values.fresh
    ? `watoto_scale_${randomBytes(4).toString('hex')}`
    : `watoto_volume_${key.replaceAll('-', '_')}`;
  const [exists] = await query('select 1 from pg_database where datname = $1', [name], admin);
  if (!exists) await query(`create database ${name}`, [], admin);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const target: DatabaseTarget = { url: url.toString(), proxy: relay.proxy };
  try {
    const seeded = await ensureSeeded('postgres', target);
    if (seeded > 0) console.log(`postgres: seeded in ${(seeded / 1000).toFixed(0)} s`);
    await benchServer('postgres', { DATA_DIR: join(scratch, 'postgres-data'), DATABASE_URL: target.url }, target);
    // The jobs change what they run on (retention deletes): they run on a copy, so the volume stays for the next run.
    await closePools();
    // A query the server gave up on (a function's 30 s timeout) may still run: a template must have no sessions.
    await query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
      admin,
    );
    await query(`create database ${name}_jobs template ${name}`, [], admin);
    url.pathname = `/${name}_jobs`;
    await benchJobs('postgres', { url: url.toString(), proxy: relay.proxy });
  } finally {
    await closePools();
    await query(`drop database if exists ${name}_jobs with (force)`, [], admin);
    if (values.fresh) await query(`drop database if exists ${name} with (force)`, [], admin);
    await closePools();
  }
}

if (!(years > 0) || !Number.isInteger(seed) || !(mediaScale >= 0 && mediaScale <= 1)) {
  console.error('Usage: npm run bench:scale -- [--years N] [--seed S] [--media-scale 0–1] [--fresh]');
  process.exit(2);
}
const databases = values.databases.split(',').map((part) => part.trim());
console.log(`bench:scale at ${years} year(s) (node ${process.version}, ${cpus().length} CPUs, load average ${load()})`);
const relay = await startRelay();
const scratch = await mkdtemp(join(tmpdir(), 'watoto-scale-'));
try {
  if (databases.includes('embedded')) await benchEmbedded(relay, scratch);
  if (databases.includes('postgres')) await benchPostgres(relay, scratch);
} finally {
  await closePools();
  await relay.close();
  if (existsSync(scratch)) await rm(scratch, { recursive: true, force: true });
}

console.log(`\nStaff calls over HTTP, one at a time (load average ${load()}):\n`);
console.log([...CALL_TABLE_HEAD, ...callLines].join('\n'));
console.log('\nBackup in the background (`POST /api/admin/db/backup`, then its files through their signed links):\n');
console.log(
  [
    '| database | start status | start | run | download | size | files | largest file | slowest file | budget |',
    '| --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...backupLines,
  ].join('\n'),
);
console.log('\nScheduled jobs, each once in a process of its own:\n');
console.log(
  [
    '| database | job | status | time | peak memory | budget |',
    '| --- | --- | --- | ---: | ---: | --- |',
    ...jobLines,
  ].join('\n'),
);
console.log(`\nLargest answer: ${largest.name}, ${mb(largest.bytes)}. Load average at the end ${load()}.`);
if (values.smoke && errors.length > 0) {
  console.log(`\n${errors.length} call(s) or job(s) failed:`);
  for (const error of errors) console.log(`  - ${error}`);
  process.exitCode = 1;
} else if (failures.length > 0) {
  console.log(`\n${failures.length} budget(s) missed${values.smoke ? ' (a smoke run reports them only)' : ''}:`);
  for (const failure of failures) console.log(`  - ${failure}`);
  if (!values.smoke) process.exitCode = 1;
} else {
  console.log(`\nEvery budget held (${databases.join(', ')}).`);
}
