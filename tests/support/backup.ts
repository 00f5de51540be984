/**
 * A backup made as staff make one, for the tests that read its file: started with `POST /api/admin/db/backup`, run
 * by the background function through a stand-in of the platform, and downloaded through its signed link.
 */
import { expect } from 'vitest';
import backup from '../../netlify/functions/admin-backup.ts';
import background from '../../netlify/functions/admin-backup-background.ts';
import download from '../../netlify/functions/admin-backup-download.ts';
import { BACKGROUND_PATH } from '../../netlify/functions/_shared/platform/backup-jobs.ts';
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
