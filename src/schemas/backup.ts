/** What the backup endpoints answer: a backup made in the background and how far it has come. Both sides read this. */
import { z } from 'zod';

z.config({ jitless: true });

/** Where a backup job stands. */
export const BackupState = z.enum(['queued', 'running', 'done', 'failed']);
export type BackupState = z.infer<typeof BackupState>;

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
  /** Once done: a signed link that downloads the file until `downloadExpires`. */
  download: z.string().nullable(),
  downloadExpires: z.string().nullable(),
});
export type BackupJob = z.infer<typeof BackupJob>;

/** `POST /api/admin/db/backup` (202) and `GET /api/admin/db/backup/<id>`. */
export const BackupJobAnswer = z.object({ job: BackupJob });
export type BackupJobAnswer = z.infer<typeof BackupJobAnswer>;
