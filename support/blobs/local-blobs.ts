/**
 * Netlify's own local blob server (`@netlify/blobs/server`, the one `netlify dev` runs) on a folder of its own, so
 * the functions, the build and the commands reach a blob store offline, without an account. It listens on a free
 * port of this machine with a random token, and hands back the `NETLIFY_BLOBS_CONTEXT` that points the store of
 * netlify/functions/_shared/platform/blobs.ts at it, the variable Netlify sets for functions and builds.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';

/** The blob folder inside a data folder (scripts/lib/data-dir.ts). */
export function blobsDir(dataDir: string): string {
  return join(dataDir, 'blobs');
}

/** A running local blob store. */
export interface LocalBlobs {
  /** `NETLIFY_BLOBS_CONTEXT`, for this process and the functions' workers. */
  readonly env: { NETLIFY_BLOBS_CONTEXT: string };
  close(): Promise<void>;
}

/** Starts the local blob server on `directory` (created if needed). */
export async function startLocalBlobs(directory: string): Promise<LocalBlobs> {
  const token = randomBytes(16).toString('hex');
  const server = new BlobsServer({ directory, token, logger: () => {} });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  const context = { edgeURL: url, uncachedEdgeURL: url, token, siteID: 'local', primaryRegion: 'local' };
  return {
    env: { NETLIFY_BLOBS_CONTEXT: Buffer.from(JSON.stringify(context)).toString('base64') },
    close: () => server.stop(),
  };
}

/**
 * Sets `NETLIFY_BLOBS_CONTEXT` of this process to a local blob server on the data folder's blob folder, unless a
 * store is configured already (the variable, or `NETLIFY_SITE_ID` with `NETLIFY_AUTH_TOKEN`); returns how to stop it.
 */
export async function useLocalBlobs(dataDir: string): Promise<() => Promise<void>> {
  const env = process.env;
  if (env['NETLIFY_BLOBS_CONTEXT'] || (env['NETLIFY_SITE_ID'] && env['NETLIFY_AUTH_TOKEN'])) return async () => {};
  const blobs = await startLocalBlobs(blobsDir(dataDir));
  Object.assign(process.env, blobs.env);
  return async () => {
    delete process.env['NETLIFY_BLOBS_CONTEXT'];
    await blobs.close();
  };
}
