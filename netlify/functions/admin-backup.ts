/**
 * `POST /api/admin/db/backup`: a JSON download of every table, streamed, named
 * `backup-<UTC timestamp>.json` in `Content-Disposition` and `X-Backup-Filename`.
 * `npm run db:restore -- <file>` loads it into an empty database.
 */
import type { Config } from '@netlify/functions';
import { staffFunction } from './_shared/platform/admin-resource.ts';
import { audit } from './_shared/platform/audit.ts';
import { backupChunks, backupFileName, textStream } from './_shared/platform/backup.ts';
import { query } from './_shared/platform/db.ts';
import { answer, methodNotAllowed } from './_shared/platform/http.ts';

export default staffFunction(async (req, actor) => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
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

export const config: Config = { path: '/api/admin/db/backup' };
