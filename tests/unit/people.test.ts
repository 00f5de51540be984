/**
 * A person's page on both databases: every table of the schema is in the registry (person-tables.ts); a phone is
 * one identifier in every spelling; search by email or phone finds the person's contact message, application, gifts,
 * subscription, sponsorships, events and emails, and shows what is only possibly theirs apart until staff confirm
 * it; export holds the person's rows only, audited; a correction changes one field.
 */
import { describe, expect, test } from 'vitest';
import { PERSON_TABLES, TABLES_WITHOUT_PEOPLE } from '../../netlify/functions/_shared/people/person-tables.ts';
import { phoneKey, phoneKeySql, phonePattern } from '../../src/lib/phone.ts';
import { databases, rows } from '../support/databases.ts';
import { auditEvents } from '../support/admin.ts';
import { count, EMAIL, NAME, PHONE, PHONE_KEY, REASON, seedPerson, usePersonPage } from '../support/person-records.ts';

describe.each(databases)('a person’s data on $name', (database) => {
  const { post, search, confirm } = usePersonPage(database);

  test('every table of the schema is in the person registry', async () => {
    const tables = await rows<{ name: string }>(
      database,
      `select table_name::text as name from information_schema.tables
       where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
    );
    const known = new Set([...PERSON_TABLES.map((spec) => spec.table), ...Object.keys(TABLES_WITHOUT_PEOPLE)]);
    const unknown = tables.map((row) => row.name).filter((name) => !known.has(name));
    expect(
      unknown.map(
        (name) =>
          `Table "${name}" is not in netlify/functions/_shared/people/person-tables.ts: add it to PERSON_TABLES (it can hold a ` +
          `person's email, name or phone, so search, export and erasure must cover it) or to TABLES_WITHOUT_PEOPLE ` +
          `with the reason it cannot.`,
      ),
    ).toEqual([]);
  });

  test('a phone is one identifier in every common spelling, in TypeScript, in SQL and in free text', async () => {
    const spellings = ['0711 222 333', '+254711222333', '254711222333', '0711-222-333', '+254 711 222 333'];
    for (const spelling of spellings) {
      expect(phoneKey(spelling), spelling).toBe('254711222333');
      const [row] = await rows<{ key: string; found: boolean }>(
        database,
        `select ${phoneKeySql('$1::text')} as key, $2::text ~* $3 as found`,
        [spelling, `Account: ${spelling}.`, phonePattern('254711222333')],
      );
      expect(row, spelling).toEqual({ key: '254711222333', found: true });
    }
    const [other] = await rows<{ key: string | null; found: boolean }>(
      database,
      `select ${phoneKeySql('$1::text')} as key, $2::text ~* $3 as found`,
      ['12345', 'Call 90711222333 or 07112223334', phonePattern('254711222333')],
    );
    expect(other).toEqual({ key: null, found: false });
    expect(phoneKey('+44 20 7946 0958')).toBe('442079460958');
  });

  test('search by email finds the person’s rows; what only shares a phone or a name is possibly the same person', async () => {
    await seedPerson(database);
    const person = await search({ email: EMAIL.toUpperCase() });
    expect(count(person.tables, 'contacts')).toBe(1);
    expect(count(person.tables, 'volunteers')).toBe(1);
    expect(count(person.tables, 'donations')).toBe(1);
    expect(count(person.tables, 'newsletter_subscribers')).toBe(1);
    expect(count(person.tables, 'sponsorships')).toBe(1);
    expect(count(person.tables, 'gifts')).toBe(1);
    expect(count(person.tables, 'commitments')).toBe(1);
    expect(count(person.tables, 'consent_records')).toBe(3);
    expect(count(person.tables, 'events')).toBe(3);
    // The three staff notifications, the confirmation email and the application's acknowledgement.
    expect(count(person.tables, 'notification_outbox')).toBe(5);
    expect(person.names).toEqual([NAME]);
    expect(person.emails).toEqual([EMAIL.toLowerCase()]);
    expect(person.phones).toEqual([]);
    expect(JSON.stringify(person.tables)).not.toContain('Baraka');
    // The M-Pesa payment from the phone she gave, and the cash staff recorded under her name: not hers until confirmed.
    const possibly = Object.fromEntries(person.possibly.map((match) => [match.identifier, match.tables]));
    expect(Object.keys(possibly).sort()).toEqual([`name:${NAME.toLowerCase()}`, `phone:${PHONE_KEY}`]);
    expect(count(possibly[`phone:${PHONE_KEY}`], 'gifts')).toBe(1);
    expect(count(possibly[`phone:${PHONE_KEY}`], 'sponsorships')).toBe(1);
    expect(count(possibly[`name:${NAME.toLowerCase()}`], 'gifts')).toBe(1);
    // Baraka's message (and his form as received) mention her address; the gift note and the digest name her
    // by phone and name, which are not hers until confirmed.
    expect(person.mentions).toEqual({ contacts: 1, events: 1 });
  });

  test('search by phone, in any spelling, finds the M-Pesa gift and its sponsorship; the address joins once confirmed', async () => {
    await seedPerson(database);
    for (const phone of ['0711 222 333', '+254711222333', '254711222333', '0711-222-333']) {
      const person = await search({ phone });
      expect(count(person.tables, 'gifts'), phone).toBe(1);
      expect(count(person.tables, 'sponsorships'), phone).toBe(1);
      expect(count(person.tables, 'contacts'), phone).toBe(0);
      expect(person.phones).toEqual([PHONE_KEY]);
    }
    const person = await search({ phone: '0711 222 333' });
    const address = person.possibly.find((match) => match.identifier === `email:${EMAIL.toLowerCase()}`);
    expect(count(address?.tables, 'volunteers')).toBe(1);

    expect((await confirm({ phone: '0711-222-333' }, `email:${EMAIL.toLowerCase()}`)).status).toBe(200);
    const linked = await search({ phone: '+254 711 222 333' });
    expect(count(linked.tables, 'contacts')).toBe(1);
    expect(count(linked.tables, 'volunteers')).toBe(1);
    expect(count(linked.tables, 'gifts')).toBe(2);
    expect(linked.emails).toEqual([EMAIL.toLowerCase()]);
    const [audit] = (await auditEvents()).filter((event) => event.type === 'admin.person.link');
    expect(audit?.payload).toMatchObject({ actor: 'staff', kind: 'email', reason: 'She confirmed it on the phone' });
    expect(String(audit?.payload['linked'])).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(audit)).not.toContain('amina');

    // Only a match found beside the person can be confirmed.
    expect((await confirm({ phone: '0711 222 333' }, 'email:baraka@example.org')).status).toBe(400);
    expect((await confirm({ phone: '0711 222 333' }, 'anything')).status).toBe(400);
    expect((await post('link', { phone: '0711 222 333', identifier: `name:${NAME}` })).status).toBe(400);
  });

  test('export holds every record as JSON or CSV, and is audited with who and why', async () => {
    await seedPerson(database);
    const res = await post('export', { email: EMAIL, reason: REASON });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="person-\d{4}-\d{2}-\d{2}\.json"$/);
    const file = (await res.json()) as { records: Record<string, Record<string, unknown>[]> };
    expect(file.records['contacts']?.[0]).toMatchObject({ name: NAME, email: EMAIL, subject: 'School visit' });
    expect(file.records['volunteers']?.[0]?.['details']).toMatchObject({ phone: PHONE });
    expect(file.records['donations']?.[0]).toMatchObject({ donor_name: NAME, amount: '40.00' });
    expect(file.records['newsletter_subscribers']?.[0]).toMatchObject({ status: 'confirmed' });
    expect(file.records['sponsorships']).toHaveLength(1);
    expect(file.records['sponsorships']?.[0]).toMatchObject({ sponsor_email: EMAIL });
    expect(file.records['gifts']).toHaveLength(1);
    expect(file.records['gifts']?.[0]).toMatchObject({ donor_email: EMAIL, state: 'confirmed' });
    expect(JSON.stringify(file)).not.toContain('Baraka');

    const csv = await post('export', { email: EMAIL, reason: REASON, format: 'csv' });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = await csv.text();
    expect(text).toContain('Table,Row,Field,Value');
    expect(text).toContain(`contacts,1,name,${NAME}`);

    const audits = (await auditEvents()).filter((event) => event.type === 'admin.person.export');
    expect(audits).toHaveLength(2);
    expect(audits[0]?.payload).toMatchObject({
      actor: 'staff',
      reason: REASON,
    });
    expect(String(audits[0]?.payload['subject'])).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(audits)).not.toContain(EMAIL.toLowerCase().split('@')[0]);

    expect((await post('export', { email: EMAIL })).status).toBe(400);
    expect((await auditEvents()).filter((event) => event.type === 'admin.person.export')).toHaveLength(2);
  });

  test('a correction changes one field, is audited, and bad corrections are refused', async () => {
    await seedPerson(database);
    const [contact] = await rows<{ id: string }>(database, `select id::text as id from contacts where email = $1`, [
      EMAIL,
    ]);
    const fix = (body: Record<string, unknown>) =>
      post('correct', {
        table: 'contacts',
        id: contact!.id,
        column: 'name',
        value: 'Amina W. Kerubo',
        reason: REASON,
        ...body,
      });
    expect((await fix({})).status).toBe(200);
    expect(await rows(database, 'select name from contacts where id = $1', [contact!.id])).toEqual([
      { name: 'Amina W. Kerubo' },
    ]);
    const [audit] = (await auditEvents()).filter((event) => event.type === 'admin.person.correct');
    expect(audit?.payload).toMatchObject({ actor: 'staff', table: 'contacts', column: 'name', reason: REASON });
    expect(JSON.stringify(audit)).not.toContain('Kerubo');

    expect((await fix({ reason: '' })).status).toBe(400);
    expect((await fix({ column: 'message' })).status).toBe(400);
    expect((await fix({ table: 'admin_users', column: 'username' })).status).toBe(400);
    expect((await fix({ column: 'email', value: 'not-an-address' })).status).toBe(400);
    expect((await fix({ id: '999999' })).status).toBe(404);
    expect(await rows(database, 'select name from contacts where id = $1', [contact!.id])).toEqual([
      { name: 'Amina W. Kerubo' },
    ]);
  });
});
