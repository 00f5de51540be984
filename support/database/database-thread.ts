/**
 * The local database (the relay, and the embedded PGlite with its wire server) on a thread of its own, which also
 * migrates it and creates the environment's staff accounts before it reports ready. The main thread builds functions
 * (@vercel/nft parses every file they import synchronously) and answers requests; here, the database answers at once
 * whatever the main thread is doing.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { closePools } from '../../netlify/functions/_shared/platform/db.ts';
import { bootstrapAdmin } from '../../netlify/functions/_shared/staff/account-setup.ts';
import { LocalDatabaseError } from './database-lock.ts';
import { startLocalDatabase, type LocalDatabase } from './local-database.ts';
import { migrate } from './migrate.ts';

interface Options {
  dataDir: string;
  url: string | undefined;
  /** True when the calling process holds the data folder's lock (database-lock.ts); otherwise the thread takes it. */
  locked?: boolean;
}

/** What the thread posts once the database is up, or why it is not. */
type Started = { url: string; proxy: string | undefined; kind: LocalDatabase['kind'] } | { error: string };

/** Starts the database (as `startLocalDatabase` does) on a worker thread, migrated and with its staff accounts. */
export function startDatabaseThread(options: Options): Promise<LocalDatabase> {
  const worker = new Worker(new URL(import.meta.url), { workerData: options });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The database thread stopped (exit code ${code})`)));
    worker.once('message', (started: Started) => {
      if ('error' in started) {
        reject(new LocalDatabaseError(started.error));
        return;
      }
      // Past its start, a thread that fails takes the database with it: say so where the server logs.
      worker.on('error', (error) => console.error('The local database thread failed:', error));
      resolve({
        ...started,
        // The thread closes the database (PGlite flushes to disk), then ends.
        close: () =>
          new Promise<void>((done) => {
            worker.once('exit', () => done());
            worker.postMessage('close');
          }),
      });
    });
  });
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  const options = workerData as Options;
  const stop = async (database: LocalDatabase | undefined) => {
    await closePools();
    await database?.close();
    port.close();
  };
  let database: LocalDatabase | undefined;
  try {
    database = await startLocalDatabase({ dataDir: options.dataDir, url: options.url, locked: options.locked });
    const applied = await migrate({ url: database.url, proxy: database.proxy });
    if (applied.length > 0) console.log(`database (${database.kind}): applied ${applied.join(', ')}`);
    await bootstrapAdmin({ url: database.url, proxy: database.proxy });
    port.postMessage({ url: database.url, proxy: database.proxy, kind: database.kind } satisfies Started);
    port.once('message', () => void stop(database));
  } catch (error) {
    port.postMessage({ error: `The local database did not start: ${reason(error)}` } satisfies Started);
    await stop(database);
  }
}

/**
 * What went wrong. The driver reports a WebSocket that closed (the relay could not reach the server) as an
 * `ErrorEvent` with no message of its own.
 */
function reason(error: unknown): string {
  const failure = error as { message?: unknown; error?: { message?: unknown } } | null;
  for (const message of [failure?.message, failure?.error?.message]) {
    if (typeof message === 'string' && message) return message;
  }
  return 'its connection closed before the database answered';
}
