/**
 * A backup made as staff make one, for the tests that read its file: started with `POST /api/admin/db/backup`, run
 * by the background function through a stand-in of the platform, and downloaded through its signed link.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import backup from '../../netlify/functions/admin-backup.ts';
import background from '../../netlify/functions/admin-backup-background.ts';
import download from '../../netlify/functions/admin-backup-download.ts';
import { backupTables, ident, SEEDED_TABLES } from '../../netlify/functions/_shared/platform/backup.ts';
import { BACKGROUND_PATH } from '../../netlify/functions/_shared/platform/backup-jobs.ts';
import { listBlobs, readBlob, sha256 } from '../../netlify/functions/_shared/platform/blobs.ts';
import { query, type DatabaseTarget } from '../../netlify/functions/_shared/platform/db.ts';
import { startLocalBlobs } from '../../support/blobs/local-blobs.ts';
import { BackupJobAnswer, type BackupJob } from '../../src/schemas/backup.ts';
import { call } from './admin.ts';
import { startBackgroundPlatform, type BackgroundPlatform } from './background-platform.ts';
import { context } from './databases.ts';

/** The stand-in platform that runs the backup's background function. */
export const backupPlatform = (): Promise<BackgroundPlatform> => startBackgroundPlatform(BACKGROUND_PATH, background);

/** Starts a backup as `token`'s staff member through `platform`: the 202 answer and the start's own work. */
export async function startBackup(
  platform: BackgroundPlatform,
  token: string,
): Promise<{ status: number; job: BackupJob; started: Promise<unknown>[] }> {
  const started: Promise<unknown>[] = [];
  const res = await backup(
    new Request(`${platform.origin}/api/admin/db/backup`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    }),
    context('203.0.113.7', { waitUntil: (work: Promise<unknown>) => void started.push(work) }),
  );
  return { status: res.status, job: BackupJobAnswer.parse(await res.json()).job, started };
}

/** Job `id` as staff read it. */
export async function readJob(token: string, id: string): Promise<BackupJob> {
  const res = await call(backup, 'GET', `/api/admin/db/backup/${id}`, { token, params: { id } });
  expect(res.status).toBe(200);
  return BackupJobAnswer.parse(await res.json()).job;
}

/** Calls the signed download `link` of job `id`. */
export const fetchDownload = (link: string, id: string) => call(download, 'GET', link, { params: { id } });

/** A whole backup: started, run to the end, and its download's answer. */
export async function takeBackup(
  platform: BackgroundPlatform,
  token: string,
): Promise<{ job: BackupJob; res: Response }> {
  const { job, started } = await startBackup(platform, token);
  await Promise.all(started);
  await platform.settled();
  const done = await readJob(token, job.id);
  expect(done.state, done.error ?? '').toBe('done');
  return { job: done, res: await fetchDownload(done.download!, job.id) };
}

/** Runs `work` with the functions pointed at `env` (another blob store), then points them back. */
export async function within<T>(env: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  try {
    return await work();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/** Adds `count` programs of 500 characters each, enough rows for a backup of several small parts. */
export async function addLongPrograms(count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    await query('insert into programs (title, slug, content) values ($1, $2, $3)', [
      `Program ${i}`,
      `program-${i}`,
      'x'.repeat(500),
    ]);
  }
}

/** Rows per backed-up table of the test database. */
export async function tableCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await backupTables()) {
    const [row] = await query<{ n: number }>(`select count(*)::int as n from ${ident(table.name)}`);
    counts[table.name] = row!.n;
  }
  return counts;
}

/**
 * Runs `restore` (the restore of a backup, which answers the rows restored per table) into `target` emptied (but for
 * the seeded tables) and into an empty blob store of its own: the rows restored per table and the SHA-256 of every
 * file the store then holds, sorted.
 */
export async function restoreElsewhere(
  target: DatabaseTarget,
  restore: (target: DatabaseTarget) => Promise<Record<string, number>>,
): Promise<{ restored: Record<string, number>; checksums: string[] }> {
  const storeDir = await mkdtemp(join(tmpdir(), 'watoto-job-restore-'));
  const store = await startLocalBlobs(storeDir);
  try {
    const [listed] = await query<{ names: string }>(
      `select string_agg(quote_ident(table_name::text), ', ') as names from information_schema.tables
       where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'schema_migrations'
         and table_name::text <> all ($1::text[])`,
      [SEEDED_TABLES],
      target,
    );
    await query(`truncate ${listed!.names} restart identity cascade`, [], target);
    const restored = await within(store.env, () => restore(target));
    const checksums = await within(store.env, async () => {
      const keys = (await listBlobs()).map((blob) => blob.key);
      return Promise.all(keys.map(async (key) => sha256((await readBlob(key)) ?? new Uint8Array())));
    });
    return { restored, checksums: checksums.sort() };
  } finally {
    await store.close();
    await rm(storeDir, { recursive: true, force: true });
  }
}
