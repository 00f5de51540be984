/**
 * Vitest global setup: the two databases every database test runs against, both reached through the
 * Neon driver and the relay, exactly as the functions reach them locally.
 *
 * - `embedded`: PGlite in a temporary directory, served over the wire protocol by scripts/lib/pglite-server.ts.
 * - `postgres`: a throw-away `watoto_<random>` database created on the machine's PostgreSQL through the
 *   admin connection `TEST_PG_URL` (default `postgres://postgres@127.0.0.1:5432/postgres`), dropped at the end.
 *
 * Both are migrated, then handed to the test files with `provide('databases', …)`; read them with
 * `databases` from tests/support/databases.ts (see the usage note there).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { closePool, closePools, query, type DatabaseTarget } from '../../netlify/functions/_shared/db.ts';
import { startLocalDatabase } from '../../scripts/lib/local-database.ts';
import { migrate } from '../../scripts/lib/migrate.ts';
import { startRelay } from '../../scripts/lib/relay.ts';
import type { TestDatabase } from './databases.ts';

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Starts both databases, migrates them and provides them; returns the teardown. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const relay = await startRelay();
  const dataDir = await mkdtemp(join(tmpdir(), 'watoto-pglite-'));
  const embedded = await startLocalDatabase({ dataDir, relay });

  const adminUrl = process.env['TEST_PG_URL'] || DEFAULT_ADMIN_URL;
  const admin: DatabaseTarget = { url: adminUrl, proxy: relay.proxy };
  const name = `watoto_${randomBytes(6).toString('hex')}`;
  try {
    await query(`create database ${name}`, [], admin);
  } catch (error) {
    throw new Error(`Cannot create a test database through TEST_PG_URL (${redact(adminUrl)}): ${String(error)}`, {
      cause: error,
    });
  }
  const pgUrl = new URL(adminUrl);
  pgUrl.pathname = `/${name}`;

  const databases: TestDatabase[] = [
    { name: 'embedded', url: embedded.url, proxy: relay.proxy },
    { name: 'postgres', url: pgUrl.toString(), proxy: relay.proxy },
  ];
  for (const database of databases) await migrate(database);
  await closePools();
  project.provide('databases', databases);

  return async () => {
    await closePools();
    await query(`drop database if exists ${name} with (force)`, [], admin);
    await closePool(admin);
    await embedded.close();
    await relay.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
