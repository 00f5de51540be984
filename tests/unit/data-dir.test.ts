/**
 * The one data folder (support/database/data-dir.ts): `admin:create` and `db:migrate` (and `db:restore`, opened alike) write the embedded
 * database `npm start` serves, in `DATA_DIR`; and nothing in the folder is readable by anyone but its owner, even
 * when the machine's umask would allow it, and even for files an older version left open. The folder may be anywhere:
 * local rebuilds are made inside the project whatever it is (the server's own start with a `DATA_DIR` outside the
 * project is in local-server.test.ts).
 */
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, test } from 'vitest';
import { closePool, query } from '../../netlify/functions/_shared/platform/db.ts';
import { startLocalDatabase } from '../../support/database/local-database.ts';
import { localDataDir } from '../../support/database/data-dir.ts';
import { localBuilds } from '../../scripts/lib/local-builds.ts';

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
  // Three commands that each open the database, one after another.
}, 90_000);

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

/**
 * An `astro` that fails as the real one does for an output outside the project whose path begins with the project's
 * (`../watoto-data` beside `watoto`): it runs the pages' server code from beside such an output, where the project's
 * packages cannot be imported. Here any output outside the project fails so. It writes the site it built.
 */
const fakeAstro = `
import { mkdirSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
const outDir = resolve(process.argv[process.argv.indexOf('--outDir') + 1]);
const fromProject = relative(process.cwd(), outDir);
if (fromProject.startsWith('..')) {
  console.error("Cannot find package '@oslojs/encoding' imported from " + outDir);
  process.exit(1);
}
mkdirSync(outDir, { recursive: true });
writeFileSync(resolve(outDir, 'index.html'), 'rebuilt');
mkdirSync(resolve(outDir, '_astro'));
writeFileSync(resolve(outDir, '_astro', 'island.NEWHASH.js'), 'new island');
`;

test('a local rebuild is made inside the project and swapped in, keeping the old hashed files, wherever the data folder is', async () => {
  const root = await mkdtemp(join(tmpdir(), 'watoto-project-'));
  dirs.push(root);
  await mkdir(join(root, 'node_modules', 'astro', 'bin'), { recursive: true });
  await writeFile(join(root, 'node_modules', 'astro', 'bin', 'astro.mjs'), fakeAstro);
  await mkdir(join(root, 'dist'));
  await writeFile(join(root, 'dist', 'index.html'), 'first');
  await mkdir(join(root, 'dist', '_astro'));
  await writeFile(join(root, 'dist', '_astro', 'island.OLDHASH.js'), 'old island');

  const saved = { DATA_DIR: process.env['DATA_DIR'], DATABASE_URL: process.env['DATABASE_URL'] };
  // A data folder outside the project (the server no longer hands it to the builds at all).
  process.env['DATA_DIR'] = await mkdtemp(join(tmpdir(), 'watoto-elsewhere-'));
  dirs.push(process.env['DATA_DIR']);
  // No database to record the outcome in: the builder says so in its log and carries on.
  process.env['DATABASE_URL'] = '';
  const logged: unknown[] = [];
  const spy = [console.log, console.error] as const;
  console.log = console.error = (...args: unknown[]) => void logged.push(args.join(' '));
  try {
    const builds = localBuilds({ root });
    const answer = { status: 0, writeHead: (status: number) => void (answer.status = status), end: () => {} };
    const hook = { url: '/.netlify/local-build-hook', method: 'POST', resume: () => {} };
    expect(builds.intercept(hook as IncomingMessage, answer as unknown as ServerResponse)).toBe(true);
    expect(answer.status).toBe(200);
    await builds.idle();
  } finally {
    [console.log, console.error] = spy;
    Object.assign(process.env, saved);
    for (const [name, value] of Object.entries(saved)) if (value === undefined) delete process.env[name];
  }
  expect(logged.filter((line) => /failed/.test(String(line)))).toEqual([]);
  expect(await readFile(join(root, 'dist', 'index.html'), 'utf8')).toBe('rebuilt');
  // A page fetched from the old site just before the swap still finds its island's script after it.
  expect(await readFile(join(root, 'dist', '_astro', 'island.OLDHASH.js'), 'utf8')).toBe('old island');
  expect(await readFile(join(root, 'dist', '_astro', 'island.NEWHASH.js'), 'utf8')).toBe('new island');
  // Nothing of the build is left but the old site, on its way out.
  const left = await readdir(join(root, '.netlify', 'local-builds'));
  expect(left.filter((name) => !name.endsWith('-old'))).toEqual([]);
});
