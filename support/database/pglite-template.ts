/**
 * A new embedded database starts as a copy of one that PGlite's initdb made once, the way PostgreSQL's own test
 * suites copy a template cluster instead of running initdb for each test. Measured in a new process: a new database
 * costs about 8 s of CPU time (initdb in WebAssembly), a copy of the template (39 MB) opened as an existing database
 * about 2.3 s. `npm test` starts several new databases (the unit tests' own, the restore target, the database thread's,
 * the local servers'); the first ones of a fresh checkout make the template.
 *
 * The template lives in node_modules/.cache, one per PGlite version (a new version brings its own initdb). It is made
 * in a folder of its own and renamed into place, so it is never seen half-written; two first starts at the same time
 * each make one and the first rename wins.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

const cacheDir = fileURLToPath(new URL('../../node_modules/.cache/pglite/', import.meta.url));

/** True when `dataDir` holds a database (PostgreSQL's own marker file). */
export function holdsDatabase(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

/** The installed PGlite's version, read once from its package.json (the package does not export that file). */
let version: Promise<string> | undefined;
function pgliteVersion(): Promise<string> {
  version ??= readFile(
    join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json'),
    'utf8',
  ).then((manifest) => (JSON.parse(manifest) as { version: string }).version);
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
