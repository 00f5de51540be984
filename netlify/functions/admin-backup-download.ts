/**
 * `GET /api/admin/db/backup/<id>/download?expires=…&signature=…`: the file of a finished backup job, its parts
 * streamed in order as one JSON document. The signed link is the permission (a browser saves the file without the
 * staff token); an altered or expired link is refused with the reason.
 */
import type { Config, Context } from '@netlify/functions';
import { checkDownloadLink, findJob, partsStream } from './_shared/platform/backup-jobs.ts';
import { failureAnswer } from './_shared/platform/failure.ts';
import { answer, error, methodNotAllowed } from './_shared/platform/http.ts';

export default async (req: Request, context: Context): Promise<Response> => {
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  const url = new URL(req.url);
  const id = context.params['id'] ?? '';
  try {
    const check = checkDownloadLink(id, url.searchParams);
    if (check === 'expired') return error(403, 'This download link has expired: open the backup again for a new one');
    if (check === 'altered') return error(403, 'This download link is not valid: it was changed or cut short');
    const job = await findJob(id);
    if (!job || job.state !== 'done') return error(404, 'No finished backup with this id');
    return answer(partsStream(job.id, job.parts), 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${job.file_name}"`,
      'X-Backup-Filename': job.file_name,
      'Content-Length': String(job.bytes),
      'Cache-Control': 'no-store',
    });
  } catch (failure) {
    return failureAnswer(failure, url.pathname);
  }
};

export const config: Config = { path: '/api/admin/db/backup/:id/download' };
