/**
 * The per-staff "new" counts of the dashboard's lists, on both databases: each member sees what arrived since they
 * last opened a list, and opening it clears it for them only.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import adminSeen from '../../netlify/functions/admin-seen.ts';
import { SEEN_COUNT_CAP } from '../../src/schemas/notifications.ts';
import { databases, rows, truncate, useDatabase } from '../support/databases.ts';
import { call, staffToken, useJwtSecret } from '../support/admin.ts';
import { NOTICE_TABLES } from '../support/staff-notices.ts';
import { submit } from '../support/submit.ts';

const CONTACT = { name: 'Amina Njeri', email: 'amina@example.org', subject: 'School visit', message: 'Private words' };

describe.each(databases)('new counts on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  beforeEach(() => truncate(database, NOTICE_TABLES));

  test('"new" counts are per staff member: opening a list clears it for that member only', async () => {
    await (await submit('contact_submit', CONTACT)).settled();
    await (await submit('contact_submit', { ...CONTACT, name: 'Second' })).settled();
    await (await submit('newsletter_subscribe', { email: 'n@example.org' })).settled();
    const [amina, brian] = [await staffToken('amina'), await staffToken('brian')];
    const state = async (token: string) =>
      (await (await call(adminSeen, 'GET', '/api/admin/seen', { token })).json()) as {
        counts: Record<string, number>;
        lastSeen: Record<string, string>;
      };
    expect((await state(amina)).counts).toEqual({ events: 3, contacts: 2, newsletter: 1, volunteers: 0, donations: 0 });

    const seen = await call(adminSeen, 'POST', '/api/admin/seen', {
      token: amina,
      json: { resource: 'contacts', lastId: '2' },
    });
    expect(seen.status).toBe(200);
    expect(((await seen.json()) as { counts: Record<string, number> }).counts['contacts']).toBe(0);
    expect((await state(brian)).counts['contacts']).toBe(2);
    // A mark never moves back, nor past the newest row.
    await call(adminSeen, 'POST', '/api/admin/seen', { token: amina, json: { resource: 'contacts', lastId: '1' } });
    await call(adminSeen, 'POST', '/api/admin/seen', { token: brian, json: { resource: 'contacts', lastId: '999' } });
    expect((await state(amina)).lastSeen['contacts']).toBe('2');
    expect((await state(brian)).lastSeen['contacts']).toBe('2');

    await (await submit('contact_submit', { ...CONTACT, name: 'Third' })).settled();
    expect((await state(amina)).counts['contacts']).toBe(1);
    expect((await state(brian)).counts['contacts']).toBe(1);

    const bad = await call(adminSeen, 'POST', '/api/admin/seen', {
      token: amina,
      json: { resource: 'programs', lastId: '1' },
    });
    expect(bad.status).toBe(400);
    expect((await call(adminSeen, 'GET', '/api/admin/seen')).status).toBe(401);
  });

  test('a list never opened counts its new rows up to the cap, and the tab says so', async () => {
    await rows(
      database,
      `insert into contacts (name, email, subject, message)
       select 'Writer ' || n, 'w' || n || '@example.org', 'Hello', 'Words' from generate_series(1, $1::int) n`,
      [SEEN_COUNT_CAP + 5],
    );
    const token = await staffToken('amina');
    const res = await call(adminSeen, 'GET', '/api/admin/seen', { token });
    expect(((await res.json()) as { counts: Record<string, number> }).counts['contacts']).toBe(SEEN_COUNT_CAP);
  });
});
