/**
 * `npm run db:restore -- <file>`: loads a backup from the dashboard (`POST /api/admin/db/backup`) into
 * an empty database: `DATABASE_URL`, else the embedded one in the data folder `npm start` serves (`DATA_DIR`, default
 * `.data`; stop `npm start` first). The
 * database is migrated first; anything already in it makes the restore stop without changing a row.
 */
import { readFile } from 'node:fs/promises';
import { closePools } from '../netlify/functions/_shared/platform/db.ts';
import { startCommandDatabase } from '../support/database/local-database.ts';
import { migrate } from '../support/database/migrate.ts';
import { parseBackup, restoreBackup } from './lib/restore.ts';

const [file, ...rest] = process.argv.slice(2);
if (!file || rest.length > 0) {
  console.error('Usage: npm run db:restore -- <backup-file.json>');
  process.exit(2);
}

let backup;
try {
  backup = parseBackup(await readFile(file, 'utf8'));
} catch (error) {
  console.error(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const database = await startCommandDatabase({ url: process.env['DATABASE_URL'] || undefined });
try {
  const target = { url: database.url, proxy: database.proxy };
  await migrate(target);
  const counts = await restoreBackup(backup, target);
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  console.log(`Restored ${total} rows from ${file} (made ${backup.createdAt}) into the ${database.kind} database:`);
  for (const [table, n] of Object.entries(counts)) console.log(`  ${table}: ${n}`);
} catch (error) {
  console.error(`Restore failed, nothing was changed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await closePools();
  await database.close();
}
