/**
 * `npm run db:restore -- <file> [<file>…]`: loads a backup downloaded from the dashboard (made in the background by
 * `POST /api/admin/db/backup`, saved from its signed link; a large backup downloads as pieces, given here in order,
 * part 1 first) into
 * an empty database: `DATABASE_URL`, else the embedded one in the data folder `npm start` serves (`DATA_DIR`, default
 * `.data`; stop `npm start` first). The
 * database is migrated first; anything already in it makes the restore stop without changing a row. The backup's
 * files go into the blob store of the environment (`NETLIFY_BLOBS_CONTEXT`, or `NETLIFY_SITE_ID` with
 * `NETLIFY_AUTH_TOKEN`), else into the local one in the data folder.
 */
import { closePools } from '../netlify/functions/_shared/platform/db.ts';
import { localDataDir } from '../support/database/data-dir.ts';
import { useLocalBlobs } from '../support/blobs/local-blobs.ts';
import { startCommandDatabase } from '../support/database/local-database.ts';
import { migrate } from '../support/database/migrate.ts';
import { openBackup } from './data/backup-reader.ts';
import { restoreBackup } from './data/restore.ts';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('Usage: npm run db:restore -- <backup-file.json>, or its parts in order: <part 1> <part 2> …');
  process.exit(2);
}
const file = files.length === 1 ? files[0] : `${files[0]} and ${files.length - 1} more part(s)`;

let backup;
try {
  // Read line by line and checked whole (every file's SHA-256 too) before the database is touched.
  backup = await openBackup(files);
} catch (error) {
  console.error(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const database = await startCommandDatabase({ url: process.env['DATABASE_URL'] || undefined });
const stopBlobs = await useLocalBlobs(localDataDir());
try {
  const target = { url: database.url, proxy: database.proxy };
  await migrate(target);
  const counts = await restoreBackup(backup, target);
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  console.log(
    `Restored ${total} rows from ${file} (made ${backup.header.createdAt}) into the ${database.kind} database:`,
  );
  for (const [table, n] of Object.entries(counts)) console.log(`  ${table}: ${n}`);
  const { missing } = backup;
  console.log(`and ${backup.fileCount} files into the blob store.`);
  if (missing.length > 0) {
    console.warn(`${missing.length} files were already missing from the blob store when the backup was made:`);
    for (const key of missing) console.warn(`  ${key}`);
  }
} catch (error) {
  console.error(`Restore failed, nothing was changed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await closePools();
  await stopBlobs();
  await database.close();
}
