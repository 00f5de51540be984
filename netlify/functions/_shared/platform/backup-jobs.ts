/**
 * Backups made in the background, at any size: `POST /api/admin/db/backup` records a job and starts the background
 * function (admin-backup-background.ts), which writes the backup (backup.ts, the same document `npm run db:restore`
 * reads) in parts to the blob store under `backups/<id>/part-NNNN`, counting parts, bytes and tables as it goes.
 * Staff download the finished file through signed links that expire: a small backup as one file, a larger one as
 * pieces of at most {@link PIECE_BYTES} (each a run of whole parts, streamed in order), since one function answer may
 * not stream more than 20 MB. The parts are consecutive bytes of the one document, so the pieces joined in order are
 * the file. A while after a job ends its parts are deleted (backup-expiry.ts).
 *
 * Two signatures, both HMAC-SHA256 with the server's signing secret: the run's (only this server starts a run) and
 * the download link's (the link works without a session, so a browser can save the file itself).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BackupFile, BackupJob } from '../../../../src/schemas/backup.ts';
import { backupChunks, backupFileName } from './backup.ts';
import { deleteBlob, putBlob, readBlob, sha256 } from './blobs.ts';
import { query } from './db.ts';
import { signingKey } from './secret.ts';

/** Bytes of one part (the last is shorter): small enough for one blob write, large enough to keep parts few. */
export const PART_BYTES = 4 * 1024 * 1024;

/** Most bytes of one downloaded file: a run of whole parts, under the 20 MB a function may stream. */
export const PIECE_BYTES = 16 * 1024 * 1024;

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
  part_bytes: number;
  piece_bytes: number;
  tables_done: number;
  tables_total: number;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
  expired_at: Date | null;
}

const COLUMNS = `id::text as id, requested_by, state, file_name, parts, bytes::text as bytes, part_bytes, piece_bytes,
  tables_done, tables_total, error, created_at, finished_at, expired_at`;

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

/** What a download link's signature covers: the job, the piece (none for the whole file) and the expiry. */
const signedText = (id: string, piece: number | undefined, expires: string | number) =>
  piece === undefined ? `backup-download:${id}:${expires}` : `backup-download:${id}:piece-${piece}:${expires}`;

/**
 * The signed download address of job `id`, valid {@link DOWNLOAD_LINK_SECONDS} from `now`: the whole file, or with
 * `piece` (from 1) that piece only.
 */
export function downloadLink(id: string, now = new Date(), piece?: number): { url: string; expires: Date } {
  const expires = Math.floor(now.getTime() / 1000) + DOWNLOAD_LINK_SECONDS;
  const signature = hmac(signedText(id, piece, expires)).toString('base64url');
  const pieceParam = piece === undefined ? '' : `piece=${piece}&`;
  return {
    url: `/api/admin/db/backup/${id}/download?${pieceParam}expires=${expires}&signature=${signature}`,
    expires: new Date(expires * 1000),
  };
}

/** Why a download link is refused, or 'valid'. */
export type LinkCheck = 'valid' | 'altered' | 'expired';

/** Checks a download link's `piece` (if any), `expires` and `signature` for job `id`, in constant time. */
export function checkDownloadLink(id: string, params: URLSearchParams, now = new Date()): LinkCheck {
  const expires = params.get('expires') ?? '';
  const piece = params.get('piece');
  if (!/^[1-9][0-9]{0,11}$/.test(expires)) return 'altered';
  if (piece !== null && !/^[1-9][0-9]{0,5}$/.test(piece)) return 'altered';
  const text = signedText(id, piece === null ? undefined : Number(piece), expires);
  if (!sameSignature(params.get('signature'), hmac(text))) return 'altered';
  return Number(expires) * 1000 <= now.getTime() ? 'expired' : 'valid';
}

/** One downloadable file of a finished job: the run of `parts` parts from `firstPart`, `bytes` long. */
export interface BackupPiece {
  /** From 1. */
  index: number;
  firstPart: number;
  parts: number;
  bytes: number;
  name: string;
}

