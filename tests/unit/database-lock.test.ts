/**
 * One process at a time per embedded database (support/database/database-lock.ts): a second taker is refused with the
 * holder named; a lock left by a process that is gone, or whose id now belongs to another program, is taken over;
 * of many takers at the same moment exactly one wins, with or without a stale lock to take over; the lock is released
 * when the process ends, by a signal too. A database PGlite cannot open is reported plainly, pointing to a restore,
 * with nothing deleted.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, test } from 'vitest';
import {
  DatabaseInUseError,
  LOCK_FILE,
  lockDatabase,
  processStart,
  type DatabaseLock,
  type LockHolder,
} from '../../support/database/database-lock.ts';
import { startLocalDatabase } from '../../support/database/local-database.ts';

const project = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'watoto-lock-'));
  dirs.push(dir);
  return dir;
}

/** The id of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((done) => child.once('exit', done));
  return child.pid!;
}

function staleHolder(pid: number, processStart?: string): LockHolder {
  return { pid, processStart, command: 'npm start', since: new Date().toISOString(), nonce: `old-${pid}` };
}

const holderOf = async (dir: string) => JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8')) as LockHolder;

/** Node code run as a process of its own, importing the lock module. */
const lockModule = JSON.stringify(join(project, 'support/database/database-lock.ts'));

test('a second taker is refused, naming the holder; once released the folder can be locked again', async () => {
  const dir = await folder();
  const lock = await lockDatabase(dir);
  const refused = await lockDatabase(dir).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(DatabaseInUseError);
  expect((refused as Error).message).toMatch(
    new RegExp(
      `^The database in ${dir} is in use by process ${process.pid} \\(node [^,]+, since \\d\\d:\\d\\d\\)\\. ` +
        'Stop it first, or set DATA_DIR to use another folder\\.$',
    ),
  );
  lock.release();
  expect(await readdir(dir)).toEqual([]);
  (await lockDatabase(dir)).release();
});

test('the lock of a process that is gone, or whose id another program now has, is taken over', async () => {
  const dir = await folder();
  await writeFile(join(dir, LOCK_FILE), JSON.stringify(staleHolder(await deadPid())));
  const lock = await lockDatabase(dir);
  expect((await holderOf(dir)).pid).toBe(process.pid);
  lock.release();

  // The parent of this process is alive, but started at another moment than the lock says: its id was reused.
  await writeFile(join(dir, LOCK_FILE), JSON.stringify(staleHolder(process.ppid, 'another start')));
  const reused = await lockDatabase(dir);
  expect((await holderOf(dir)).pid).toBe(process.pid);
  reused.release();

  // Alive and started when the lock says: in use.
  await writeFile(join(dir, LOCK_FILE), JSON.stringify(staleHolder(process.ppid, processStart(process.ppid))));
  await expect(lockDatabase(dir)).rejects.toThrow(`is in use by process ${process.ppid} (npm start, since`);
});

test('of many takers at the same moment exactly one wins, with a stale lock to take over or none', async () => {
  const gone = await deadPid();
  // Rounds with the takers' starts staggered by a turn of the event loop each, so that their steps interleave in
  // every order: one finishing its takeover while another is between looking at the stale lock and replacing it.
  for (const [round, stale] of Array.from({ length: 16 }, (_, round) => [round, round % 4 !== 0] as const)) {
    const dir = await folder();
    if (stale) await writeFile(join(dir, LOCK_FILE), JSON.stringify(staleHolder(gone)));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, async (_, taker) => {
        for (let turn = 0; turn < (taker * round) % 7; turn += 1) await new Promise(setImmediate);
        return lockDatabase(dir);
      }),
    );
    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(won, stale ? 'with a stale lock' : 'without one').toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(DatabaseInUseError);
    }
    (won[0] as PromiseFulfilledResult<DatabaseLock>).value.release();
    // Nothing is left behind: no drafts, no successor names.
    expect(await readdir(dir)).toEqual([]);
  }
});

