/**
 * What `npm start` (and anything else serving the functions locally) needs before the first request:
 * the database running (embedded PGlite, or `DATABASE_URL`), migrated, and the env vars the functions read.
 */
import { closePools } from '../../netlify/functions/_shared/db.ts';
import { startLocalDatabase } from './local-database.ts';
import { migrate } from './migrate.ts';

/** A prepared local runtime. */
export interface Runtime {
  /** Env vars to hand to the functions (`DATABASE_URL`, `DATABASE_WS_PROXY`, …). */
  env: Record<string, string>;
  /** Stops what was started (relay, embedded database) and closes pools. */
  close(): Promise<void>;
}

/** Starts the database (embedded under `dataDir` unless `DATABASE_URL` is set), migrates it, returns the env. */
export async function prepareRuntime(opts: { dataDir: string }): Promise<Runtime> {
  const database = await startLocalDatabase({ dataDir: opts.dataDir, url: process.env['DATABASE_URL'] || undefined });
  const env: Record<string, string> = { DATABASE_URL: database.url };
  if (database.proxy) env['DATABASE_WS_PROXY'] = database.proxy;
  try {
    const applied = await migrate({ url: database.url, proxy: database.proxy });
    if (applied.length > 0) console.log(`database (${database.kind}): applied ${applied.join(', ')}`);
  } catch (error) {
    await closePools();
    await database.close();
    throw error;
  }
  return {
    env,
    close: async () => {
      await closePools();
      await database.close();
    },
  };
}
