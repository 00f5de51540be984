/**
 * Backups made in the background, at any size: `POST /api/admin/db/backup` records a job and starts the background
 * function (admin-backup-background.ts), which writes the backup (backup.ts, the same document `npm run db:restore`
 * reads) in parts to the blob store under `backups/<id>/part-NNNN`, counting parts, bytes and tables as it goes.
 * Staff download the finished file through a signed link that expires; the download streams the parts in order.
 *
 * Two signatures, both HMAC-SHA256 with the server's signing secret: the run's (only this server starts a run) and
 * the download link's (the link works without a session, so a browser can save the file itself).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BackupJob } from '../../../../src/schemas/backup.ts';
import { backupChunks, backupFileName } from './backup.ts';
import { deleteBlob, putBlob, readBlob, sha256 } from './blobs.ts';
import { query } from './db.ts';
import { signingKey } from './secret.ts';

/** Bytes of one part: small enough for one blob write, large enough that a big backup has few parts. */
export const PART_BYTES = 4 * 1024 * 1024;

/** How long a download link works. */
export const DOWNLOAD_LINK_SECONDS = 15 * 60;

/** The background function's own address (Netlify serves a function without `config.path` here). */
export const BACKGROUND_PATH = '/.netlify/functions/admin-backup-background';

/** The header that carries the run's signature. */
export const RUN_SIGNATURE_HEADER = 'x-backup-run-signature';

interface JobRow {
  id: string;
  requested_by: string;
  state: BackupJob['state'];
  file_name: string;
  parts: number;
  bytes: string;
  tables_done: number;
  tables_total: number;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

const COLUMNS = `id::text as id, requested_by, state, file_name, parts, bytes::text as bytes, tables_done, tables_total,
  error, created_at, finished_at`;

/** The key of part `index` of job `id`. */
export const partKey = (id: string, index: number) => `backups/${id}/part-${String(index).padStart(4, '0')}`;

function hmac(text: string): Buffer {
  return createHmac('sha256', signingKey()).update(text).digest();
}

function sameSignature(given: string | null, expected: Buffer): boolean {
  if (!given || !/^[A-Za-z0-9_-]{43}$/.test(given)) return false;
  const bytes = Buffer.from(given, 'base64url');
  return bytes.length === expected.length && timingSafeEqual(bytes, expected);
}

/** The signature that lets the background function run job `id`. */
export const runSignature = (id: string) => hmac(`backup-run:${id}`).toString('base64url');

/** True when `signature` is the run signature of job `id`. */
export const runSignatureMatches = (id: string, signature: string | null) =>
  sameSignature(signature, hmac(`backup-run:${id}`));

/** The signed download address of job `id`, valid {@link DOWNLOAD_LINK_SECONDS} from `now`. */
export function downloadLink(id: string, now = new Date()): { url: string; expires: Date } {
  const expires = Math.floor(now.getTime() / 1000) + DOWNLOAD_LINK_SECONDS;
  const signature = hmac(`backup-download:${id}:${expires}`).toString('base64url');
  return {
    url: `/api/admin/db/backup/${id}/download?expires=${expires}&signature=${signature}`,
    expires: new Date(expires * 1000),
  };
}

/** Why a download link is refused, or 'valid'. */
export type LinkCheck = 'valid' | 'altered' | 'expired';

/** Checks a download link's `expires` and `signature` for job `id`, in constant time. */
export function checkDownloadLink(id: string, params: URLSearchParams, now = new Date()): LinkCheck {
  const expires = params.get('expires') ?? '';
  if (!/^[1-9][0-9]{0,11}$/.test(expires)) return 'altered';
  if (!sameSignature(params.get('signature'), hmac(`backup-download:${id}:${expires}`))) return 'altered';
  return Number(expires) * 1000 <= now.getTime() ? 'expired' : 'valid';
}

/** A job as the endpoints answer it; the download link is signed now, once the job is done. */
export function jobAnswer(row: JobRow, now = new Date()): BackupJob {
  const link = row.state === 'done' ? downloadLink(row.id, now) : undefined;
  return {
    id: row.id,
    state: row.state,
    requestedBy: row.requested_by,
    file: row.file_name,
    parts: row.parts,
    bytes: Number(row.bytes),
    tablesDone: row.tables_done,
    tablesTotal: row.tables_total,
    error: row.error,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    download: link?.url ?? null,
    downloadExpires: link?.expires.toISOString() ?? null,
  };
}

/** Records a queued job for `actor`, named after the moment it was asked for. */
export async function createJob(actor: string, now = new Date()): Promise<JobRow> {
  const [row] = await query<JobRow>(
    `insert into backup_jobs (requested_by, file_name, created_at) values ($1, $2, $3) returning ${COLUMNS}`,
    [actor, backupFileName(now), now],
  );
  return row!;
}

/** Job `id`, or undefined. */
export async function findJob(id: string): Promise<JobRow | undefined> {
  if (!/^[1-9][0-9]{0,18}$/.test(id)) return undefined;
  const [row] = await query<JobRow>(`select ${COLUMNS} from backup_jobs where id = $1`, [id]);
  return row;
}

/** Marks job `id` failed with `reason`, unless it already finished. */
export async function failJob(id: string, reason: string): Promise<void> {
  await query(
    `update backup_jobs set state = 'failed', error = $2, finished_at = now() where id = $1 and state in ('queued', 'running')`,
    [id, reason],
  );
}

/**
 * Asks the background function to run job `id` at `origin`. Netlify answers 202 at once and runs it; any other answer
 * means it never started, and the job says so. Never throws: it runs after the answer, with nobody to tell.
 */
export async function startRun(origin: string, id: string): Promise<void> {
  let reason: string | undefined;
  try {
    const res = await fetch(new URL(BACKGROUND_PATH, origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [RUN_SIGNATURE_HEADER]: runSignature(id) },
      body: JSON.stringify({ id }),
    });
    await res.body?.cancel();
    if (res.status !== 202) reason = `The backup could not start (the platform answered ${res.status}).`;
  } catch (failure) {
    reason = `The backup could not start: ${(failure as Error).message}`;
  }
  if (reason) await failJob(id, reason).catch((failure: unknown) => console.error('backup: cannot record', failure));
}

