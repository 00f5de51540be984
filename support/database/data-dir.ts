/**
 * The one folder where every local command keeps its state: the embedded database, the uploaded files' blob store
 * (`blobs/`, support/blobs/local-blobs.ts) and the generated secrets. `npm start`, `npm run dev`, `admin:create`,
 * `db:restore`, `db:migrate` and `uploads:move` all use it, so an account created or a backup restored is the one the
 * local site serves. `DATA_DIR` names another (relative to the project, or
 * anywhere). One process at a time opens its database (database-lock.ts).
 *
 * Only its owner may read it: the folder is 0700 and what is written in it is created owner-only (the database holds
 * password hashes, the folder the signing secret).
 */
import { chmod, mkdir, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** The data folder's name when `DATA_DIR` is unset (git-ignored). */
export const DEFAULT_DATA_DIR = '.data';

/** The data folder: `DATA_DIR`, else `.data`, relative to the project root. */
export function localDataDir(given: string | undefined = process.env['DATA_DIR']): string {
  return resolve(root, given || DEFAULT_DATA_DIR);
}

/**
 * Creates `dir` if needed and makes it and everything in it owner-only (a folder made by an older version may hold
 * files anyone could read); files written later by this process are created owner-only too.
 */
export async function secureDataDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // Worker threads share the process's umask but may not set it; the main thread sets it before starting them.
  if (isMainThread) process.umask(0o077);
  await ownerOnly(dir);
}

async function ownerOnly(path: string): Promise<void> {
  const entries = await readdir(path, { withFileTypes: true });
  await chmod(path, 0o700);
  await Promise.all(
    entries.map(async (entry) => {
      const child = join(path, entry.name);
      try {
        if (entry.isDirectory()) await ownerOnly(child);
        else if (entry.isFile()) await chmod(child, 0o600);
      } catch (error) {
        // PostgreSQL removes some of its files as it works (pg_internal.init, temporary files): gone is fine.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }),
  );
}
