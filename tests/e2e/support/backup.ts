/** A backup over HTTP, as the dashboard makes one: started, followed until done, and downloaded through its link. */
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { BackupJobAnswer, type BackupJob } from '../../../src/schemas/backup.ts';

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
