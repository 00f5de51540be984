/**
 * A new embedded database starts as a copy of one that PGlite's initdb made once, the way PostgreSQL's own test
 * suites copy a template cluster instead of running initdb (in WebAssembly, several times slower than opening a
 * copy) for each test. `npm test` starts several new databases; the first ones of a fresh checkout make the template.
 *
 * The template lives in the project's `.netlify/pglite-template/`, one per PGlite version (a new version brings its own
 * initdb). It is made in a folder of its own and renamed into place, so it is never seen half-written; two first
 * starts at the same time each make one and the first rename wins.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cacheDir = join(root, '.netlify', 'pglite-template');

/** True when `dataDir` holds a database (PostgreSQL's own marker file). */
export function holdsDatabase(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

/** The installed PGlite's version, read once from the project's lockfile (`npm ci` installs exactly what it names). */
let version: Promise<string> | undefined;
function pgliteVersion(): Promise<string> {
  version ??= readFile(join(root, 'package-lock.json'), 'utf8').then((lockfile) => {
    const { packages } = JSON.parse(lockfile) as { packages: Record<string, { version?: string }> };
    const installed = packages['node_modules/@electric-sql/pglite']?.version;
    if (!installed) throw new Error('package-lock.json names no @electric-sql/pglite');
    return installed;
  });
  return version;
}

/** The template's folder, made by initdb on first use. */
export async function pgliteTemplate(): Promise<string> {
  const ready = join(cacheDir, await pgliteVersion());
  if (holdsDatabase(ready)) return ready;
  await mkdir(cacheDir, { recursive: true });
  const making = await mkdtemp(join(cacheDir, 'making-'));
  try {
    const db = await PGlite.create(making);
    await db.close();
    await rename(making, ready);
  } catch (error) {
    // Another start renamed its template into place first: use that one.
    if (!holdsDatabase(ready)) throw error;
  } finally {
    await rm(making, { recursive: true, force: true });
  }
  return ready;
}

/** Opens the embedded database in `dataDir`; a folder without one gets a copy of the template first. */
export async function openPGlite(dataDir: string): Promise<PGlite> {
  if (!holdsDatabase(dataDir)) await cp(await pgliteTemplate(), dataDir, { recursive: true });
  return PGlite.create(dataDir);
}
