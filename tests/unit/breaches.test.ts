/** The breach record on both databases: recorded with its 72-hour deadline, ticked off, audited. */
import { beforeEach, describe, expect, test } from 'vitest';
import breaches from '../../netlify/functions/admin-breaches.ts';
import { databases, truncate, useDatabase } from '../support/databases.ts';
import { ADMIN_TABLES, auditEvents, call, staffToken, useJwtSecret } from '../support/admin.ts';

describe.each(databases)('breach record on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  let token: string;
  beforeEach(async () => {
    await truncate(database, [...ADMIN_TABLES, 'rate_limits']);
    token = await staffToken('staff');
  });

  const breach = {
    found_at: '2026-11-25T09:30:00+03:00',
    what: 'A volunteer laptop with the applications export was stolen',
    affected: 'About 40 volunteer applicants of 2026',
  };

  test('a recorded breach shows the Data Commissioner deadline, 72 hours after it was found', async () => {
    const created = await call(breaches, 'POST', '/api/admin/breaches', { token, json: breach });
    expect(created.status).toBe(201);
    const { breach: row } = (await created.json()) as { breach: Record<string, unknown> };
    expect(row).toMatchObject({
      found_at: '2026-11-25T06:30:00.000Z',
      report_by: '2026-11-28T06:30:00.000Z',
      checklist: {},
    });
    const updated = await call(breaches, 'PUT', `/api/admin/breaches/${String(row['id'])}`, {
      token,
      json: { ...breach, checklist: { contained: true, commissioner: true } },
    });
    expect(updated.status).toBe(200);
    const list = (await (await call(breaches, 'GET', '/api/admin/breaches', { token })).json()) as {
      breaches: Record<string, unknown>[];
    };
    expect(list.breaches[0]?.['checklist']).toEqual({ contained: true, commissioner: true });
    expect((await auditEvents()).map((event) => [event.type, event.payload['actor']])).toEqual([
      ['admin.breaches.create', 'staff'],
      ['admin.breaches.update', 'staff'],
    ]);
  });

  test('a breach without when, what or who, or with an unknown checklist step, is refused', async () => {
    for (const body of [
      { ...breach, found_at: 'yesterday' },
      { ...breach, what: ' ' },
      { ...breach, affected: '' },
      { ...breach, checklist: { invented: true } },
    ]) {
      expect((await call(breaches, 'POST', '/api/admin/breaches', { token, json: body })).status).toBe(400);
    }
    expect((await call(breaches, 'POST', '/api/admin/breaches', { json: breach })).status).toBe(401);
  });
});
