/**
 * A backup over HTTP, as the dashboard makes one: started, followed until done, and downloaded through its link; and
 * a downloaded backup restored by `npm run db:restore`, as staff run it, into a database of its own.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { readBlob, sha256 } from '../../../netlify/functions/_shared/platform/blobs.ts';
import { closePools, query } from '../../../netlify/functions/_shared/platform/db.ts';
import { BackupJobAnswer, type BackupJob } from '../../../src/schemas/backup.ts';
import { blobsDir, startLocalBlobs } from '../../../support/blobs/local-blobs.ts';
import { startLocalDatabase } from '../../../support/database/local-database.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Starts a backup with `headers` (the staff token), waits for its job to finish, and downloads the file. */
export async function downloadBackup(
  request: APIRequestContext,
  headers: Record<string, string>,
): Promise<{ job: BackupJob; res: APIResponse }> {
  const started = await request.post('/api/admin/db/backup', { headers });
  expect(started.status()).toBe(202);
  let { job } = BackupJobAnswer.parse(await started.json());
  await expect
    .poll(async () => {
      job = BackupJobAnswer.parse(await (await request.get(`/api/admin/db/backup/${job.id}`, { headers })).json()).job;
      return job.state;
    })
    .toBe('done');
  return { job, res: await request.get(job.download!) };
}

/** What a restored copy holds: each table's rows, and the SHA-256 of each upload's bytes, by blob key. */
export interface RestoredCopy {
  counts: Record<string, number>;
  files: Record<string, string>;
}

/**
 * Runs `npm run db:restore -- <file>` into a new, empty embedded database and blob store (a data folder of its own,
 * removed after), then reads back the row count of each of `tables` and the bytes of every upload's blob.
 */
export async function restoreCopy(file: string, tables: readonly string[]): Promise<RestoredCopy> {
  const dataDir = await mkdtemp(join(tmpdir(), 'restored-backup-'));
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    for (const name of ['DATABASE_URL', 'NETLIFY_BLOBS_CONTEXT', 'NETLIFY_SITE_ID']) delete env[name];
    await promisify(execFile)(process.execPath, [join(root, 'scripts', 'db-restore.ts'), file], { cwd: root, env });

    const database = await startLocalDatabase({ dataDir });
    const blobs = await startLocalBlobs(blobsDir(dataDir));
    const before = process.env['NETLIFY_BLOBS_CONTEXT'];
    process.env['NETLIFY_BLOBS_CONTEXT'] = blobs.env.NETLIFY_BLOBS_CONTEXT;
    try {
      const target = { url: database.url, proxy: database.proxy };
      const counts: Record<string, number> = {};
      for (const table of tables) {
        const [row] = await query<{ n: string }>(`select count(*) as n from "${table}"`, [], target);
        counts[table] = Number(row?.n);
      }
      const files: Record<string, string> = {};
      const uploads = await query<{ key: string }>(
        'select blob_key as key from uploads where blob_key is not null',
        [],
        target,
      );
      for (const { key } of uploads) {
        const bytes = await readBlob(key);
        files[key] = bytes ? sha256(bytes) : 'missing';
      }
      return { counts, files };
    } finally {
      if (before === undefined) delete process.env['NETLIFY_BLOBS_CONTEXT'];
      else process.env['NETLIFY_BLOBS_CONTEXT'] = before;
      await closePools();
      await blobs.close();
      await database.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
