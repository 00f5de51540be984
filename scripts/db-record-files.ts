/**
 * `npm run db:record-files`: after a build, records the slugs its committed files use in `DATABASE_URL`'s
 * `content_files` (scripts/deploy/content-files.ts). netlify.toml runs it in the production context only; in a
 * Deploy Preview or branch deploy it writes nothing.
 */
import { join } from 'node:path';
import { closePools } from '../netlify/functions/_shared/platform/db.ts';
import { describeConnectionFailure } from '../netlify/functions/_shared/platform/connection-failure.ts';
import { ownsDatabase, recordContentFiles } from './deploy/content-files.ts';
import { startLocalDatabase } from '../support/database/local-database.ts';

const context = process.env['CONTEXT'] || 'local';
const url = process.env['DATABASE_URL'];
if (!ownsDatabase()) {
  console.log(`db:record-files: nothing written (the ${context} context never writes a database)`);
} else if (!url) {
  console.error('db:record-files: DATABASE_URL is not set');
  process.exitCode = 1;
} else {
  const database = await startLocalDatabase({ url });
  const target = { url: database.url, proxy: database.proxy };
  try {
    const kinds = await recordContentFiles(join(process.cwd(), 'node_modules', '.astro'), target);
    console.log(`db:record-files: recorded the committed files of ${kinds.join(', ') || 'no collection'}`);
  } catch (failure) {
    console.error(`db:record-files: ${await describeConnectionFailure(failure, target)}`);
    process.exitCode = 1;
  } finally {
    await closePools();
    await database.close();
  }
}
