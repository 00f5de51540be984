/**
 * The one-time move of uploaded files' bytes, and of sponsors' letter photos, out of the database into the blob store
 * (`npm run uploads:move`): each row that still holds its bytes gets them written under a new blob key, read back and
 * checked by SHA-256, then the row is changed to name the key and drops its bytes, in its own statement. A stopped
 * move resumes where it was; a row deleted or moved by someone else meanwhile keeps what it has, and the copy written
 * for it is removed.
 */
import { randomUUID } from 'node:crypto';
import { putBlob, readBlob, sha256, deleteBlob } from '../../netlify/functions/_shared/platform/blobs.ts';
import { newBlobKey } from '../../netlify/functions/_shared/content/uploads.ts';
import { query, type DatabaseTarget } from '../../netlify/functions/_shared/platform/db.ts';

/** Rows read at a time (each up to 4 MB). */
const BATCH_ROWS = 10;

/** What a move did. */
export interface MoveReport {
  moved: number;
  bytes: number;
  /** Rows left as they were because another process changed them meanwhile. */
  skipped: number;
}

interface Waiting {
  id: string;
  name: string;
  content_type: string;
  data: Buffer;
}

/** One kind of row whose bytes move: how to read a batch of them, their new key, and how to point a row at it. */
interface Source {
  read: string;
  key: (row: Waiting) => string;
  point: string;
}

const SOURCES: Source[] = [
  {
    read: `select id::text as id, name, content_type, data from uploads
       where data is not null and blob_key is null and id > $1::bigint order by id limit ${BATCH_ROWS}`,
    key: (row) => newBlobKey(row.name),
    point: `update uploads set blob_key = $2, checksum = $3, data = null
         where id = $1::bigint and blob_key is null and data is not null returning id`,
  },
  {
    read: `select id::text as id, 'letter-photo' as name, photo_type as content_type, photo as data from sponsor_letters
       where photo is not null and photo_key is null and id > $1::bigint order by id limit ${BATCH_ROWS}`,
    key: () => `letters/${randomUUID()}`,
    point: `update sponsor_letters set photo_key = $2, photo_checksum = $3, photo = null
         where id = $1::bigint and photo_key is null and photo is not null returning id`,
  },
];

/** Moves every row's bytes of `target` into the blob store; `progress` hears after each batch. */
export async function moveUploads(
  target: DatabaseTarget,
  progress: (report: MoveReport) => void = () => {},
): Promise<MoveReport> {
  const report: MoveReport = { moved: 0, bytes: 0, skipped: 0 };
  for (const source of SOURCES) await moveSource(source, target, report, progress);
  return report;
}

async function moveSource(
  source: Source,
  target: DatabaseTarget,
  report: MoveReport,
  progress: (report: MoveReport) => void,
): Promise<void> {
  let after = '0';
  for (;;) {
    const rows = await query<Waiting>(source.read, [after], target);
    if (rows.length === 0) return;
    for (const row of rows) {
      const key = source.key(row);
      const checksum = sha256(row.data);
      const metadata = { name: row.name, contentType: row.content_type, size: row.data.byteLength, sha256: checksum };
      await putBlob(key, row.data, metadata);
      const stored = await readBlob(key);
      if (!stored || sha256(stored) !== checksum) {
        throw new Error(`The blob store gave back other bytes for ${row.name} ${row.id}; nothing was changed`);
      }
      const changed = await query(source.point, [row.id, key, checksum], target);
      if (changed.length === 0) {
        await deleteBlob(key);
        report.skipped += 1;
      } else {
        report.moved += 1;
        report.bytes += row.data.byteLength;
      }
    }
    after = rows.at(-1)?.id ?? after;
    progress(report);
  }
}
