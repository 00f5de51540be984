/**
 * One process at a time per embedded database. PGlite takes no lock of its own: two processes on one data folder
 * both write its files and corrupt them. Every command that opens the embedded database takes this lock first
 * (./local-database.ts, and the server's runtime for its database thread), and a second one stops at once,
 * naming the process that holds it.
 *
 * The lock is a file in the data folder holding who took it: the process id, when that process started (so a lock
 * whose id now belongs to another program is known as stale), the command and the time. It is written whole under a
 * name of its own, then hard-linked to the lock's name, which fails if the name exists: two processes starting at the
 * same moment cannot both take it, and nobody ever reads a half-written lock. A lock whose process is gone is taken
 * over through a successor name derived from that stale lock, so of several processes finding it, one wins.
 *
 * The lock is released when the database closes, when the process exits, and on SIGINT, SIGTERM and SIGHUP when
 * nothing else in the process handles them (a program with handlers of its own closes its database itself).
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** The lock's file name in the data folder. */
export const LOCK_FILE = 'database.lock';

/** What the lock file says about its holder. */
export interface LockHolder {
  pid: number;
  /** When the process started, as the system tells it (undefined where it cannot). */
  processStart: string | undefined;
  /** How it was started: `npm start`, `npm run admin:create`, `node scripts/serve.ts`, … */
  command: string;
  /** When it took the lock (ISO 8601). */
  since: string;
  /** Unique to this taking of the lock. */
  nonce: string;
}

/** A held lock. */
export interface DatabaseLock {
  /** The data folder. */
  readonly dir: string;
  /** Gives the lock up (once; later calls do nothing). */
  release(): void;
}

/** A command that must not start: the folder's database is another process's, or cannot be opened. */
export class LocalDatabaseError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'LocalDatabaseError';
  }
}

/** The data folder's database is in use by another process. */
export class DatabaseInUseError extends LocalDatabaseError {
  readonly holder: LockHolder;
  constructor(dir: string, holder: LockHolder) {
    super(
      `The database in ${folderName(dir)} is in use by process ${holder.pid} (${holder.command}, since ${clock(holder.since)}). ` +
        'Stop it first, or set DATA_DIR to use another folder.',
    );
    this.name = 'DatabaseInUseError';
    this.holder = holder;
  }
}

/** The folder as a person typed it: relative to the project when inside it (`.data`), else in full. */
export function folderName(dir: string): string {
  const inside = relative(root, dir);
  return inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : dir;
}

/** `10:02` for a time today, `26 Nov, 10:02` for an earlier day. */
function clock(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return 'an unknown time';
  const time = { hour: '2-digit', minute: '2-digit', hour12: false } as const;
  const today = new Date().toDateString() === at.toDateString();
  return at.toLocaleString('en-GB', today ? time : { ...time, day: 'numeric', month: 'short' });
}

/**
 * How this process was started, as its user typed it: the npm script that runs this very file (`npm start`, `npm run
 * admin:create`), else `node <file>` (a process started by another script inherits that script's npm variables).
 */
function currentCommand(): string {
  const entry = process.argv[1];
  if (!entry) return 'node';
  const path = relative(root, entry);
  const file = path.startsWith('..') || isAbsolute(path) ? basename(entry) : path;
  const script = process.env['npm_lifecycle_event'];
  if (script && process.env['npm_lifecycle_script']?.includes(file)) {
    return script === 'start' || script === 'test' ? `npm ${script}` : `npm run ${script}`;
  }
  return `node ${file}`;
}

/**
 * When process `pid` started, in a form that differs between two processes that had the same id: on Linux its start
 * in clock ticks since boot, with the boot's id; elsewhere what `ps` says. Undefined when the system does not say.
 */
export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses); the start time is the 22nd field.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return `${boot}:${fields[19]}`;
  } catch {
    // No /proc (macOS, BSD), or the process is gone.
  }
  try {
    const started = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return started || undefined;
  } catch {
    return undefined;
  }
}

/** True while the process that took the lock runs: its id is alive and (where the system says) started then. */
function stillRunning(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: alive, but another user's.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (holder.processStart === undefined) return true;
  const started = processStart(holder.pid);
  return started === undefined || started === holder.processStart;
}

/** A lock file's text and what it says; undefined when it no longer exists. Unreadable content holds nothing. */
async function readHolder(path: string): Promise<{ text: string; holder: LockHolder | undefined } | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const holder = JSON.parse(text) as Partial<LockHolder>;
    if (typeof holder.pid === 'number' && Number.isInteger(holder.pid) && holder.pid > 0) {
      return {
        text,
        holder: { command: 'unknown', since: '', nonce: '', processStart: undefined, ...holder } as LockHolder,
      };
    }
  } catch {
    // Not a lock this code wrote: nobody holds it.
  }
  return { text, holder: undefined };
}

