/**
 * The one data folder (scripts/lib/data-dir.ts): `admin:create` and `db:migrate` (and `db:restore`, opened alike) write the embedded
 * database `npm start` serves, in `DATA_DIR`; and nothing in the folder is readable by anyone but its owner, even
 * when the machine's umask would allow it, and even for files an older version left open.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, test } from 'vitest';
import { closePool, query } from '../../netlify/functions/_shared/db.ts';
import { startLocalDatabase } from '../../scripts/lib/local-database.ts';
import { localDataDir } from '../../scripts/lib/data-dir.ts';

const project = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Runs `node scripts/<script>` with `DATA_DIR`, the embedded database, and `input` piped to stdin. */
async function script(name: string, args: string[], dataDir: string, input = ''): Promise<string> {
  const child = run(process.execPath, [join(project, 'scripts', name), ...args], {
    cwd: project,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });
  child.child.stdin?.end(input);
  return (await child).stdout;
}

/** Every path under `dir` whose mode lets its group or others in. */
async function openToOthers(dir: string): Promise<string[]> {
  const open: string[] = [];
  if (((await stat(dir)).mode & 0o077) !== 0) open.push(dir);
  for (const entry of await readdir(dir, { recursive: true })) {
    const path = join(dir, entry);
    if (((await stat(path)).mode & 0o077) !== 0) open.push(path);
  }
  return open;
}

test('admin:create and db:migrate use the data folder npm start serves', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'watoto-data-'));
  dirs.push(dataDir);
  expect(localDataDir(dataDir)).toBe(dataDir);
  expect(await script('db-migrate.ts', [], dataDir)).toMatch(/embedded database/);
  expect(await script('admin-create.ts', ['amina'], dataDir, 'a staff password, 2026\n')).toMatch(/Created/);

  // What `npm start` opens for `DATA_DIR` (serve.ts and runtime.ts take localDataDir()).
  const database = await startLocalDatabase({ dataDir: localDataDir(dataDir) });
  const target = { url: database.url, proxy: database.proxy };
  try {
    expect(await query('select username from admin_users', [], target)).toEqual([{ username: 'amina' }]);
  } finally {
    await closePool(target);
    await database.close();
  }
});

test('the data folder and everything in it is owner-only, whatever the umask, old files included', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'watoto-modes-'));
  dirs.push(dataDir);
  await chmod(dataDir, 0o777);
  await writeFile(join(dataDir, 'left-open'), 'x', { mode: 0o666 });
  await chmod(join(dataDir, 'left-open'), 0o666);
  const saved = process.umask(0);
  try {
    const database = await startLocalDatabase({ dataDir });
    const target = { url: database.url, proxy: database.proxy };
    await query('create table written_later (note text)', [], target);
    await query("insert into written_later values ('x')", [], target);
    await closePool(target);
    await database.close();
  } finally {
    process.umask(saved);
  }
  expect(await readdir(dataDir)).toContain('PG_VERSION');
  expect(await openToOthers(dataDir)).toEqual([]);
});
