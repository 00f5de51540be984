/**
 * `npm run uploads:move`: moves the bytes of files uploaded before the blob store out of the database into it
 * (scripts/data/move-uploads.ts), once; running it again moves what is left, or nothing. The database is
 * `DATABASE_URL`, else the embedded one in the data folder (stop `npm start` first); the blob store is the one of
 * the environment (`NETLIFY_BLOBS_CONTEXT`, or `NETLIFY_SITE_ID` with `NETLIFY_AUTH_TOKEN` for the live site), else
 * the local one in the data folder.
 */
import { closePools } from '../netlify/functions/_shared/platform/db.ts';
import { localDataDir } from '../support/database/data-dir.ts';
import { useLocalBlobs } from '../support/blobs/local-blobs.ts';
import { startCommandDatabase } from '../support/database/local-database.ts';
import { migrate } from '../support/database/migrate.ts';
import { moveUploads } from './data/move-uploads.ts';

const database = await startCommandDatabase({ url: process.env['DATABASE_URL'] || undefined });
const stopBlobs = await useLocalBlobs(localDataDir());
try {
  const target = { url: database.url, proxy: database.proxy };
  await migrate(target);
  const report = await moveUploads(target, (so) => console.log(`  moved ${so.moved} files (${mib(so.bytes)})`));
  console.log(
    `uploads:move: ${report.moved} files (${mib(report.bytes)}) moved into the blob store` +
      (report.skipped > 0 ? `, ${report.skipped} changed meanwhile and left as they were` : ''),
  );
} catch (error) {
  console.error(`uploads:move stopped: ${error instanceof Error ? error.message : String(error)}`);
  console.error('What was moved stays moved; run it again to carry on.');
  process.exitCode = 1;
} finally {
  await closePools();
  await stopBlobs();
  await database.close();
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
