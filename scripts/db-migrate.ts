/**
 * `npm run db:migrate`: applies pending migrations to the database of `DATABASE_URL` (Neon or any PostgreSQL; a
 * non-Neon server is reached through a local relay, the same path the functions take locally), else to the embedded
 * database in the data folder `npm start` serves (`DATA_DIR`, default `.data`; stop `npm start` first).
 */
import { closePools } from '../netlify/functions/_shared/platform/db.ts';
import { startCommandDatabase } from '../support/database/local-database.ts';
import { migrate } from '../support/database/migrate.ts';

const database = await startCommandDatabase({ url: process.env['DATABASE_URL'] || undefined });
try {
  const applied = await migrate({ url: database.url, proxy: database.proxy });
  console.log(
    `${applied.length > 0 ? `Applied ${applied.join(', ')}` : 'Database is up to date'} (${database.kind} database).`,
  );
} catch (error) {
  console.error('Migration failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closePools();
  await database.close();
}
