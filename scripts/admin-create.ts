/**
 * `npm run admin:create -- <username>`: creates a staff account, or sets a new password on it.
 * The password is typed at a hidden prompt or piped on stdin, never given as an argument:
 *
 *   npm run admin:create -- amina
 *   printf '%s\n' "$PASSWORD" | npm run admin:create -- amina
 *
 * Uses `DATABASE_URL`, else the embedded database in the data folder `npm start` serves (`DATA_DIR`, default
 * `.data`; stop `npm start` first: one process at a time).
 */
import { closePools } from '../netlify/functions/_shared/platform/db.ts';
import { setAdminPassword } from '../netlify/functions/_shared/staff/account-setup.ts';
import { startCommandDatabase } from '../support/database/local-database.ts';
import { migrate } from '../support/database/migrate.ts';
import { readNewPassword } from './data/password-prompt.ts';

const args = process.argv.slice(2);
if (args.length !== 1 || !args[0]) {
  console.error('Usage: npm run admin:create -- <username>   (the password is asked for, or read from stdin)');
  process.exit(2);
}
const username = args[0];

const password = await readNewPassword().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

const database = await startCommandDatabase({ url: process.env['DATABASE_URL'] || undefined });
try {
  const target = { url: database.url, proxy: database.proxy };
  await migrate(target);
  const change = await setAdminPassword(username, password, target);
  const said = { created: 'Created', updated: 'Set a new password for', unchanged: 'Nothing to change for' }[change];
  console.log(`${said} staff account "${username}" (${database.kind} database).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closePools();
  await database.close();
}
