/**
 * Staff accounts set from a terminal: `npm run admin:create`, and the accounts the environment names
 * (`ADMIN_USERNAME` / `ADMIN_PASSWORD`), created when a local server starts. Passwords are checked for length and
 * stored only hashed.
 */
import { query, type DatabaseTarget } from '../platform/db.ts';
import { hashPassword, verifyPassword } from '../platform/passwords.ts';
import { endAllSessions } from '../platform/sessions.ts';
import { NewPasswordSchema, UsernameSchema } from '../../../../src/schemas/admin.ts';

/** What {@link setAdminPassword} did. */
export type AccountChange = 'created' | 'updated' | 'unchanged';

/**
 * Creates the account `username` (matched case-insensitively) with `password`, or gives it that password,
 * which ends every session the account had (its tokens stop working at once).
 */
export async function setAdminPassword(
  username: string,
  password: string,
  target?: DatabaseTarget,
): Promise<AccountChange> {
  const name = UsernameSchema.safeParse(username);
  if (!name.success) throw new Error(`Invalid username: ${name.error.issues[0]?.message}`);
  const secret = NewPasswordSchema.safeParse(password);
  if (!secret.success) throw new Error(`Invalid password: ${secret.error.issues[0]?.message}`);

  const [existing] = await query<{ password_hash: string }>(
    'select password_hash from admin_users where lower(username) = lower($1)',
    [name.data],
    target,
  );
  if (existing && (await verifyPassword(secret.data, existing.password_hash))) return 'unchanged';
  const hash = await hashPassword(secret.data);
  const [row] = await query<{ created: boolean; id: string }>(
    `insert into admin_users (username, password_hash) values ($1, $2)
     on conflict ((lower(username))) do update
       set password_hash = excluded.password_hash, password_changed_at = now(), updated_at = now()
     returning (xmax = 0) as created, id`,
    [name.data, hash],
    target,
  );
  if (row && !row.created) {
    await endAllSessions({ query: (text, params) => query(text, params, target) }, row.id);
  }
  return row?.created ? 'created' : 'updated';
}

/**
 * When `ADMIN_USERNAME` and `ADMIN_PASSWORD` are both set, that staff account exists with that password; likewise
 * for each numbered pair, `ADMIN_USERNAME_2` / `ADMIN_PASSWORD_2` and on (the browser tests need staff members of
 * their own).
 */
export async function bootstrapAdmin(target: DatabaseTarget, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const suffixes = new Set<string>();
  for (const key of Object.keys(env)) {
    const match = /^ADMIN_(?:USERNAME|PASSWORD)(_\d+)?$/.exec(key);
    if (match) suffixes.add(match[1] ?? '');
  }
  for (const suffix of [...suffixes].sort()) {
    const username = env[`ADMIN_USERNAME${suffix}`];
    const password = env[`ADMIN_PASSWORD${suffix}`];
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
