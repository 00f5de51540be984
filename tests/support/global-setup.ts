/**
 * Vitest global setup, once per project (vitest.config.ts): the project's database, reached through the Neon driver
 * and the relay, exactly as the functions reach it locally.
 *
 * - `embedded`: PGlite in a temporary directory, served over the wire protocol by support/database/pglite-server.ts.
 * - `postgres`: a throw-away `watoto_<random>` database created on the machine's PostgreSQL through the
 *   admin connection `TEST_PG_URL` (default `postgres://postgres@127.0.0.1:5432/postgres`), dropped at the end.
 *
 * It is migrated, then handed to the test files with `provide('databases', …)`; read it with `databases` from
 * tests/support/databases.ts (see the usage note there). Beside it, Netlify's local blob server on a temporary folder
 * holds the uploaded files' bytes (`provide('blobs', …)`, the `NETLIFY_BLOBS_CONTEXT` `useDatabase` sets).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { closePool, query, type DatabaseTarget } from '../../netlify/functions/_shared/platform/db.ts';
import { startLocalBlobs } from '../../support/blobs/local-blobs.ts';
import { startLocalDatabase } from '../../support/database/local-database.ts';
import { migrate } from '../../support/database/migrate.ts';
import { startRelay, type Relay } from '../../support/database/relay.ts';
import type { TestDatabase } from './databases.ts';

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** A migrated test database and how to remove it. */
interface Started {
  readonly database: TestDatabase;
  close(): Promise<void>;
}

/** Starts the project's database, migrates it and provides it; returns the teardown. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.name !== 'embedded' && project.name !== 'postgres') {
    throw new Error(
      `No test database for the Vitest project "${project.name}" (vitest.config.ts names embedded, postgres)`,
    );
  }
  const relay = await startRelay();
  const started = project.name === 'postgres' ? await startPostgres(relay) : await startEmbedded(relay);
  await migrate(started.database);
  await closePool(started.database);
  project.provide('databases', [started.database]);
  const blobsDir = await mkdtemp(join(tmpdir(), 'watoto-blobs-'));
  const blobs = await startLocalBlobs(blobsDir);
  project.provide('blobs', blobs.env.NETLIFY_BLOBS_CONTEXT);

  return async () => {
    await blobs.close();
    await rm(blobsDir, { recursive: true, force: true });
    await closePool(started.database);
    await started.close();
    await relay.close();
  };
}

async function startEmbedded(relay: Relay): Promise<Started> {
  const dataDir = await mkdtemp(join(tmpdir(), 'watoto-pglite-'));
  const embedded = await startLocalDatabase({ dataDir, relay });
  return {
    database: { name: 'embedded', url: embedded.url, proxy: relay.proxy },
    close: async () => {
      await embedded.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function startPostgres(relay: Relay): Promise<Started> {
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
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    database: { name: 'postgres', url: url.toString(), proxy: relay.proxy },
    close: async () => {
      await query(`drop database if exists ${name} with (force)`, [], admin);
      await closePool(admin);
    },
  };
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