test('of processes starting at the same moment exactly one takes the lock', async () => {
  const dir = await folder();
  await writeFile(join(dir, LOCK_FILE), JSON.stringify(staleHolder(await deadPid())));
  // Each takes the lock or says why not, then waits for its stdin to close, holding what it took.
  const source = `
    import { lockDatabase } from ${lockModule};
    try { await lockDatabase(${JSON.stringify(dir)}); console.log('won'); }
    catch (error) { console.log(error.name); }
    process.stdin.resume();`;
  const children = Array.from({ length: 6 }, () =>
    spawn(process.execPath, ['--input-type=module', '-e', source], { stdio: ['pipe', 'pipe', 'inherit'] }),
  );
  const said = await Promise.all(
    children.map(
      (child) =>
        new Promise<string>((done) => child.stdout.once('data', (chunk: Buffer) => done(chunk.toString().trim()))),
    ),
  );
  expect(said.toSorted()).toEqual([
    'DatabaseInUseError',
    'DatabaseInUseError',
    'DatabaseInUseError',
    'DatabaseInUseError',
    'DatabaseInUseError',
    'won',
  ]);
  const winner = children[said.indexOf('won')]!;
  expect((await holderOf(dir)).pid).toBe(winner.pid);
  await Promise.all(
    children.map((child) => {
      child.stdin.end();
      return new Promise((done) => child.once('exit', done));
    }),
  );
  // The winner released it on its way out.
  expect(await readdir(dir)).toEqual([]);
});

test('a command stopped by a signal releases the lock; one killed outright leaves it, and it is taken over', async () => {
  const dir = await folder();
  const source = `
    import { lockDatabase } from ${lockModule};
    await lockDatabase(${JSON.stringify(dir)});
    console.log('locked');
    setInterval(() => {}, 60_000);`;
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    const child = spawn(process.execPath, ['--input-type=module', '-e', source], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise((done) => child.stdout.once('data', done));
    expect((await holderOf(dir)).pid).toBe(child.pid);
    child.kill(signal);
    const stoppedBy = await new Promise((done) => child.once('exit', (_code, by) => done(by)));
    expect(stoppedBy).toBe(signal);
    if (signal === 'SIGTERM') expect(await readdir(dir)).toEqual([]);
    else expect((await holderOf(dir)).pid).toBe(child.pid);
  }
  const lock = await lockDatabase(dir);
  expect((await holderOf(dir)).pid).toBe(process.pid);
  lock.release();
});

test('db:migrate on a folder this process has open stops at once, naming this process', async () => {
  const dir = await folder();
  const database = await startLocalDatabase({ dataDir: dir });
  try {
    const failure = await run(process.execPath, [join(project, 'scripts', 'db-migrate.ts')], {
      cwd: project,
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
    }).catch((error: unknown) => error as { code: number; stderr: string });
    expect(failure).toMatchObject({ code: 1 });
    expect((failure as { stderr: string }).stderr.trim()).toMatch(
      new RegExp(
        `^The database in ${dir} is in use by process ${process.pid} \\(node .+, since \\d\\d:\\d\\d\\)\\. Stop it first`,
      ),
    );
  } finally {
    await database.close();
  }
  expect(await readdir(dir)).not.toContain(LOCK_FILE);
});

test('a database PGlite cannot open is reported plainly, pointing to db:restore, and nothing is deleted', async () => {
  const dir = await folder();
  await (await startLocalDatabase({ dataDir: dir })).close();
  // Damaged as a second writer damages it: the control file no longer makes sense.
  await writeFile(join(dir, 'global', 'pg_control'), Buffer.alloc(8192, 0x41));
  const before = await readdir(dir, { recursive: true });
  const failure = await startLocalDatabase({ dataDir: dir }).catch((error: unknown) => error as Error);
  expect(failure).toBeInstanceOf(Error);
  expect((failure as Error).message).toMatch(
    new RegExp(`^The database in ${dir} cannot be opened \\(.+\\): its files are damaged`),
  );
  expect((failure as Error).message).toContain('Nothing has been deleted');
  expect((failure as Error).message).toContain('npm run db:restore -- <backup file>');
  expect(await readdir(dir, { recursive: true })).toEqual(before);
});
