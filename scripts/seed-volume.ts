/**
 * `npm run seed:volume -- --years N [--seed S] [--media-scale F]`: fills a freshly migrated database with what N years
 * of a busy small charity would hold (scripts/data/volume/seed.ts), deterministic from the seed (default 1) and the end
 * day (today). The database is that of `DATABASE_URL`, else the embedded one in the data folder (`DATA_DIR`, default
 * `.data`; stop `npm start` first). `--media-scale 0.1` makes every upload a tenth of its size (about 200 MB instead of
 * 2 GB at five years). It refuses a database that already holds records.
 */
import { parseArgs } from 'node:util';
import { closePools } from '../netlify/functions/_shared/platform/db.ts';
import { startCommandDatabase } from '../support/database/local-database.ts';
import { migrate } from '../support/database/migrate.ts';
import { seedVolume } from './data/volume/seed.ts';

const { values } = parseArgs({
  options: {
    years: { type: 'string', default: '5' },
    seed: { type: 'string', default: '1' },
    'media-scale': { type: 'string', default: '1' },
  },
});
const years = Number(values.years);
const seed = Number(values.seed);
const mediaScale = Number(values['media-scale']);
if (!(years > 0 && years <= 20) || !Number.isInteger(seed) || !(mediaScale >= 0 && mediaScale <= 1)) {
  console.error('Usage: npm run seed:volume -- --years <0–20> [--seed <integer>] [--media-scale <0–1>]');
  process.exit(2);
}

const database = await startCommandDatabase({ url: process.env['DATABASE_URL'] || undefined });
const started = performance.now();
try {
  const target = { url: database.url, proxy: database.proxy };
  await migrate(target);
  console.log(
    `Seeding ${years} year(s) of volume (seed ${seed}, media scale ${mediaScale}) into the ${database.kind} database:`,
  );
  const counts = await seedVolume(target, { years, seed, mediaScale, progress: (line) => console.log(`  ${line}`) });
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(0)} s:`, JSON.stringify(counts));
} catch (error) {
  console.error('seed:volume failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closePools();
  await database.close();
}
