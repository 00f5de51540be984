/**
 * `GET /api/admin/db/backup/<id>/download?[piece=N&]expires=…&signature=…`: a file of a finished backup job, its
 * parts streamed in order: the whole backup when it fits in one answer, else piece N of the pieces the job lists
 * (backup-jobs.ts), each at most PIECE_BYTES. The signed link is the permission (a browser saves the file without
 * the staff token); an altered or expired link is refused with the reason, the whole-file link of a backup too large
 * for one answer is refused (409), and once the backup's files were deleted every link answers 410.
 */
import type { Config, Context } from '@netlify/functions';
import { BACKUP_KEEP_HOURS } from './_shared/platform/backup-expiry.ts';
import { backupPieces, checkDownloadLink, findJob, partsStream } from './_shared/platform/backup-jobs.ts';
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
    if (job?.state === 'expired') {
      return error(
        410,
        `This backup's files were deleted ${BACKUP_KEEP_HOURS} hours after it was made: create a new backup`,
      );
    }
    if (!job || job.state !== 'done') return error(404, 'No finished backup with this id');
    const pieces = backupPieces(job);
    const wanted = url.searchParams.get('piece');
    if (wanted === null && pieces.length > 1) {
      return error(
        409,
        `This backup is too large for one download: it comes in ${pieces.length} parts, each with its own link`,
      );
    }
    const piece = pieces[wanted === null ? 0 : Number(wanted) - 1];
    if (!piece) return error(404, `This backup has no part ${wanted}`);
    return answer(partsStream(job.id, piece.firstPart, piece.parts), 200, {
      'Content-Type': pieces.length === 1 ? 'application/json; charset=utf-8' : 'application/octet-stream',
      'Content-Disposition': `attachment; filename="${piece.name}"`,
      'X-Backup-Filename': piece.name,
      'Content-Length': String(piece.bytes),
      'Cache-Control': 'no-store',
    });
  } catch (failure) {
    return failureAnswer(failure, url.pathname);
  }
};

export const config: Config = { path: '/api/admin/db/backup/:id/download' };
