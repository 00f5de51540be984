/**
 * The dashboard's tab counts on both databases: the events count comes from the rows its triggers add to
 * `row_counts` in the same transaction, and stays exact through inserts of one and many rows, deletes, a rolled-back
 * insert, folding those rows into one, and a truncate.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import { tabCounts } from '../../netlify/functions/_shared/staff/tab-counts.ts';
import { query, transaction } from '../../netlify/functions/_shared/platform/db.ts';
import { databases, rows, truncate, useDatabase } from '../support/databases.ts';

describe.each(databases)('tab counts on $name', (database) => {
  useDatabase(database);
  beforeEach(() => truncate(database, ['events']));

  const scanned = async () => (await rows<{ n: number }>(database, 'select count(*)::int as n from events'))[0]!.n;
  const countRows = async () =>
    (await rows<{ n: number }>(database, "select count(*)::int as n from row_counts where table_name = 'events'"))[0]!
      .n;

  test('the events count follows inserts, deletes and rollbacks exactly', async () => {
    expect((await tabCounts()).events).toBe(0);
    await query("insert into events (type) values ('one')");
    await query("insert into events (type) select 'many' from generate_series(1, 25)");
    await query("delete from events where type = 'many' and id % 5 = 0");
    await query("delete from events where type = 'nothing'");
    await transaction(async (tx) => {
      await tx.query("insert into events (type) values ('kept')");
    });
    await expect(
      transaction(async (tx) => {
        await tx.query("insert into events (type) select 'undone' from generate_series(1, 7)");
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await scanned()).toBe(22);
    expect((await tabCounts()).events).toBe(22);
    // A statement that changes no row adds nothing to count.
    expect(await countRows()).toBe(4);
  });

  test('a read past the limit folds the rows into one; a truncate starts the count again', async () => {
    for (let n = 0; n < 6; n += 1) await query("insert into events (type) values ('x'), ('y')");
    expect(await countRows()).toBe(6);
    expect((await tabCounts(5)).events).toBe(12);
    expect(await countRows()).toBe(1);
    expect((await tabCounts(5)).events).toBe(12);
    await query('delete from events where id = (select min(id) from events)');
    expect((await tabCounts()).events).toBe(11);
    await query('truncate events');
    expect(await countRows()).toBe(0);
    expect((await tabCounts()).events).toBe(0);
    await query("insert into events (type) values ('after')");
    expect((await tabCounts()).events).toBe(1);
    expect(await scanned()).toBe(1);
  });
});
