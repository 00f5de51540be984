/** Files staff uploaded to Media: stored with their Media entry, and read by their public address's id and name. */
import { audit } from '../platform/audit.ts';
import { query, transaction } from '../platform/db.ts';
import { addMediaEntry } from './media.ts';

/** One stored upload: its type, found in its bytes at upload, and its bytes. */
export interface StoredUpload {
  readonly content_type: string;
  readonly data: Buffer;
}

/** The upload `id` named `name`, or undefined. */
export async function readUpload(id: string, name: string): Promise<StoredUpload | undefined> {
  const [file] = await query<StoredUpload>('select content_type, data from uploads where id = $1 and name = $2', [
    id,
    name,
  ]);
  return file;
}

/**
 * Stores an upload, audited, with the Media entry that lists it, in one transaction; answers its public address
 * (`/media/<id>/<name>`).
 */
export async function storeUpload(
  file: { name: string; contentType: string; data: Buffer },
  actor: string,
): Promise<string> {
  const { name, contentType, data } = file;
  return transaction(async (tx) => {
    const [row] = await tx.query<{ id: string }>(
      `insert into uploads (name, content_type, size, data, uploaded_by) values ($1, $2, $3, $4, $5)
       returning id::text as id`,
      [name, contentType, data.byteLength, data, actor],
    );
    if (!row) throw new Error('insert into uploads returned no row');
    await audit(tx, 'admin.media.upload', actor, { id: row.id, name, contentType, size: data.byteLength });
    const url = `/media/${row.id}/${name}`;
    // Every upload is listed under Media, where it can be picked, seen in use and deleted.
    await addMediaEntry(tx, name, url);
    return url;
  });
}
