/**
 * The database backup, for staff, made in the background at any size.
 *
 * `POST /api/admin/db/backup`: records a backup job, starts its background run (backup-jobs.ts) and answers 202
 * `{ job }`, whatever the caller asked for: a backup is never streamed in the answer any more, so a client that
 * expected the file gets the job to follow instead of a timeout. `GET /api/admin/db/backup/<id>`: the job, its
 * progress and, once done, its signed download links (one file, or the pieces of a large backup).
 * `npm run db:restore -- <file> [<file>…]` loads the downloaded file, or its pieces in order. Starting a backup also
 * deletes the files of backups past their keeping time (backup-expiry.ts).
 */
import type { Config } from '@netlify/functions';
import type { BackupJobAnswer } from '../../src/schemas/backup.ts';
import { staffFunction } from './_shared/platform/admin-resource.ts';
import { audit } from './_shared/platform/audit.ts';
import { expireBackups } from './_shared/platform/backup-expiry.ts';
import { createJob, findJob, jobAnswer, startRun } from './_shared/platform/backup-jobs.ts';
import { query } from './_shared/platform/db.ts';
import { error, json, methodNotAllowed } from './_shared/platform/http.ts';

export default staffFunction(async (req, actor, context) => {
  const id = context.params['id'];
  if (id !== undefined) {
    if (req.method !== 'GET') return methodNotAllowed(['GET']);
    const job = await findJob(id);
    if (!job) return error(404, 'No backup with this id');
    return json({ job: jobAnswer(job) } satisfies BackupJobAnswer, 200, { 'Cache-Control': 'no-store' });
  }
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  // Old backups' files go whether or not this one starts; failing to delete them never stops a backup.
  await expireBackups().catch((failure: unknown) => console.error('backup: cannot expire old backups', failure));
  const job = await createJob(actor);
  await audit({ query }, 'admin.db.backup', actor, { file: job.file_name, job: job.id });
  // Started after the answer when the platform allows; otherwise (a direct call) before it.
  const starting = startRun(req.url, job.id);
  if (context.waitUntil) context.waitUntil(starting);
  else await starting;
  return json({ job: jobAnswer(job) } satisfies BackupJobAnswer, 202, {
    Location: `/api/admin/db/backup/${job.id}`,
    'Cache-Control': 'no-store',
  });
});

export const config: Config = { path: ['/api/admin/db/backup', '/api/admin/db/backup/:id'] };
