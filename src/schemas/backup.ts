/** What the backup endpoints answer: a backup made in the background and how far it has come. Both sides read this. */
import { z } from 'zod';

z.config({ jitless: true });

/** Where a backup job stands; 'expired' once its files were deleted from the store (the job stays as history). */
export const BackupState = z.enum(['queued', 'running', 'done', 'failed', 'expired']);
export type BackupState = z.infer<typeof BackupState>;

/**
 * One file to download of a finished backup: the whole backup, or piece `part` of `of` when it is too large for one
 * answer (the pieces joined in order are the backup). `url` is signed and works until the job's `downloadExpires`.
 */
export const BackupFile = z.object({
  name: z.string(),
  part: z.number(),
  of: z.number(),
  bytes: z.number(),
  url: z.string(),
});
export type BackupFile = z.infer<typeof BackupFile>;

/** One backup job. */
export const BackupJob = z.object({
  id: z.string(),
  state: BackupState,
  requestedBy: z.string(),
  file: z.string(),
  /** Parts written to the blob store so far, and their bytes. */
  parts: z.number(),
  bytes: z.number(),
  tablesDone: z.number(),
  tablesTotal: z.number(),
  /** Why the job failed; null unless it did. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When its files were deleted; null until then. */
  expiredAt: z.string().nullable(),
  /** Once done and small enough for one answer: a signed link that downloads the whole file until `downloadExpires`. */
  download: z.string().nullable(),
  /** Once done: the files to download, in order (one, or the pieces of a large backup). */
  files: z.array(BackupFile),
  downloadExpires: z.string().nullable(),
});
export type BackupJob = z.infer<typeof BackupJob>;

/** `POST /api/admin/db/backup` (202) and `GET /api/admin/db/backup/<id>`. */
export const BackupJobAnswer = z.object({ job: BackupJob });
export type BackupJobAnswer = z.infer<typeof BackupJobAnswer>;
