/**
 * The test databases, for handler tests that must pass on both the embedded default and PostgreSQL. Each Vitest
 * project (vitest.config.ts) has one of them, so a file's `describe.each(databases)` runs once per project, and the
 * two projects run side by side.
 *
 * Usage (tests/unit/*.test.ts):
 *
 *   import { databases, useDatabase, truncate } from '../support/databases.ts';
 *
 *   describe.each(databases)('my handler on $name', (database) => {
 *     useDatabase(database);                       // points DATABASE_URL / DATABASE_WS_PROXY at it
 *     beforeEach(() => truncate(database, ['events', 'contacts']));
 *     test('does X when Y', async () => {
 *       const res = await handler(new Request('http://localhost/api/...', { method: 'POST', ... }), context());
 *       expect(await rows(database, 'select count(*)::int as n from events')).toEqual([{ n: 1 }]);
 *     });
 *   });
 *
 * Within a project test files run one after another (vitest.config.ts sets fileParallelism: false), so a file may
 * truncate the tables it uses without disturbing another file.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Context } from '@netlify/functions';
import { closePool, query, type DatabaseTarget } from '../../netlify/functions/_shared/platform/db.ts';
import { startLocalDatabase } from '../../support/database/local-database.ts';
import { migrate } from '../../support/database/migrate.ts';

/** One migrated database reachable through the relay. */
export interface TestDatabase extends DatabaseTarget {
  /** `embedded` (PGlite) or `postgres` (the machine's PostgreSQL). */
  readonly name: 'embedded' | 'postgres';
  readonly url: string;
  readonly proxy: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databases: TestDatabase[];
    /** `NETLIFY_BLOBS_CONTEXT` of the project's local blob store (tests/support/global-setup.ts). */
    blobs: string;
  }
}

/** The project's test database (`embedded` or `postgres`), for `describe.each(databases)`. */
export const databases: TestDatabase[] = inject('databases');

/**
 * Points the functions' env at `database` and at the project's blob store for the enclosing describe block, restoring
 * it afterwards.
 */
export function useDatabase(database: TestDatabase): void {
  let saved: { url: string | undefined; proxy: string | undefined; blobs: string | undefined } | undefined;
  beforeAll(() => {
    saved = {
      url: process.env['DATABASE_URL'],
      proxy: process.env['DATABASE_WS_PROXY'],
      blobs: process.env['NETLIFY_BLOBS_CONTEXT'],
    };
    process.env['DATABASE_URL'] = database.url;
    process.env['DATABASE_WS_PROXY'] = database.proxy;
    process.env['NETLIFY_BLOBS_CONTEXT'] = inject('blobs');
  });
  afterAll(async () => {
    restore('DATABASE_URL', saved?.url);
    restore('DATABASE_WS_PROXY', saved?.proxy);
    restore('NETLIFY_BLOBS_CONTEXT', saved?.blobs);
    await closePool(database);
  });
}

/** Empties tables, and the tables that point to them, and restarts their ids. */
export async function truncate(database: TestDatabase, tables: readonly string[]): Promise<void> {
  await query(`truncate ${tables.join(', ')} restart identity cascade`, [], database);
}

/** Runs a query on `database` directly (for assertions). */
export async function rows<T extends Record<string, unknown>>(
  database: TestDatabase,
  text: string,
  params: readonly unknown[] = [],
): Promise<T[]> {
  return query<T>(text, params, database);
}

/** A minimal Netlify `Context` for calling a handler directly; `ip` is the client address. */
export function context(ip = '203.0.113.7', extra: Partial<Context> = {}): Context {
  return { ip, params: {}, ...extra } as unknown as Context;
}

/** An empty, migrated database of the same kind as `source`, and how to drop it. */
export async function emptyDatabase(source: TestDatabase): Promise<{ target: DatabaseTarget; drop(): Promise<void> }> {
  if (source.name === 'embedded') {
    const dataDir = await mkdtemp(join(tmpdir(), 'watoto-restore-'));
    const local = await startLocalDatabase({ dataDir });
    const target = { url: local.url, proxy: local.proxy };
    await migrate(target);
    return {
      target,
      drop: async () => {
        await closePool(target);
        await local.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const admin = { url: Object.assign(new URL(source.url), { pathname: '/postgres' }).toString(), proxy: source.proxy };
  const name = `watoto_restore_${randomBytes(5).toString('hex')}`;
  await query(`create database ${name}`, [], admin);
  const target = { url: Object.assign(new URL(source.url), { pathname: `/${name}` }).toString(), proxy: source.proxy };
  await migrate(target);
  return {
    target,
    drop: async () => {
      await closePool(target);
      await query(`drop database if exists ${name} with (force)`, [], admin);
      await closePool(admin);
    },
  };
}

function restore(key: string, value: string | undefined): void {
  if (value === undefined) delete process.env[key];
  else process.env[key] = value;
}
