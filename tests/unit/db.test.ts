import { describe, expect, test } from 'vitest';
import { query, transaction } from '../../netlify/functions/_shared/platform/db.ts';
import { databases, rows, truncate, useDatabase } from '../support/databases.ts';

describe.each(databases)('db on $name', (database) => {
  useDatabase(database);

  test('applies every migration once and records it', async () => {
    const applied = await rows<{ version: string }>(database, 'select version from schema_migrations order by version');
    expect(applied.map((row) => row.version)).toContain('20251122160000_core_schema.sql');
  });

  test('rolls back everything when the transaction throws', async () => {
    await truncate(database, ['events']);
    await expect(
      transaction(async (tx) => {
        await tx.query(`insert into events (type, payload) values ('t', '{}')`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await query('select count(*)::int as n from events')).toEqual([{ n: 0 }]);
  });

  test('keeps one subscriber per email whatever its case', async () => {
    await truncate(database, ['newsletter_subscribers']);
    await query(`insert into newsletter_subscribers (email) values ('Ann@Example.org')`);
    await expect(query(`insert into newsletter_subscribers (email) values ('ann@example.org')`)).rejects.toThrow();
  });

  test('answers 200 concurrent queries without mixing their results', async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => query<{ n: number }>('select $1::int as n', [i])),
    );
    expect(results.map((r) => r[0]?.n)).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });

  test('keeps 400 interleaved transactions and queries from different connections apart', async () => {
    await query(
      'create table if not exists interleave (id bigint generated always as identity primary key, n int not null)',
    );
    const failures: string[] = [];
    await Promise.all(
      Array.from({ length: 400 }, async (_, i) => {
        try {
          if (i % 2 === 1) {
            const [row] = await query<{ n: number }>('select $1::int as n', [i]);
            if (row?.n !== i) failures.push(`query ${i} got ${row?.n}`);
            return;
          }
          await transaction(async (tx) => {
            const [row] = await tx.query<{ id: string }>('insert into interleave (n) values ($1) returning id', [i]);
            const [back] = await tx.query<{ n: number }>('select n from interleave where id = $1', [row?.id]);
            if (back?.n !== i) failures.push(`transaction ${i} read ${back?.n}`);
          });
        } catch (failure) {
          failures.push(String(failure));
        }
      }),
    );
    await query('drop table interleave');
    expect(failures).toEqual([]);
  });
});
