/**
 * What `npm start` (and anything else serving the functions locally) needs before the first request:
 * the database running (embedded PGlite, or `DATABASE_URL`), migrated, and the env vars the functions read.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { MIN_SECRET_BYTES } from '../../netlify/functions/_shared/auth.ts';
import { closePools, type DatabaseTarget } from '../../netlify/functions/_shared/db.ts';
import { setAdminPassword } from './accounts.ts';
import { startLocalDatabase } from './local-database.ts';
import { migrate } from './migrate.ts';

/** A prepared local runtime. */
export interface Runtime {
  /** Env vars to hand to the functions (`DATABASE_URL`, `DATABASE_WS_PROXY`, `IP_HASH_KEY`, `JWT_SECRET`, …). */
  env: Record<string, string>;
  /** Stops what was started (relay, embedded database) and closes pools. */
  close(): Promise<void>;
}

/** A random secret kept in `file` (created 0600 on first use), so it survives restarts. */
export async function persistentSecret(file: string): Promise<string> {
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('hex');
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Starts the database (embedded under `dataDir` unless `DATABASE_URL` is set), migrates it, returns the env. */
export async function prepareRuntime(opts: { dataDir: string }): Promise<Runtime> {
  const database = await startLocalDatabase({ dataDir: opts.dataDir, url: process.env['DATABASE_URL'] || undefined });
  const env: Record<string, string> = { DATABASE_URL: database.url };
  if (database.proxy) env['DATABASE_WS_PROXY'] = database.proxy;
  // Rate-limit hashes must agree across the fresh worker each local request runs in.
  env['IP_HASH_KEY'] = process.env['IP_HASH_KEY'] || (await persistentSecret(join(opts.dataDir, 'ip-hash.key')));
  try {
    env['JWT_SECRET'] = await jwtSecret(opts.dataDir);
    const applied = await migrate({ url: database.url, proxy: database.proxy });
    if (applied.length > 0) console.log(`database (${database.kind}): applied ${applied.join(', ')}`);
    await bootstrapAdmin({ url: database.url, proxy: database.proxy });
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

/** `JWT_SECRET` when set (refused under 32 bytes), else a random one kept in `<dataDir>/jwt-secret` (0600). */
export async function jwtSecret(dataDir: string): Promise<string> {
  const given = process.env['JWT_SECRET'];
  if (!given) return persistentSecret(join(dataDir, 'jwt-secret'));
  if (Buffer.byteLength(given) < MIN_SECRET_BYTES)
    throw new Error(`JWT_SECRET must be at least ${MIN_SECRET_BYTES} bytes`);
  return given;
}

/**
 * When `ADMIN_USERNAME` and `ADMIN_PASSWORD` are both set, that staff account exists with that password; likewise
 * `ADMIN_USERNAME_2` / `ADMIN_PASSWORD_2` and `_3` (the browser tests need staff members of their own).
 */
export async function bootstrapAdmin(target: DatabaseTarget): Promise<void> {
  for (const suffix of ['', '_2', '_3']) {
    const username = process.env[`ADMIN_USERNAME${suffix}`];
    const password = process.env[`ADMIN_PASSWORD${suffix}`];
    if (!username && !password) continue;
    if (!username || !password) {
      throw new Error(`Set both ADMIN_USERNAME${suffix} and ADMIN_PASSWORD${suffix}, or neither`);
    }
    const change = await setAdminPassword(username, password, target);
    if (change !== 'unchanged') {
      console.log(`staff account "${username}" ${change} from ADMIN_USERNAME${suffix} / ADMIN_PASSWORD${suffix}`);
    }
  }
}