/** Locks held by this thread, released when it exits. */
const held = new Set<{ path: string; nonce: string }>();

function releaseHeld(): void {
  for (const lock of held) releaseFile(lock);
}

/** Removes the lock file if it is still `lock`'s (a stale lock taken over by another process is theirs). */
function releaseFile(lock: { path: string; nonce: string }): void {
  held.delete(lock);
  try {
    const holder = JSON.parse(readFileSync(lock.path, 'utf8')) as Partial<LockHolder>;
    if (holder.nonce === lock.nonce) unlinkSync(lock.path);
  } catch {
    // Gone already, or not ours.
  }
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
let watching = false;

/** Releases the locks when the process exits, and on a signal nothing else in the process handles. */
function watchExit(): void {
  if (watching) return;
  watching = true;
  process.on('exit', releaseHeld);
  // Signals reach the main thread only.
  if (!isMainThread) return;
  const onSignal = (signal: NodeJS.Signals) => {
    // First among the listeners: any other one is a program that stops itself and closes its database.
    if (process.listenerCount(signal) > 1) return;
    releaseHeld();
    for (const each of SIGNALS) process.removeListener(each, onSignal);
    watching = false;
    process.off('exit', releaseHeld);
    // The signal's own effect (the process ends), now that nothing handles it.
    process.kill(process.pid, signal);
  };
  for (const signal of SIGNALS) process.prependListener(signal, onSignal);
}

/** How many times a start looks again at a lock that changes under it before giving up. */
const ATTEMPTS = 50;

/**
 * Takes the lock of the database in `dir` (created if needed), or throws {@link DatabaseInUseError} naming the
 * process that holds it. A lock whose process is gone, or whose id now belongs to another program, is taken over.
 */
export async function lockDatabase(dir: string): Promise<DatabaseLock> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, LOCK_FILE);
  const mine: LockHolder = {
    pid: process.pid,
    processStart: processStart(process.pid),
    command: currentCommand(),
    since: new Date().toISOString(),
    nonce: randomUUID(),
  };
  const draft = `${path}.${mine.nonce}`;
  await writeFile(draft, `${JSON.stringify(mine)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    for (let attempt = 0; ; attempt += 1) {
      if (await linkNew(draft, path)) break;
      const found = await readHolder(path);
      if (found?.holder?.nonce === mine.nonce) break;
      if (found?.holder && stillRunning(found.holder)) throw new DatabaseInUseError(dir, found.holder);
      if (attempt >= ATTEMPTS) {
        throw new LocalDatabaseError(`The database in ${folderName(dir)} is being locked by another start; try again.`);
      }
      if (!found) continue;
      if (await takeOver(path, found.text, draft, mine.nonce)) break;
      // Another start is taking the stale lock over at this very moment: see who won.
      await sleep(5);
    }
  } finally {
    await rm(draft, { force: true });
  }
  const lock = { path, nonce: mine.nonce };
  held.add(lock);
  watchExit();
  return { dir, release: () => releaseFile(lock) };
}

/** Links `draft` as `path`; false when `path` exists. */
async function linkNew(draft: string, path: string): Promise<boolean> {
  try {
    await link(draft, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Replaces the stale lock whose text is `stale` with `draft`. Only the start that links the successor name (one per
 * stale lock) may replace it, and only while the lock is still that stale one; the rename replaces it in one step.
 * True when the lock is now this process's.
 */
async function takeOver(path: string, stale: string, draft: string, nonce: string): Promise<boolean> {
  const successor = `${path}.next-${createHash('sha256').update(stale).digest('hex').slice(0, 16)}`;
  if (!(await linkNew(draft, successor))) {
    const other = await readHolder(successor);
    // One that died while taking over leaves its successor behind: clear it for the next attempt.
    if (other && !(other.holder && stillRunning(other.holder))) await rm(successor, { force: true });
    return false;
  }
  if ((await readHolder(path))?.text !== stale) {
    await rm(successor, { force: true });
    return false;
  }
  try {
    await rename(successor, path);
  } catch (error) {
    // Cleared by a start that took this one for dead: start over.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  return (await readHolder(path))?.holder?.nonce === nonce;
}

/**
 * Takes the lock of the embedded database in `dataDir` when it is the one in use, or returns undefined when
 * `DATABASE_URL` names the database instead (the server's runtime: scripts/lib/runtime.ts).
 */
export async function lockLocalDatabase(dataDir: string): Promise<DatabaseLock | undefined> {
  return process.env['DATABASE_URL'] ? undefined : lockDatabase(dataDir);
}

/** Ends the process with a {@link LocalDatabaseError}'s message alone (exit code 1); rethrows any other error. */
export function exitOnLocalDatabaseError(error: unknown): never {
  if (!(error instanceof LocalDatabaseError)) throw error;
  console.error(error.message);
  process.exit(1);
}