/**
 * The files a finished job downloads as: one when it fits in a piece (named as the backup), else pieces of as many
 * whole parts as fit in the job's piece size, named `<file>.part-01-of-NN`.
 */
export function backupPieces(
  row: Pick<JobRow, 'file_name' | 'parts' | 'bytes' | 'part_bytes' | 'piece_bytes'>,
): BackupPiece[] {
  const bytes = Number(row.bytes);
  if (bytes <= row.piece_bytes) {
    return [{ index: 1, firstPart: 0, parts: row.parts, bytes, name: row.file_name }];
  }
  const perPiece = Math.max(1, Math.floor(row.piece_bytes / row.part_bytes));
  const count = Math.ceil(row.parts / perPiece);
  const width = String(count).length < 2 ? 2 : String(count).length;
  return Array.from({ length: count }, (_, at) => {
    const firstPart = at * perPiece;
    const parts = Math.min(perPiece, row.parts - firstPart);
    const last = at === count - 1;
    return {
      index: at + 1,
      firstPart,
      parts,
      bytes: last ? bytes - firstPart * row.part_bytes : parts * row.part_bytes,
      name: `${row.file_name}.part-${String(at + 1).padStart(width, '0')}-of-${count}`,
    };
  });
}

/** A job as the endpoints answer it; its download links are signed now, once the job is done. */
export function jobAnswer(row: JobRow, now = new Date()): BackupJob {
  const pieces = row.state === 'done' ? backupPieces(row) : [];
  const link = pieces.length === 1 ? downloadLink(row.id, now) : undefined;
  const files: BackupFile[] = pieces.map((piece) => ({
    name: piece.name,
    part: piece.index,
    of: pieces.length,
    bytes: piece.bytes,
    url: link?.url ?? downloadLink(row.id, now, piece.index).url,
  }));
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
    expiredAt: row.expired_at?.toISOString() ?? null,
    download: link?.url ?? null,
    files,
    downloadExpires: pieces.length > 0 ? downloadLink(row.id, now).expires.toISOString() : null,
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
 * parts of exactly `partBytes` (the last shorter), to be downloaded in pieces of at most `pieceBytes`, updating the
 * job after each part and each table, and marks it done, or failed with the reason (removing the parts written).
 */
export async function runJob(id: string, partBytes = PART_BYTES, pieceBytes = PIECE_BYTES): Promise<void> {
  const [claimed] = await query<{ created_at: Date }>(
    `update backup_jobs set state = 'running', part_bytes = $2, piece_bytes = $3
     where id = $1 and state = 'queued' returning created_at`,
    [id, partBytes, Math.max(pieceBytes, partBytes)],
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
  /** Writes the next part: the first `partBytes` pending bytes, or all of them at the end. */
  const flush = async () => {
    const all = Buffer.concat(pending, pendingBytes);
    const part = all.subarray(0, Math.min(partBytes, all.length));
    const rest = all.subarray(part.length);
    const name = partKey(id, parts).split('/').at(-1) ?? '';
    await putBlob(partKey(id, parts), part, {
      name,
      contentType: 'application/json',
      size: part.length,
      sha256: sha256(part),
    });
    parts += 1;
    bytes += part.length;
    pending = rest.length > 0 ? [rest] : [];
    pendingBytes = rest.length;
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
      while (pendingBytes >= partBytes) await flush();
    }
    if (pendingBytes > 0 || parts === 0) await flush();
    await query(`update backup_jobs set state = 'done', finished_at = now() where id = $1`, [id]);
  } catch (failure) {
    await failJob(id, `The backup stopped: ${(failure as Error).message}`);
    for (let index = 0; index < parts; index += 1) await deleteBlob(partKey(id, index)).catch(() => {});
  }
}

/** Parts `first` to `first + count - 1` of job `id` in order, read one at a time as the reader pulls. */
export function partsStream(id: string, first: number, count: number): ReadableStream<Uint8Array> {
  let index = first;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (index >= first + count) return controller.close();
      const bytes = await readBlob(partKey(id, index));
      if (!bytes) return controller.error(new Error(`Part ${index} of backup ${id} is missing`));
      index += 1;
      controller.enqueue(new Uint8Array(bytes));
    },
  });
}
