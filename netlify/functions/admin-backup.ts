/**
 * The database backup, for staff.
 *
 * `POST /api/admin/db/backup` with `Prefer: respond-async`: records a backup job, starts its background run
 * (backup-jobs.ts) and answers 202 `{ job }`. `GET /api/admin/db/backup/<id>`: the job, its progress and, once done,
 * a signed download link.
 *
 * `POST /api/admin/db/backup` without it: the backup itself, streamed, named `backup-<UTC timestamp>.json` in
 * `Content-Disposition` and `X-Backup-Filename`. `npm run db:restore -- <file>` loads either into an empty database.
 */
import type { Config } from '@netlify/functions';
import type { BackupJobAnswer } from '../../src/schemas/backup.ts';
import { staffFunction } from './_shared/platform/admin-resource.ts';
import { audit } from './_shared/platform/audit.ts';
import { backupChunks, backupFileName, textStream } from './_shared/platform/backup.ts';
import { createJob, findJob, jobAnswer, startRun } from './_shared/platform/backup-jobs.ts';
import { query } from './_shared/platform/db.ts';
import { answer, error, json, methodNotAllowed } from './_shared/platform/http.ts';

/** True when the caller asks for the background flow (RFC 7240). */
const wantsJob = (req: Request) => /(^|[,;\s])respond-async\b/i.test(req.headers.get('prefer') ?? '');

export default staffFunction(async (req, actor, context) => {
  const id = context.params['id'];
  if (id !== undefined) {
    if (req.method !== 'GET') return methodNotAllowed(['GET']);
    const job = await findJob(id);
    if (!job) return error(404, 'No backup with this id');
    return json({ job: jobAnswer(job) } satisfies BackupJobAnswer, 200, { 'Cache-Control': 'no-store' });
  }
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  if (wantsJob(req)) {
    const job = await createJob(actor);
    await audit({ query }, 'admin.db.backup', actor, { file: job.file_name, job: job.id });
    context.waitUntil(startRun(req.url, job.id));
    return json({ job: jobAnswer(job) } satisfies BackupJobAnswer, 202, {
      Location: `/api/admin/db/backup/${job.id}`,
      'Cache-Control': 'no-store',
    });
  }
  const createdAt = new Date();
  const file = backupFileName(createdAt);
  await audit({ query }, 'admin.db.backup', actor, { file });
  return answer(textStream(backupChunks(createdAt)), 200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Disposition': `attachment; filename="${file}"`,
    'X-Backup-Filename': file,
    'Cache-Control': 'no-store',
  });
});

export const config: Config = { path: ['/api/admin/db/backup', '/api/admin/db/backup/:id'] };
