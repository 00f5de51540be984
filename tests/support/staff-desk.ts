/**
 * The set-up most dashboard tests share: before each test the tables it uses are emptied and a staff member signs in
 * afresh, and a change that publishes asks for its rebuild at once (no debounce).
 */
import { beforeEach } from 'vitest';
import { staffToken, useEnv, useJwtSecret } from './admin.ts';
import { type TestDatabase, truncate } from './databases.ts';

/** A signed-in staff member's token, renewed before each test. */
export interface StaffDesk {
  readonly token: string;
}

/** Registers the set-up for the enclosing describe block; call it after `useDatabase`. */
export function useStaffDesk(database: TestDatabase, tables: readonly string[], username = 'officer'): StaffDesk {
  useJwtSecret();
  useEnv({ BUILD_HOOK_DEBOUNCE_MS: '0' });
  const desk = { token: '' };
  beforeEach(async () => {
    await truncate(database, tables);
    desk.token = await staffToken(username);
  });
  return desk;
}
