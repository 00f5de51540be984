/**
 * A person's page (issue 31) on both databases: every table of the schema is known to people.ts; search by email or
 * phone finds a person's contact message, application, gift, subscription, sponsorship, events and emails; export
 * holds all of it; erasure leaves no table (read from the schema itself) holding their email, name or phone, keeps
 * the gift's amount for the accounts, lists the backups made before, and is audited with who and why.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import track from '../../netlify/functions/track.ts';
import people from '../../netlify/functions/admin-people.ts';
import { PERSON_TABLES, TABLES_WITHOUT_PEOPLE } from '../../netlify/functions/_shared/people.ts';
import { context, databases, rows, truncate, useDatabase, type TestDatabase } from '../support/databases.ts';
import { ADMIN_TABLES, auditEvents, call, staffToken, useEnv, useJwtSecret } from '../support/admin.ts';

const EMAIL = 'Amina.Erase@Example.org';
const NAME = 'Amina Wanjiru Kerubo';
const PHONE = '+254 711 222 333';
const PHONE_DIGITS = '254711222333';
const REASON = 'Her request of 3 June to be forgotten';
const now = new Date().toISOString();

async function submit(type: string, payload: Record<string, unknown>): Promise<void> {
  const answer = await track(
    new Request('http://localhost/api/admin/track', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type, payload }),
    }),
    context(),
  );
  expect(answer.status, type).toBe(202);
}

/** One person across every kind of record, and someone else who must be left alone. */
async function seedPerson(database: TestDatabase): Promise<void> {
  await submit('contact_submit', { name: NAME, email: EMAIL, subject: 'School visit', message: 'Can I visit?' });
  await submit('volunteer_application', {
    name: NAME,
    email: EMAIL.toLowerCase(),
    phone: PHONE,
    age: 30,
    nationality: 'Kenyan',
    availability: 'Weekends',
    motivation: 'To help',
  });
  await submit('donation_intent', {
    amount: '40',
    type: 'one-time',
    cause: 'education',
    paymentMethod: 'card',
    name: NAME,
    email: EMAIL,
    phone: PHONE,
    newsletter: true,
    timestamp: now,
  });
  await rows(database, `update newsletter_subscribers set status = 'confirmed', confirmed_at = now()`);
  await rows(
    database,
    `insert into sponsorships (child_id, sponsor_name, sponsor_email, amount_subunits, currency, created_by)
     values ('amani', $1, $2, 3500, 'USD', 'staff:staff')`,
    [NAME, EMAIL],
  );
  await rows(
    database,
    `insert into gifts (reference, provider, amount_subunits, currency, method, state, donor_name, donor_email,
       donor_phone, provider_txn, confirmed_at, receipt_no, recorded_by)
     values ('TCF-people-1', 'paystack', 4000, 'USD', 'card', 'confirmed', $1, $2, $3, '555', now(), 17, 'paystack')`,
    [NAME, EMAIL, PHONE],
  );
  await submit('contact_submit', {
    name: 'Baraka Otieno',
    email: 'baraka@example.org',
    subject: 'Hi',
    message: 'Hello',
  });
}

/** Every text-like column of every table of the schema holding `needle` (case-insensitive): `table.column` list. */
async function columnsHolding(database: TestDatabase, needles: string[]): Promise<string[]> {
  const columns = await rows<{ table_name: string; column_name: string }>(
    database,
    `select c.table_name::text as table_name, c.column_name::text as column_name
     from information_schema.columns c join information_schema.tables t
       on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
     where c.table_schema = current_schema()
       and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
     order by 1, 2`,
  );
  expect(columns.length).toBeGreaterThan(20);
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const [hit] = await rows<{ n: number }>(
      database,
      `select count(*)::int as n from "${table}"
       where exists (select 1 from unnest($1::text[]) needle where strpos(lower("${column}"::text), lower(needle)) > 0)
          or strpos(regexp_replace("${column}"::text, '[^0-9]', '', 'g'), $2) > 0`,
      [needles, PHONE_DIGITS],
    );
    if (hit && hit.n > 0) found.push(`${table}.${column}`);
  }
  return found;
}