/**
 * Runs job `id` once: claims it (a queued job only, so a retried call does not write it twice), writes the backup in
 * parts of about `partBytes`, updating the job after each part and each table, and marks it done, or failed with
 * the reason (removing the parts written).
 */
export async function runJob(id: string, partBytes = PART_BYTES): Promise<void> {
  const [claimed] = await query<{ created_at: Date }>(
    `update backup_jobs set state = 'running' where id = $1 and state = 'queued' returning created_at`,
    [id],
  );
  if (!claimed) return;
  let parts = 0;
  let bytes = 0;
  let tablesDone = 0;
  let tablesTotal = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const progress = () =>
    query(`update backup_jobs set parts = $2, bytes = $3, tables_done = $4, tables_total = $5 where id = $1`, [
      id,
      parts,
      bytes,
      tablesDone,
      tablesTotal,
    ]);
  const flush = async () => {
    const part = Buffer.concat(pending, pendingBytes);
    const name = partKey(id, parts).split('/').at(-1) ?? '';
    await putBlob(partKey(id, parts), part, {
      name,
      contentType: 'application/json',
      size: part.length,
      sha256: sha256(part),
    });
    parts += 1;
    bytes += part.length;
    pending = [];
    pendingBytes = 0;
    await progress();
  };
  try {
    const onTable = async (done: number, total: number) => {
      tablesDone = done;
      tablesTotal = total;
      await progress();
    };
    for await (const chunk of backupChunks(claimed.created_at, onTable)) {
      const piece = Buffer.from(chunk, 'utf8');
      pending.push(piece);
      pendingBytes += piece.length;
      if (pendingBytes >= partBytes) await flush();
    }
    if (pendingBytes > 0 || parts === 0) await flush();
    await query(`update backup_jobs set state = 'done', finished_at = now() where id = $1`, [id]);
  } catch (failure) {
    await failJob(id, `The backup stopped: ${(failure as Error).message}`);
    for (let index = 0; index < parts; index += 1) await deleteBlob(partKey(id, index)).catch(() => {});
  }
}

/** The file of a finished job: its parts in order, read one at a time as the reader pulls. */
export function partsStream(id: string, parts: number): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (index >= parts) return controller.close();
      const bytes = await readBlob(partKey(id, index));
      if (!bytes) return controller.error(new Error(`Part ${index} of backup ${id} is missing`));
      index += 1;
      controller.enqueue(new Uint8Array(bytes));
    },
  });
}
