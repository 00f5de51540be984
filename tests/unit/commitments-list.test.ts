/**
 * /samu's list of monthly gifts and sponsorships, on both databases: pages of the newest first, each of the same size
 * whatever five years have made, with each commitment's latest instalments; the sponsors to contact on the first
 * page wherever they are in the list; a page asked for wrongly is a 400.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import adminCommitments from '../../netlify/functions/admin-commitments.ts';
import { query } from '../../netlify/functions/_shared/platform/db.ts';
import { CommitmentList } from '../../src/schemas/commitments.ts';
import { databases, truncate, useDatabase } from '../support/databases.ts';
import { call, staffToken, useJwtSecret } from '../support/admin.ts';

/** Makes `count` card commitments, the oldest first, each with `months` monthly instalments from January 2022. */
async function makeCommitments(count: number, months: number): Promise<string[]> {
  const made = await query<{ id: string }>(
    `insert into commitments (kind, cause, donor_name, donor_email, amount_subunits, currency, method,
       interval_months, due_day, starts_on, state)
     select 'donation', 'education', 'Donor ' || n, 'donor' || n || '@example.org', 2500, 'USD', 'card', 1, 5,
       '2022-01-01', 'active'
     from generate_series(1, $1::int) n order by n
     returning id::text as id`,
    [count],
  );
  await query(
    `insert into commitment_instalments (commitment_id, period, due_on)
     select c.id, (date '2022-01-01' + make_interval(months => m))::date,
       (date '2022-01-05' + make_interval(months => m))::date
     from commitments c, generate_series(0, $1::int - 1) m`,
    [months],
  );
  return made.map((row) => row.id).sort((a, b) => Number(a) - Number(b));
}

describe.each(databases)('the commitments list on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  beforeEach(() => truncate(database, ['commitments', 'commitment_instalments', 'admin_users', 'admin_sessions']));

  const list = async (search = '') => {
    const res = await call(adminCommitments, 'GET', `/api/admin/commitments${search}`, { token: await staffToken() });
    expect(res.status).toBe(200);
    return CommitmentList.parse(await res.json());
  };

  test('pages of 50, newest first, until the last; counts of every state; the latest 12 instalments', async () => {
    const ids = await makeCommitments(120, 30);
    const newestFirst = [...ids].reverse();
    const first = await list();
    expect(first.commitments.map((row) => row.id)).toEqual(newestFirst.slice(0, 50));
    expect(first.next).toBe(newestFirst[49]);
    expect(first.counts).toMatchObject({ active: 120 });
    const periods = first.commitments[0]!.instalments.map((instalment) => instalment.period);
    expect(periods).toHaveLength(12);
    expect(periods.at(-1)).toBe('2024-06-01');
    expect(periods[0]).toBe('2023-07-01');

    const second = await list(`?before=${first.next}`);
    expect(second.commitments.map((row) => row.id)).toEqual(newestFirst.slice(50, 100));
    expect(second.toContact).toEqual([]);
    const last = await list(`?before=${second.next}`);
    expect(last.commitments.map((row) => row.id)).toEqual(newestFirst.slice(100));
    expect(last.next).toBeNull();
    // A reload keeps the pages staff opened.
    expect((await list('?limit=100')).commitments).toHaveLength(100);
  });

  test('a sponsor to contact is on the first page, however old the commitment', async () => {
    const [oldest] = await makeCommitments(80, 2);
    await query(`update commitments set state = 'lapsed', contact_due_at = now() where id = $1`, [oldest]);
    const first = await list();
    expect(first.commitments.map((row) => row.id)).not.toContain(oldest);
    expect(first.toContact.map((row) => row.id)).toEqual([oldest]);
    expect(first.toContact[0]!.instalments).toHaveLength(2);
    await query(`update commitments set contact_done_at = now() where id = $1`, [oldest]);
    expect((await list()).toContact).toEqual([]);
  });

  test('a page asked for wrongly is a 400', async () => {
    const token = await staffToken();
    for (const search of ['?before=abc', '?before=0', '?limit=0', '?limit=501', '?limit=ten']) {
      const res = await call(adminCommitments, 'GET', `/api/admin/commitments${search}`, { token });
      expect(res.status, search).toBe(400);
    }
  });
});
