/**
 * A person's search reads the big tables through indexes on both databases: every statement findPerson sends (the
 * pass over the tables, the confirmed links, the mention counts) is planned, with sequential scans ruled out where an
 * index can answer, and no large table may be read whole. phone_key (the index's phone rule) agrees with phoneKeySql
 * and phoneKey; a mention is found in any spelling and surrounding.
 */
import { describe, expect, test } from 'vitest';
import { findPerson } from '../../netlify/functions/_shared/people/people.ts';
import { query, transaction, type Queryable } from '../../netlify/functions/_shared/platform/db.ts';
import { phoneKey, phoneKeySql } from '../../src/lib/phone.ts';
import { databases, rows, truncate, useDatabase } from '../support/databases.ts';

/** Tables that grow with the years: a search must never read one of them whole. */
const LARGE = [
  'events',
  'gifts',
  'commitments',
  'notification_outbox',
  'newsletter_subscribers',
  'volunteers',
  'application_history',
  'contacts',
  'contact_history',
  'consent_records',
];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** The tables a plan reads whole. */
function seqScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

describe.each(databases)('a person’s search plan on $name', (database) => {
  useDatabase(database);

  test('every statement of a search by email or phone reads the large tables through indexes', async () => {
    await truncate(database, ['events', 'gifts', 'contacts']);
    await rows(
      database,
      `insert into gifts (reference, provider, amount_subunits, currency, method, state, donor_name, donor_email,
         donor_phone, confirmed_at, receipt_no, recorded_by, note)
       values ('staff-plan-1', 'staff', 4000, 'KES', 'cash', 'confirmed', 'Plan Person', 'plan@example.org',
         '0711 999 000', now(), 1, 'staff:staff', 'Cash')`,
    );
    const statements: { text: string; params: readonly unknown[] }[] = [];
    const scanned = await transaction(async (tx) => {
      // Each table is tiny here: with sequential scans priced out, only a table no index can answer is read whole.
      // The price would also make PostgreSQL compile the statements to machine code (JIT), slow and beside the point.
      await tx.query('set local enable_seqscan = off');
      await tx.query('set local jit = off');
      const recording: Queryable = {
        query: async (text, params = []) => {
          statements.push({ text, params });
          return tx.query(text, params);
        },
      };
      await findPerson(recording, { email: 'Plan@Example.org' });
      await findPerson(recording, { phone: '+254 711 999 000' });
      const found: string[] = [];
      for (const { text, params } of statements.filter((statement) => /\bfrom (events|gifts)\b/.test(statement.text))) {
        const [plan] = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${text}`, params);
        found.push(...seqScans(plan!['QUERY PLAN'][0].Plan));
      }
      return found;
    }, database);
    // The pass (twice: the address's gift holds a phone and a name), the links and the mention counts, per search.
    expect(statements.filter((statement) => /union all/.test(statement.text)).length).toBeGreaterThanOrEqual(4);
    expect(scanned.filter((table) => LARGE.includes(table))).toEqual([]);
  });

  test('phone_key is the rule of phoneKey and phoneKeySql', async () => {
    const spellings = ['0711 222 333', '+254711222333', '00254 711 222 333', '+44 20 7946 0958', '12345', '', null];
    for (const spelling of spellings) {
      const [row] = await rows<{ indexed: string | null; sql: string | null }>(
        database,
        `select phone_key($1::text) as indexed, ${phoneKeySql('$1::text')} as sql`,
        [spelling],
      );
      const expected = phoneKey(spelling ?? '') ?? null;
      expect(row, String(spelling)).toEqual({ indexed: expected, sql: expected });
    }
  });

  test('a mention is counted as its pattern finds it, the index only narrowing the rows read', async () => {
    await truncate(database, ['events', 'gifts', 'contacts']);
    // The first holds the address's words but, run on from "for_", is not the address: the pattern decides. The last
    // is the address (a letter outside ASCII may touch it), though its first word, as a word, is "éwanjiru".
    const notes = [
      'Given for_wanjiru.kerubo@example.org today',
      'Ring 0711-222 333.',
      'Ring +254 (0) 711.222.333, evenings',
      'From Amina\n  Wanjiru Kerubo, at the gala',
      'From Wanjiru.Kerubo@Example.Org',
      'Wanjiru and Kerubo, and 0711 222 3334',
      'Copy to éwanjiru.kerubo@example.org',
    ];
    for (const [index, note] of notes.entries()) {
      await rows(
        database,
        `insert into gifts (reference, provider, amount_subunits, currency, method, state, donor_name, confirmed_at,
           receipt_no, recorded_by, note)
         values ($1, 'staff', 1000, 'KES', 'cash', 'confirmed', 'Someone Else', now(), $2, 'staff:staff', $3)`,
        [`staff-mention-${index}`, index + 1, note],
      );
    }
    const db: Queryable = { query: (text, params) => query(text, params, database) };
    expect((await findPerson(db, { email: 'wanjiru.kerubo@example.org' })).mentions).toEqual({ gifts: 2 });
    expect((await findPerson(db, { phone: '0711222333' })).mentions).toEqual({ gifts: 2 });
  });
});
