/**
 * Files staff uploaded to Media: their rows describe them (name, type, size, checksum) and name the key of their
 * bytes in the blob store (platform/blobs.ts). Rows stored before the blob store keep their bytes in `data` until
 * `npm run uploads:move` moves them; every reader here takes the bytes from wherever the row says.
 */
import { randomUUID } from 'node:crypto';
import { audit } from '../platform/audit.ts';
import { deleteBlob, putBlob, readBlob, sha256 } from '../platform/blobs.ts';
import { query, transaction, type Queryable } from '../platform/db.ts';
import { addMediaEntry } from './media.ts';

/** One stored upload: its type, found in its bytes at upload, and its bytes. */
export interface StoredUpload {
  readonly content_type: string;
  readonly data: Buffer;
}

/** Where a row's bytes are: in the row, or in the blob store under `blob_key`. */
export interface UploadBytes {
  readonly data: Buffer | null;
  readonly blob_key: string | null;
}

/** The bytes of an upload's row, or undefined when its blob is gone. */
export async function uploadBytes(row: UploadBytes): Promise<Buffer | undefined> {
  if (row.data) return row.data;
  return row.blob_key ? readBlob(row.blob_key) : undefined;
}

/** The upload `id` named `name`, or undefined. */
export async function readUpload(id: string, name: string): Promise<StoredUpload | undefined> {
  const [row] = await query<UploadBytes & { content_type: string }>(
    'select content_type, data, blob_key from uploads where id = $1 and name = $2',
    [id, name],
  );
  if (!row) return undefined;
  const data = await uploadBytes(row);
  return data ? { content_type: row.content_type, data } : undefined;
}

/** A new blob key for a file named `name`: random, so a key is never reused and never guessed. */
export function newBlobKey(name: string): string {
  return `${randomUUID()}/${name}`;
}

/**
 * Stores a new upload: its bytes in the blob store first, then its row (through `insert`, which runs in the caller's
 * transaction and returns the id). If the row is not written the blob is removed again.
 */
export async function storeUpload(
  file: { name: string; contentType: string; data: Uint8Array },
  insert: (row: { blobKey: string; checksum: string; size: number }) => Promise<string>,
): Promise<string> {
  const blobKey = newBlobKey(file.name);
  const checksum = sha256(file.data);
  const size = file.data.byteLength;
  await putBlob(blobKey, file.data, { name: file.name, contentType: file.contentType, size, sha256: checksum });
  try {
    return await insert({ blobKey, checksum, size });
  } catch (failure) {
    await deleteBlob(blobKey).catch(() => {});
    throw failure;
  }
}

/** Deletes the upload rows behind the public `urls` in `tx`; returns their blob keys, to delete after commit. */
export async function deleteUploadRows(tx: Queryable, urls: readonly string[]): Promise<string[]> {
  const rows = await tx.query<{ blob_key: string | null }>(
    `delete from uploads where '/media/' || id || '/' || name = any($1::text[]) returning blob_key`,
    [urls],
  );
  return rows.map((row) => row.blob_key).filter((key): key is string => key !== null);
}

/**
 * Removes the blobs of deleted rows (a blob left behind by a failure is only unreachable, never shown). A Deploy
 * Preview or branch deploy shares the site's one blob store with production while its database is a copy of
 * production's, so its rows may name production's files: there a deletion drops the row and leaves the bytes.
 */
export async function deleteUploadBlobs(keys: readonly string[], deployContext?: string): Promise<void> {
  if (deployContext === 'deploy-preview' || deployContext === 'branch-deploy') return;
  for (const key of keys) await deleteBlob(key);
}

/**
 * Fills `image_data` of rows that read their picture's upload (`image_key` its blob key) from the blob store; a row
 * whose blob is gone keeps none. Used by the build's content loaders.
 */
export async function withPictureBytes<T extends { image_data: Buffer | null; image_key?: string | null }>(
  rows: T[],
): Promise<T[]> {
  for (const row of rows) {
    if (row.image_data || !row.image_key) continue;
    try {
      row.image_data = (await readBlob(row.image_key)) ?? null;
    } catch (failure) {
      throw new Error(
        `Cannot read the picture ${row.image_key} from the blob store: ${failure instanceof Error ? failure.message : String(failure)}`,
        { cause: failure },
      );
    }
  }
  return rows;
}

/**
 * Stores an upload, audited, with the Media entry that lists it: its bytes in the blob store, then its row and the
 * entry in one transaction; answers its public address (`/media/<id>/<name>`).
 */
export async function storeMediaUpload(
  file: { name: string; contentType: string; data: Buffer },
  actor: string,
): Promise<string> {
  const { name, contentType } = file;
  const id = await storeUpload(file, ({ blobKey, checksum, size }) =>
    transaction(async (tx) => {
      const [row] = await tx.query<{ id: string }>(
        `insert into uploads (name, content_type, size, blob_key, checksum, uploaded_by)
         values ($1, $2, $3, $4, $5, $6) returning id::text as id`,
        [name, contentType, size, blobKey, checksum, actor],
      );
      if (!row) throw new Error('insert into uploads returned no row');
      await audit(tx, 'admin.media.upload', actor, { id: row.id, name, contentType, size });
      // Every upload is listed under Media, where it can be picked, seen in use and deleted.
      await addMediaEntry(tx, name, `/media/${row.id}/${name}`);
      return row.id;
    }),
  );
  return `/media/${id}/${name}`;
}
