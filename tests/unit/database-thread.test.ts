/**
 * The local server's database thread (support/database/database-thread.ts): the embedded database it serves is a copy of
 * the initdb template, migrated, and has the staff account of the environment; what was written survives closing it;
 * and a database it cannot reach fails the start with the reason instead of hanging it.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { closePool, query } from '../../netlify/functions/_shared/platform/db.ts';
import { startDatabaseThread } from '../../support/database/database-thread.ts';
import { pgliteTemplate } from '../../support/database/pglite-template.ts';

const dataDirs: string[] = [];
afterAll(async () => {
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Starts a thread with `env` in the environment it copies at its start. */
async function startWith(env: Record<string, string>, options: Parameters<typeof startDatabaseThread>[0]) {
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  try {
    return await startDatabaseThread(options);
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

test('serves a migrated embedded database with the staff account, and keeps what was written once closed', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'watoto-thread-'));
  dataDirs.push(dataDir);
  const account = { ADMIN_USERNAME: 'thread-staff', ADMIN_PASSWORD: 'a thread of its own, 2026' };

  const first = await startWith(account, { dataDir, url: undefined });
  expect(first.kind).toBe('embedded');
  const target = { url: first.url, proxy: first.proxy };
  const staff = await query<{ username: string }>('select username from admin_users', [], target);
  expect(staff.map((row) => row.username)).toEqual(['thread-staff']);
  // A copy of the initdb template (pglite-template.ts): the cluster's identifier, which initdb draws at random, is the
  // template's own (the first 8 bytes of its global/pg_control).
  const [control] = await query<{ id: string }>(
    'select system_identifier::text as id from pg_control_system()',
    [],
    target,
  );
  const templateControl = await readFile(join(await pgliteTemplate(), 'global', 'pg_control'));
  expect(control?.id).toBe(templateControl.readBigUInt64LE(0).toString());
  await query('create table kept (note text)', [], target);
  await query("insert into kept values ('written before close')", [], target);
  await closePool(target);
  await first.close();

  const second = await startWith({}, { dataDir, url: undefined });
  const again = { url: second.url, proxy: second.proxy };
  expect(await query('select note from kept', [], again)).toEqual([{ note: 'written before close' }]);
  await closePool(again);
  await second.close();
});

test('a database it cannot reach fails the start with the reason', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'watoto-thread-'));
  dataDirs.push(dataDir);
  await expect(startDatabaseThread({ dataDir, url: 'postgres://postgres@127.0.0.1:1/none' })).rejects.toThrow(
    'The local database did not start: its connection closed before the database answered',
  );
});
