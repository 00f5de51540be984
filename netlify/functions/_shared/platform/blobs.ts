/**
 * The blob store: the bytes of the files staff upload (pictures, PDFs) live in Netlify Blobs, the store `uploads`,
 * while their rows in the database keep what describes them (name, type, size, checksum, blob key). This module is
 * the only one that imports `@netlify/blobs`, as db.ts is the only database client.
 *
 * Where the store is: on Netlify the functions and the build find it in their environment (`NETLIFY_BLOBS_CONTEXT`,
 * set by the platform); every local command starts Netlify's own local blob server on a folder of the data folder
 * and sets the same variable (support/blobs/local-blobs.ts), so nothing local needs an account or the network. A
 * command run by hand against the live site reaches it through the API with `NETLIFY_SITE_ID` and
 * `NETLIFY_AUTH_TOKEN`.
 */
import { createHash } from 'node:crypto';
import { getStore, type Store } from '@netlify/blobs';

/** The store that holds uploaded files. */
export const UPLOADS_STORE = 'uploads';

/** What is kept beside a file's bytes in the store (a copy of its row's description). */
export interface BlobMetadata {
  readonly name: string;
  readonly contentType: string;
  readonly size: number;
  readonly sha256: string;
}

/** One file of the store, as listed. */
export interface ListedBlob {
  readonly key: string;
}

/** The hex SHA-256 of `bytes`: the checksum rows and backups carry. */
export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function store(env: Readonly<Record<string, string | undefined>> = process.env): Store {
  const siteID = env['NETLIFY_SITE_ID'];
  const token = env['NETLIFY_AUTH_TOKEN'];
  // Reads right after a write (an upload shown at once) must see it: strong consistency.
  if (!env['NETLIFY_BLOBS_CONTEXT'] && siteID && token) {
    return getStore({ name: UPLOADS_STORE, siteID, token, consistency: 'strong' });
  }
  return getStore({ name: UPLOADS_STORE, consistency: 'strong' });
}

/** Stores `bytes` under `key` with its description; overwrites what the key held. */
export async function putBlob(key: string, bytes: Uint8Array, metadata: BlobMetadata): Promise<void> {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  await store().set(key, copy.buffer, { metadata: { ...metadata } });
}

/** The bytes stored under `key`, or undefined when there are none. */
export async function readBlob(key: string): Promise<Buffer | undefined> {
  const data = await store().get(key, { type: 'arrayBuffer' });
  return data === null ? undefined : Buffer.from(data);
}

/** The bytes and description stored under `key`, or undefined. */
export async function readBlobWithMetadata(
  key: string,
): Promise<{ data: Buffer; metadata: Partial<BlobMetadata> } | undefined> {
  const entry = await store().getWithMetadata(key, { type: 'arrayBuffer' });
  if (!entry) return undefined;
  return { data: Buffer.from(entry.data), metadata: entry.metadata };
}

/** Removes the file under `key` (nothing happens when there is none). */
export async function deleteBlob(key: string): Promise<void> {
  await store().delete(key);
}

/** Every key of the store, optionally under `prefix`. */
export async function listBlobs(prefix?: string): Promise<ListedBlob[]> {
  const { blobs } = await store().list(prefix ? { prefix } : {});
  return blobs.map((blob) => ({ key: blob.key }));
}
