/**
 * The one-time move of uploaded files' bytes out of the database into the blob store (`npm run uploads:move`): each
 * row that still holds its bytes gets them written under a new blob key, read back and checked by SHA-256, then the
 * row is changed to name the key and drops its bytes, in its own statement. A stopped move resumes where it was; a
 * row deleted or moved by someone else meanwhile keeps what it has, and the copy written for it is removed.
 */
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

/** Moves every row's bytes of `target` into the blob store; `progress` hears after each batch. */
export async function moveUploads(
  target: DatabaseTarget,
  progress: (report: MoveReport) => void = () => {},
): Promise<MoveReport> {
  const report: MoveReport = { moved: 0, bytes: 0, skipped: 0 };
  let after = '0';
  for (;;) {
    const rows = await query<Waiting>(
      `select id::text as id, name, content_type, data from uploads
       where data is not null and blob_key is null and id > $1::bigint order by id limit ${BATCH_ROWS}`,
      [after],
      target,
    );
    if (rows.length === 0) return report;
    for (const row of rows) {
      const key = newBlobKey(row.name);
      const checksum = sha256(row.data);
      const metadata = { name: row.name, contentType: row.content_type, size: row.data.byteLength, sha256: checksum };
      await putBlob(key, row.data, metadata);
      const stored = await readBlob(key);
      if (!stored || sha256(stored) !== checksum) {
        throw new Error(`The blob store gave back other bytes for upload ${row.id} (${row.name}); nothing was changed`);
      }
      const changed = await query(
        `update uploads set blob_key = $2, checksum = $3, data = null
         where id = $1::bigint and blob_key is null and data is not null returning id`,
        [row.id, key, checksum],
        target,
      );
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
