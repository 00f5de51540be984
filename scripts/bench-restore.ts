/**
 * `node scripts/bench-restore.ts [--mb 600] [--dir /tmp/watoto-restore-bench]`: the memory of `npm run db:restore`
 * on a made-up backup of about that size (scripts/bench/synthetic-backup.ts: many rows of the audit trail and files
 * of 8 MB), cut into pieces of 16 MiB as the dashboard downloads it. It restores into a new database of the
 * machine's PostgreSQL (`BENCH_PG_URL`, default postgres://postgres@127.0.0.1:5432/postgres; dropped at the end)
 * and a blob store in the folder, and prints the restore's time and peak resident memory (`/usr/bin/time -v`).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { appliedMigrations } from '../netlify/functions/_shared/platform/backup.ts';
import { closePools, query } from '../netlify/functions/_shared/platform/db.ts';
import { startLocalDatabase } from '../support/database/local-database.ts';
import { migrate } from '../support/database/migrate.ts';
import { writeSyntheticBackup } from './bench/synthetic-backup.ts';

const { values } = parseArgs({
  options: { mb: { type: 'string', default: '600' }, dir: { type: 'string', default: '/tmp/watoto-restore-bench' } },
});
const megabytes = Number(values.mb);
const dir = values.dir;
const PIECE = 16 * 1024 * 1024;
const FILE_BYTES = 8 * 1024 * 1024;
// A tenth of the size in rows of about 200 bytes, the rest in files (base64 makes them a third larger).
const events = Math.round((megabytes * 1e6 * 0.1) / 200);
const files = Math.round((megabytes * 1e6 * 0.9) / ((FILE_BYTES * 4) / 3));

const adminUrl = process.env['BENCH_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `watoto_restore_bench_${randomBytes(4).toString('hex')}`;
const relay = await startLocalDatabase({ url: adminUrl });
const admin = { url: adminUrl, proxy: relay.proxy };
const target = { url: Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString(), proxy: relay.proxy };

await rm(dir, { recursive: true, force: true });
await mkdir(dir, { recursive: true });
await query(`create database ${name}`, [], admin);
try {
  await migrate(target);
  const migrations = await appliedMigrations({ query: (sql, params) => query(sql, params, target) });
  const whole = join(dir, 'backup.json');
  await writeSyntheticBackup(whole, { migrations, events, files, fileBytes: FILE_BYTES });
  const { size } = await stat(whole);
  const paths = await cut(whole, size);
  await rm(whole);
  console.log(`backup: ${(size / 1e6).toFixed(0)} MB, ${events} rows, ${files} files, ${paths.length} pieces`);
  const run = spawnSync('/usr/bin/time', ['-v', process.execPath, 'scripts/db-restore.ts', ...paths], {
    env: { ...process.env, DATABASE_URL: target.url, DATA_DIR: join(dir, 'data') },
    encoding: 'utf8',
  });
  const peak = /Maximum resident set size \(kbytes\): (\d+)/.exec(run.stderr)?.[1];
  const elapsed = /Elapsed \(wall clock\) time.*: (\S+)/.exec(run.stderr)?.[1];
  console.log(run.stdout.split('\n').slice(0, 1).join('\n'));
  if (run.status !== 0) console.error(run.stderr);
  console.log(`restore: exit ${run.status}, ${elapsed} wall clock, peak RSS ${Math.round(Number(peak) / 1024)} MiB`);
} finally {
  await closePools();
  await query(`drop database if exists ${name} with (force)`, [], admin);
  await closePools();
  await relay.close();
  await rm(dir, { recursive: true, force: true });
}

/** Cuts `path` into pieces of at most 16 MiB named as the dashboard names them. */
async function cut(path: string, size: number): Promise<string[]> {
  const count = Math.ceil(size / PIECE);
  const source = await open(path);
  const paths: string[] = [];
  try {
    for (let part = 1; part <= count; part += 1) {
      const bytes = Buffer.alloc(Math.min(PIECE, size - (part - 1) * PIECE));
      await source.read(bytes, 0, bytes.length, (part - 1) * PIECE);
      paths.push(`${path}.part-${String(part).padStart(2, '0')}-of-${String(count).padStart(2, '0')}`);
      const out = await open(paths.at(-1)!, 'w');
      await out.write(bytes);
      await out.close();
    }
  } finally {
    await source.close();
  }
  return paths;
}
