/**
 * The daily run of commitments under a time limit, on both databases: a run that reaches its limit stops between
 * batches with every batch whole, the next run takes the commitments left first, and nothing is settled, announced
 * or reminded twice. The limit is a predicate the test controls, so no test waits.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { runCommitments } from '../../netlify/functions/_shared/gifts/commitment-reminders.ts';
import { query } from '../../netlify/functions/_shared/platform/db.ts';
import { databases, rows, truncate, useDatabase } from '../support/databases.ts';

const at = (day: string) => new Date(`${day}T07:00:00+03:00`);

/** A limit that lets `batches` batches start, then says the run is out of time. */
const after = (batches: number) => {
  let asked = 0;
  return () => asked++ >= batches;
};

describe.each(databases)('the daily run of commitments under a time limit on $name', (database) => {
  useDatabase(database);
  let paybill: string | undefined;
  beforeAll(() => {
    paybill = process.env['MPESA_PAYBILL'];
    process.env['MPESA_PAYBILL'] = '600966';
  });
  afterAll(() => {
    if (paybill === undefined) delete process.env['MPESA_PAYBILL'];
    else process.env['MPESA_PAYBILL'] = paybill;
  });
  beforeEach(() => truncate(database, ['commitments', 'commitment_instalments', 'events', 'notification_outbox']));

  /** An active commitment paid by hand from `startsOn`, due on the 10th; its id. */
  async function commitment(startsOn: string, method: 'other' | 'mpesa' = 'other', account: string | null = null) {
    const [row] = await query<{ id: string }>(
      `insert into commitments (kind, cause, donor_name, donor_email, amount_subunits, currency, method, due_day,
         starts_on, state, account)
       values ('donation', 'education', 'Amina', 'amina@example.org', 100000, 'KES', $1, 10, $2, 'active', $3)
       returning id::text as id`,
      [method, startsOn, account],
    );
    return row!.id;
  }
  const states = () =>
    rows<{ id: string; state: string }>(database, 'select id::text as id, state from commitments order by id');
  const lapsedEvents = () =>
    rows<{ id: string }>(
      database,
      "select payload->>'commitmentId' as id from events where type = 'commitment.lapsed' order by id",
    );

  test('a run stopped by its limit leaves whole batches; the next runs take the rest first, each once', async () => {
    // Three months unpaid by 7 April: each of the five lapses.
    for (let n = 0; n < 5; n += 1) await commitment('2026-01-01');
    const day = at('2026-04-07');

    expect(await runCommitments(day, { batchSize: 2, outOfTime: after(1) })).toEqual({
      checked: 5,
      changed: 2,
      reminders: 0,
      left: 3,
    });
    expect((await states()).map(({ state }) => state)).toEqual(['lapsed', 'lapsed', 'active', 'active', 'active']);
    const [settled] = await rows<{ n: number }>(
      database,
      'select count(distinct commitment_id)::int as n from commitment_instalments',
    );
    expect(settled!.n).toBe(2);

    // The next run starts with those never settled, not again with the first two.
    expect(await runCommitments(day, { batchSize: 2, outOfTime: after(1) })).toMatchObject({ changed: 2, left: 3 });
    expect((await states()).map(({ state }) => state)).toEqual(['lapsed', 'lapsed', 'lapsed', 'lapsed', 'active']);

    expect(await runCommitments(day)).toMatchObject({ checked: 5, changed: 1, left: 0 });
    expect(await runCommitments(day)).toMatchObject({ changed: 0, left: 0 });
    expect((await states()).every(({ state }) => state === 'lapsed')).toBe(true);
    expect((await lapsedEvents()).map(({ id }) => id)).toEqual(['1', '2', '3', '4', '5']);
    const [instalments] = await rows<{ n: number }>(database, 'select count(*)::int as n from commitment_instalments');
    expect(instalments!.n).toBe(15);
  });

  test('the reminders are queued even by a run out of time, and only once', async () => {
    // Starts in April: nothing is due by 7 April, and April's instalment is due on the 10th.
    await commitment('2026-04-01', 'mpesa', 'TUMAAAAA');
    const day = at('2026-04-07');
    expect(await runCommitments(day, { outOfTime: () => true })).toEqual({
      checked: 1,
      changed: 0,
      reminders: 1,
      left: 1,
    });
    expect(await runCommitments(day)).toEqual({ checked: 1, changed: 0, reminders: 0, left: 0 });
    const queued = await rows<{ recipients: string }>(
      database,
      "select recipients from notification_outbox where source = 'commitment_reminder'",
    );
    expect(queued).toEqual([{ recipients: 'amina@example.org' }]);
  });
});