describe.each(databases)('a person’s data on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  // Staff are told of every submission by email: those notifications name the person too.
  useEnv({ NOTIFY_TO: 'office@tumaini.example', SMTP_URL: undefined });
  let token: string;
  beforeEach(async () => {
    await truncate(database, [...ADMIN_TABLES, 'rate_limits']);
    token = await staffToken('staff');
  });

  const post = (action: string, json: unknown) =>
    call(people, 'POST', `/api/admin/people/${action}`, { token, json, params: { action } });

  test('every table of the schema is known to people.ts', async () => {
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
          `Table "${name}" is not in netlify/functions/_shared/people.ts: add it to PERSON_TABLES (it can hold a ` +
          `person's email, name or phone, so search, export and erasure must cover it) or to TABLES_WITHOUT_PEOPLE ` +
          `with the reason it cannot.`,
      ),
    ).toEqual([]);
  });

  test('search by email or by phone finds every record of the person, and nobody else', async () => {
    await seedPerson(database);
    for (const who of [{ email: EMAIL.toUpperCase() }, { phone: '0711 222 333'.replace('0', '+254 ') }]) {
      const res = await post('search', who);
      expect(res.status).toBe(200);
      const { person } = (await res.json()) as {
        person: { tables: Record<string, Record<string, unknown>[]>; names: string[] };
      };
      const count = (table: string) => person.tables[table]?.length ?? 0;
      expect(count('contacts'), JSON.stringify(who)).toBe(1);
      expect(count('volunteers')).toBe(1);
      expect(count('donations')).toBe(1);
      expect(count('newsletter_subscribers')).toBe(1);
      expect(count('sponsorships')).toBe(1);
      expect(count('consent_records')).toBe(3);
      expect(count('events')).toBe(3);
      // The three staff notifications, the confirmation email and the application's acknowledgement.
      expect(count('notification_outbox')).toBe(5);
      expect(person.names).toEqual([NAME]);
      expect(JSON.stringify(person)).not.toContain('Baraka');
    }
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
    expect(file.records['sponsorships']?.[0]).toMatchObject({ sponsor_email: EMAIL });
    expect(file.records['gifts']?.[0]).toMatchObject({ donor_email: EMAIL, state: 'confirmed' });

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

  test('erasure without a reason is refused and changes nothing', async () => {
    await seedPerson(database);
    for (const body of [
      { email: EMAIL },
      { email: EMAIL, reason: ' ' },
      { reason: REASON },
      { email: 'nope', reason: REASON },
    ]) {
      const res = await post('erase', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await columnsHolding(database, [EMAIL, NAME])).not.toEqual([]);
    expect(await rows(database, 'select count(*)::int as n from contacts')).toEqual([{ n: 2 }]);
  });

  test('after erasure no table holds their email, name or phone; the gift amount stays; the audit row exists', async () => {
    await seedPerson(database);
    await rows(
      database,
      `insert into events (type, payload) values ('admin.db.backup', '{"actor":"staff","file":"backup-1.json"}')`,
    );
    expect(await columnsHolding(database, [EMAIL, NAME, PHONE])).not.toEqual([]);

    const res = await post('erase', { email: EMAIL, reason: REASON });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as {
      erased: Record<string, { deleted: number; anonymised: number }>;
      backupsStillHolding: { file: string }[];
    };
    expect(answer.erased['contacts']).toEqual({ deleted: 1, anonymised: 0 });
    expect(answer.erased['donations']).toEqual({ deleted: 0, anonymised: 1 });
    expect(answer.backupsStillHolding.map((backup) => backup.file)).toEqual(['backup-1.json']);

    const left = await columnsHolding(database, [EMAIL, NAME, PHONE]);
    expect(
      left.map(
        (column) => `${column} still holds the erased person: add its table to netlify/functions/_shared/people.ts`,
      ),
    ).toEqual([]);

    expect(await rows(database, 'select donor_name, amount::text as amount, currency from donations')).toEqual([
      { donor_name: null, amount: '40.00', currency: 'USD' },
    ]);
    expect(
      await rows(
        database,
        `select amount_subunits::int as amount, receipt_no::int as receipt, state, donor_name, donor_email, donor_phone
         from gifts`,
      ),
    ).toEqual([
      { amount: 4000, receipt: 17, state: 'confirmed', donor_name: null, donor_email: null, donor_phone: null },
    ]);
    expect(await rows(database, 'select child_id, amount_subunits, sponsor_email from sponsorships')).toEqual([
      { child_id: 'amani', amount_subunits: 3500, sponsor_email: null },
    ]);
    expect(await rows(database, 'select name from contacts')).toEqual([{ name: 'Baraka Otieno' }]);
    const [erasure] = (await auditEvents()).filter((event) => event.type === 'admin.person.erase');
    expect(erasure?.payload).toMatchObject({
      actor: 'staff',
      reason: REASON,
    });
    expect(String(erasure?.payload['subject'])).toMatch(/^[0-9a-f]{64}$/);

    // Searching again finds nothing.
    const again = (await (await post('search', { email: EMAIL })).json()) as {
      person: { tables: Record<string, unknown[]> };
    };
    expect(Object.values(again.person.tables).flat()).toEqual([]);
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
