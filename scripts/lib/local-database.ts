/**
 * The database a local run talks to. Without `DATABASE_URL`: PGlite stored under a data directory,
 * served over the Postgres wire protocol on a free 127.0.0.1 port (pglite-server.ts). With `DATABASE_URL`: that server.
 * Either way a relay is started so functions reach it through the Neon driver, as they do in production.
 */
import { localDataDir, secureDataDir } from './data-dir.ts';
import { servePGlite } from './pglite-server.ts';
import { openPGlite } from './pglite-template.ts';
import { startRelay, type Relay } from './relay.ts';

/** A database reachable through the Neon driver. */
export interface LocalDatabase {
  /** Connection string for the functions (`DATABASE_URL`). */
  readonly url: string;
  /** Relay address for `DATABASE_WS_PROXY`, or undefined for a Neon host (reached directly). */
  readonly proxy: string | undefined;
  /** `embedded` (PGlite) or `postgres` (the server of `DATABASE_URL`). */
  readonly kind: 'embedded' | 'postgres';
  /** Stops the relay and, if embedded, the socket server and PGlite (flushing it to disk). */
  close(): Promise<void>;
}

/** Options of {@link startLocalDatabase}. */
export interface LocalDatabaseOptions {
  /** Directory of the embedded database (default: the data folder, data-dir.ts; ignored when a URL is given). */
  dataDir?: string;
  /** A Postgres URL; when absent the embedded database is used. */
  url?: string | undefined;
  /** Reuse an already running relay instead of starting one. */
  relay?: Relay;
}

/** True for hosts the Neon driver reaches over its own WebSocket endpoint (no relay needed). */
export function isNeonHost(url: string): boolean {
  return /\.neon\.tech$|\.neon\.build$/i.test(new URL(url).hostname);
}

/** Starts (or connects to) the database and returns how functions reach it. */
export async function startLocalDatabase(options: LocalDatabaseOptions): Promise<LocalDatabase> {
  if (options.url) {
    if (isNeonHost(options.url)) {
      return { url: options.url, proxy: undefined, kind: 'postgres', close: async () => {} };
    }
    const relay = options.relay ?? (await startRelay());
    return {
      url: options.url,
      proxy: relay.proxy,
      kind: 'postgres',
      close: async () => {
        if (!options.relay) await relay.close();
      },
    };
  }
  const dataDir = options.dataDir ?? localDataDir();
  await secureDataDir(dataDir);
  const db = await openPGlite(dataDir);
  // A new database is a copy of the initdb template, which keeps the template's modes.
  await secureDataDir(dataDir);
  const server = await servePGlite(db);
  const relay = options.relay ?? (await startRelay());
  return {
    url: `postgres://postgres:${server.password}@${server.address}/postgres`,
    proxy: relay.proxy,
    kind: 'embedded',
    close: async () => {
      if (!options.relay) await relay.close();
      await server.close();
      await db.close();
    },
  };
}
