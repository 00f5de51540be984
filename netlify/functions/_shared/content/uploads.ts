/** Files staff uploaded to Media, read by their public address's id and name. */
import { query } from '../platform/db.ts';

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
