/**
 * What serving the functions locally needs before the first request: the database (embedded PGlite, or
 * `DATABASE_URL`) running and migrated, the blob store of uploaded files, and the env vars the functions read.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { MIN_SECRET_BYTES } from '../../netlify/functions/_shared/platform/auth.ts';
import { closePools } from '../../netlify/functions/_shared/platform/db.ts';
import { secureDataDir } from '../../support/database/data-dir.ts';
import { lockLocalDatabase, type DatabaseLock } from '../../support/database/database-lock.ts';
import { startDatabaseThread } from '../../support/database/database-thread.ts';
import { blobsDir, startLocalBlobs, type LocalBlobs } from '../../support/blobs/local-blobs.ts';
import type { LocalDatabase } from '../../support/database/local-database.ts';

/** A prepared local runtime. */
export interface Runtime {
  /** Env vars to hand to the functions (`DATABASE_URL`, `JWT_SECRET`, `NETLIFY_BLOBS_CONTEXT`, …). */
  env: Record<string, string>;
  /** Stops what was started (relay, embedded database) and closes pools. */
  close(): Promise<void>;
}

/** A random secret kept in `file` (created 0600 on first use), so it survives restarts. */
export async function persistentSecret(file: string): Promise<string> {
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('hex');
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * Starts the database (embedded under `dataDir` unless `DATABASE_URL` is set) on its own thread, which also migrates
 * it and creates the staff accounts of the environment; returns the env. `lock` is the data folder's lock when the
 * caller took it already (lockLocalDatabase); the runtime releases it when it closes or fails to start.
 */
export async function prepareRuntime(opts: { dataDir: string; lock?: DatabaseLock | undefined }): Promise<Runtime> {
  const lock = opts.lock ?? (await lockLocalDatabase(opts.dataDir));
  let database: LocalDatabase | undefined;
  let blobs: LocalBlobs | undefined;
  try {
    await secureDataDir(opts.dataDir);
    database = await startDatabaseThread({
      dataDir: opts.dataDir,
      url: process.env['DATABASE_URL'] || undefined,
      locked: lock !== undefined,
    });
    const env: Record<string, string> = { DATABASE_URL: database.url };
    if (database.proxy) env['DATABASE_WS_PROXY'] = database.proxy;
    // Rate-limit hashes must agree across the fresh worker each local request runs in.
    env['IP_HASH_KEY'] = process.env['IP_HASH_KEY'] || (await persistentSecret(join(opts.dataDir, 'ip-hash.key')));
    env['JWT_SECRET'] = await jwtSecret(opts.dataDir);
    // Uploaded files' bytes: the store Netlify Blobs gives the site, here its local server on the data folder.
    if (process.env['NETLIFY_BLOBS_CONTEXT']) env['NETLIFY_BLOBS_CONTEXT'] = process.env['NETLIFY_BLOBS_CONTEXT'];
    else {
      blobs = await startLocalBlobs(blobsDir(opts.dataDir));
      Object.assign(env, blobs.env);
    }
    const started = database;
    const startedBlobs = blobs;
    return {
      env,
      close: async () => {
        await closePools();
        await startedBlobs?.close();
        await started.close();
        lock?.release();
      },
    };
  } catch (error) {
    await blobs?.close();
    await database?.close();
    lock?.release();
    throw error;
  }
}

/** `JWT_SECRET` when set (refused under 32 bytes), else a random one kept in `<dataDir>/jwt-secret` (0600). */
export async function jwtSecret(dataDir: string): Promise<string> {
  const given = process.env['JWT_SECRET'];
  if (!given) return persistentSecret(join(dataDir, 'jwt-secret'));
  if (Buffer.byteLength(given) < MIN_SECRET_BYTES)
    throw new Error(`JWT_SECRET must be at least ${MIN_SECRET_BYTES} bytes`);
  return given;
}
