/**
 * Backups do not pile up in the blob store: {@link BACKUP_KEEP_HOURS} after a job ended (done or failed), or after it
 * was asked for when it never ended, its parts are deleted and the job is marked 'expired'. The job's row stays as
 * history, and its links answer 410. Runs with the daily retention job and whenever a backup starts.
 */
import { listBlobs, deleteBlob } from './blobs.ts';
import { query } from './db.ts';

/** How long a backup's files stay downloadable after the job ends (docs/decisions.md). */
export const BACKUP_KEEP_HOURS = 24;

/** The blob keys of job `id`'s parts share this prefix. */
export const backupPrefix = (id: string) => `backups/${id}/`;

/**
 * Deletes the parts of every job that ended {@link BACKUP_KEEP_HOURS} before `now` (or was asked for that long ago
 * and never ended: a background run stops after 15 minutes) and marks it expired; answers how many it expired.
 * Parts are deleted before the job is marked, so a run stopped part way is finished by the next.
 */
export async function expireBackups(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - BACKUP_KEEP_HOURS * 3600_000);
  const jobs = await query<{ id: string }>(
    `select id::text as id from backup_jobs
     where (state in ('done', 'failed') and finished_at <= $1) or (state in ('queued', 'running') and created_at <= $1)
     order by id`,
    [before],
  );
  for (const { id } of jobs) {
    for (const blob of await listBlobs(backupPrefix(id))) await deleteBlob(blob.key);
    await query(
      `update backup_jobs set state = 'expired', expired_at = $2,
         error = case when state in ('queued', 'running') then coalesce(error, 'The backup never finished') else error end
       where id = $1 and state <> 'expired'`,
      [id, now],
    );
  }
  return jobs.length;
}
