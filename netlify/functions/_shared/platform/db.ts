/**
 * The only place a database client is made. Neon's serverless driver (`Pool`, for transactions)
 * reaches Neon directly in production and, when `DATABASE_WS_PROXY` is set, any Postgres through the
 * local WebSocket relay (support/database/relay.ts).
 */
import { Client, Pool, type PoolClient, type QueryResultRow } from '@neondatabase/serverless';

/** Something queries can run on: the pool or one client inside a transaction. */
export interface Queryable {
  /** Runs one statement with `$1…` parameters and returns its rows. */
  query<T extends QueryResultRow = QueryResultRow>(text: string, params?: readonly unknown[]): Promise<T[]>;
}

/** Raised when `DATABASE_URL` is missing: a deployment problem, never the visitor's. */
export class DatabaseNotConfiguredError extends Error {
  constructor() {
    super('DATABASE_URL is not set');
    this.name = 'DatabaseNotConfiguredError';
  }
}

/** Where a database is: its URL and, for a non-Neon server, the relay (`host:port/v1`). */
export interface DatabaseTarget {
  readonly url: string;
  readonly proxy?: string | undefined;
}

/** The target of `DATABASE_URL` / `DATABASE_WS_PROXY`, read at call time. */
export function targetFromEnv(): DatabaseTarget {
  const url = process.env['DATABASE_URL'];
  if (!url) throw new DatabaseNotConfiguredError();
  return { url, proxy: process.env['DATABASE_WS_PROXY'] || undefined };
}

const pools = new Map<string, Pool>();

/** The shared pool of a target (one per url and proxy, so tests can switch databases). */
export function getPool(target: DatabaseTarget = targetFromEnv()): Pool {
  const key = `${target.url}\u0000${target.proxy ?? ''}`;
  let pool = pools.get(key);
  if (!pool) {
    pool = new Pool({ connectionString: target.url, max: Number(process.env['DATABASE_POOL_MAX'] ?? 10) });
    if (target.proxy) pool.Client = relayClient(target.proxy);
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    pools.set(key, pool);
  }
  return pool;
}

/**
 * A Client class whose sockets go through the relay. Set per client rather than on the global
 * `neonConfig`, so pools for different databases (tests) and a Neon pool can live side by side.
 */
function relayClient(proxy: string): typeof Client {
  return class RelayClient extends Client {
    constructor(...args: ConstructorParameters<typeof Client>) {
      super(...args);
      const socket = this.neonConfig;
      socket.wsProxy = proxy;
      socket.useSecureWebSocket = false;
      socket.pipelineTLS = false;
      socket.pipelineConnect = false;
      // Coalescing waits a tick to batch writes, worth it over the internet to Neon but it doubles
      // every round trip on the loopback relay.
      socket.coalesceWrites = false;
    }
  };
}

function wrap(runner: Pool | PoolClient): Queryable {
  return {
    async query<T extends QueryResultRow>(text: string, params: readonly unknown[] = []): Promise<T[]> {
      const result = await runner.query<T>(text, params as unknown[]);
      return result.rows;
    },
  };
}

/** Runs one statement on the pool and returns its rows. */
export async function query<T extends QueryResultRow = QueryResultRow>(
  text: string,
  params: readonly unknown[] = [],
  target?: DatabaseTarget,
): Promise<T[]> {
  return wrap(getPool(target)).query<T>(text, params);
}

/**
 * Runs `fn` inside BEGIN/COMMIT on one client; any throw rolls everything back and is rethrown. `readOnly` makes
 * the database itself refuse every write inside it (what the site build runs in).
 */
export async function transaction<T>(
  fn: (tx: Queryable) => Promise<T>,
  target?: DatabaseTarget,
  { readOnly = false }: { readOnly?: boolean } = {},
): Promise<T> {
  const client = await getPool(target).connect();
  let broken: unknown;
  try {
    await client.query(readOnly ? 'BEGIN READ ONLY' : 'BEGIN');
    const result = await fn(wrap(client));
    await client.query('COMMIT');
    return result;
  } catch (error) {
    try {
      await client.query('ROLLBACK');
    } catch (rollbackError) {
      broken = rollbackError;
    }
    throw error;
  } finally {
    // A client whose rollback failed is in an unknown state: drop it instead of reusing it.
    client.release(broken instanceof Error ? broken : undefined);
  }
}

/**
 * True when `failure` is PostgreSQL refusing a row that a unique constraint or index already holds (23505); with
 * `constraint`, only when it is that one.
 */
export function isUniqueViolation(failure: unknown, constraint?: string): boolean {
  const { code, constraint: name } = (failure ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && (constraint === undefined || name === constraint);
}

/** Ends the pool of one target, if open. */
export async function closePool(target: DatabaseTarget): Promise<void> {
  const key = `${target.url}\u0000${target.proxy ?? ''}`;
  const pool = pools.get(key);
  pools.delete(key);
  await pool?.end();
}

/** Ends every pool (tests and scripts call this before exiting). */
export async function closePools(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((pool) => pool.end()));
}
