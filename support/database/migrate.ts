/**
 * Applies netlify/database/migrations/*.sql in file-name order, each once, each in its own
 * transaction, recording it in `schema_migrations`. Runs through the Neon driver (db.ts) like the functions.
 */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { query, transaction, type DatabaseTarget } from '../../netlify/functions/_shared/platform/db.ts';

/** Folder holding the migration files. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../netlify/database/migrations/', import.meta.url));

const FILE_NAME = /^\d{14}_[a-z0-9_-]+\.sql$/;

/** Migration file names, in the order they apply. */
export async function migrationFiles(dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const names = await readdir(dir);
  const bad = names.filter((name) => name.endsWith('.sql') && !FILE_NAME.test(name));
  if (bad.length > 0) throw new Error(`Migration names must look like 20250101120000_slug.sql: ${bad.join(', ')}`);
  return names.filter((name) => FILE_NAME.test(name)).sort();
}

/** Applies the pending migrations of `dir` to `target`; returns the names it applied. */
export async function migrate(target: DatabaseTarget, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await query(
    `create table if not exists schema_migrations (
       version text primary key,
       applied_at timestamptz not null default now()
     )`,
    [],
    target,
  );
  const applied: string[] = [];
  for (const name of await migrationFiles(dir)) {
    const sql = await readFile(`${dir}/${name}`, 'utf8');
    const done = await transaction(async (tx) => {
      // Serialises concurrent migrators (two servers starting at once) without advisory locks.
      await tx.query('lock table schema_migrations in exclusive mode');
      const seen = await tx.query('select 1 from schema_migrations where version = $1', [name]);
      if (seen.length > 0) return false;
      await tx.query(sql);
      await tx.query('insert into schema_migrations (version) values ($1)', [name]);
      return true;
    }, target);
    if (done) applied.push(name);
  }
  return applied;
}
