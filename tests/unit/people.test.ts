/**
 * A person's page on both databases: every table of the schema is in the registry (person-tables.ts); search by email or phone finds
 * the person's contact message, application, gifts, subscription, sponsorships, events and emails, and shows what is
 * only possibly theirs apart until staff confirm it; export holds the person's rows only; erasure leaves no text
 * column of any table (read from the schema itself) holding their email, name or phone, free text included, deletes
 * nobody else's rows, keeps the gift's amount for the accounts, lists the backups made before, and is audited.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import track from '../../netlify/functions/track.ts';
import people from '../../netlify/functions/admin-people.ts';
import { PERSON_TABLES, TABLES_WITHOUT_PEOPLE } from '../../netlify/functions/_shared/people/person-tables.ts';
import { phoneKey, phoneKeySql, phonePattern } from '../../src/lib/phone.ts';
import { ErasureAnswer, PersonAnswer } from '../../src/schemas/people.ts';
import { context, databases, rows, truncate, useDatabase, type TestDatabase } from '../support/databases.ts';
import { ADMIN_TABLES, auditEvents, call, staffToken, useEnv, useJwtSecret } from '../support/admin.ts';

const EMAIL = 'Amina.Erase@Example.org';
const NAME = 'Amina Wanjiru Kerubo';
const PHONE = '+254 711 222 333';
const PHONE_KEY = '254711222333';
/** The national number: found in a column's digits whatever the spelling (0711…, +254711…, 254711…). */
const PHONE_NATIONAL = '711222333';
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

/** One person across every kind of record, free text included, and someone else who must be left alone. */
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
  // An M-Pesa payment (no email; the payer typed her name as the account) and the sponsorship it started.
  const [mpesa] = await rows<{ id: string }>(
    database,
    `insert into gifts (reference, provider, kind, child_id, amount_subunits, currency, method, state, donor_name,
       donor_phone, provider_txn, confirmed_at, receipt_no, recorded_by, note)
     values ('mpesa-QK1PEOPLE1', 'mpesa', 'sponsorship', 'neema', 350000, 'KES', 'mpesa', 'confirmed', $1,
       '254711222333', 'QK1PEOPLE1', now(), 18, 'mpesa', $2) returning id::text as id`,
    [NAME, `Account: ${NAME} 0711-222-333`],
  );
  await rows(
    database,
    `insert into sponsorships (child_id, sponsor_name, amount_subunits, currency, created_by, gift_ref)
     values ('neema', $1, 350000, 'KES', 'mpesa', $2)`,
    [NAME, mpesa!.id],
  );
  // Her monthly M-Pesa gift (a commitment with its Paybill account), ended by staff with a reason naming her.
  await rows(
    database,
    `insert into commitments (kind, cause, donor_name, donor_email, donor_phone, amount_subunits, currency, method,
       due_day, starts_on, state, account, ended_at, ended_by, end_reason)
     values ('donation', 'education', $1, $2, $3, 100000, 'KES', 'mpesa', 5, '2026-09-01', 'ended', 'TUMPEOP1', now(),
       'staff:staff', $4)`,
    [NAME, EMAIL, PHONE, `${NAME} asked to stop`],
  );
  await rows(
    database,
    `insert into commitment_instalments (commitment_id, period, due_on) select id, '2026-09-01', '2026-09-05'
     from commitments`,
  );
  // Cash staff recorded by her name only, with a note naming her.
  await rows(
    database,
    `insert into gifts (reference, provider, amount_subunits, currency, method, state, donor_name, confirmed_at,
       receipt_no, recorded_by, note)
     values ('staff-people-1', 'staff', 500000, 'KES', 'cash', 'confirmed', $1, now(), 19, 'staff:staff', $2)`,
    [NAME, `Cash from ${NAME} at the gala`],
  );
  // Someone else: a message and a gift whose free text mentions her, and the day's digest listing her sign-up.
  await submit('contact_submit', {
    name: 'Baraka Otieno',
    email: 'baraka@example.org',
    subject: 'Hi',
    message: `Hello, my friend ${EMAIL.toLowerCase()} (0711 222 333) told me about you`,
  });
  await rows(
    database,
    `insert into gifts (reference, provider, amount_subunits, currency, method, state, donor_name, donor_email,
       confirmed_at, receipt_no, recorded_by, note)
     values ('staff-people-2', 'staff', 100000, 'KES', 'cash', 'confirmed', 'Baraka Otieno', 'baraka@example.org',
       now(), 20, 'staff:staff', $1)`,
    [`Given on behalf of ${NAME.toUpperCase()}, +254711222333`],
  );
  await rows(
    database,
    `insert into notification_outbox (kind, dedup_key, source, resource, recipients, subject, body)
     values ('digest', 'digest:people', 'digest', 'newsletter', 'office@tumaini.example', 'Daily summary',
       $1)`,
    [`1 newsletter sign-up:\n- ${NAME}\n- Baraka Otieno`],
  );
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
      [needles, PHONE_NATIONAL],
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

  const search = async (who: Record<string, string>) => {
    const res = await post('search', who);
    expect(res.status).toBe(200);
    // Read as the dashboard reads it: an answer that drifts from the shared schema fails here.
    return PersonAnswer.parse(await res.json()).person;
  };
  const count = (tables: Record<string, unknown[]> | undefined, table: string) => tables?.[table]?.length ?? 0;
  const confirm = (who: Record<string, string>, identifier: string) =>
    post('link', { ...who, identifier, reason: 'She confirmed it on the phone' });

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

  test('an application giving its sender’s address and a stranger’s phone exports and erases only the sender', async () => {
    const VICTIM = 'victim.wairimu@example.org';
    const SECRET = 'My address is Plot 12, Kileleshwa; please call me after six';
    await submit('contact_submit', { name: 'Wairimu Victim', email: VICTIM, subject: 'Private', message: SECRET });
    await submit('volunteer_application', {
      name: 'Wairimu Victim',
      email: VICTIM,
      phone: '0722 000 111',
      age: 41,
      nationality: 'Kenyan',
      availability: 'Evenings',
      motivation: 'Her own application',
    });
    await rows(
      database,
      `insert into gifts (reference, provider, amount_subunits, currency, method, state, donor_name, donor_phone,
         provider_txn, confirmed_at, receipt_no, recorded_by)
       values ('mpesa-QK1VICTIM1', 'mpesa', 100000, 'KES', 'mpesa', 'confirmed', 'Wairimu Victim', '254722000111',
         'QK1VICTIM1', now(), 30, 'mpesa')`,
    );
    const SENDER = 'sender.mallory@example.org';
    await submit('volunteer_application', {
      name: 'Mallory Sender',
      email: SENDER,
      phone: '+254 722 000 111',
      age: 25,
      nationality: 'Kenyan',
      availability: 'Weekends',
      motivation: 'To see what you hold on her',
    });
    const before = await rows(database, `select id, ts, kind, subject, body from notification_outbox order by id`);

    const exported = await post('export', { email: SENDER, reason: REASON });
    expect(exported.status).toBe(200);
    const file = await exported.text();
    expect(file).toContain('Mallory Sender');
    expect(file).not.toContain(SECRET);
    expect(file).not.toContain(VICTIM);
    expect(file).not.toContain('Her own application');
    expect(file).not.toContain('QK1VICTIM1');
    const csv = await (await post('export', { email: SENDER, reason: REASON, format: 'csv' })).text();
    expect(csv).not.toContain(SECRET);
    expect(csv).not.toContain(VICTIM);

    const person = await search({ email: SENDER });
    expect(count(person.tables, 'volunteers')).toBe(1);
    expect(JSON.stringify(person.tables)).not.toContain(VICTIM);
    expect(person.possibly.map((match) => match.identifier).sort()).toEqual([`email:${VICTIM}`, 'phone:254722000111']);

    expect((await post('erase', { email: SENDER, reason: REASON })).status).toBe(200);
    expect(await rows(database, 'select email, message from contacts')).toEqual([{ email: VICTIM, message: SECRET }]);
    expect(await rows(database, 'select email from volunteers')).toEqual([{ email: VICTIM }]);
    expect(await rows(database, 'select donor_name, donor_phone from gifts')).toEqual([
      { donor_name: 'Wairimu Victim', donor_phone: '254722000111' },
    ]);
    expect(
      await rows(database, `select count(*)::int as n from events where payload->>'email' = $1`, [VICTIM]),
    ).toEqual([{ n: 2 }]);
    // The victim's emails stay; of the sender's, none is left.
    const after = await rows(database, `select id, ts, kind, subject, body from notification_outbox order by id`);
    expect(after).toEqual(before.filter((row) => !JSON.stringify(row).includes('Mallory')));
    expect(after.length).toBe(before.length - 2);
  });

  test('erasing a person named “the” deletes and changes no one else’s emails', async () => {
    for (const [index, name] of ['Ann Annual', 'Theodore Other', 'Nathan Thetford', 'Esther the Elder'].entries()) {
      await submit('contact_submit', {
        name,
        email: `other${index}@example.org`,
        subject: 'The annual report',
        message: 'Where is the annual report? Together with the others.',
      });
    }
    await submit('contact_submit', { name: 'the', email: 'the@example.org', subject: 'Hello', message: 'Hi there' });
    await submit('contact_submit', { name: 'Ann', email: 'ann@example.org', subject: 'Annual', message: 'Hi' });
    const others = async () =>
      rows(
        database,
        `select id, kind, recipients, subject, body, status from notification_outbox
         where body not like '%Name: the%' order by id`,
      );
    const before = await others();
    expect(before.length).toBe(5);

    const res = await post('erase', { email: 'the@example.org', reason: REASON });
    expect(res.status).toBe(200);
    const answer = ErasureAnswer.parse(await res.json());
    expect(await others()).toEqual(before);
    expect((await rows(database, 'select count(*)::int as n from contacts'))[0]).toEqual({ n: 5 });
    expect(answer.erased['notification_outbox']).toEqual({ deleted: 1, anonymised: 0, redacted: 0 });

    // "Ann" is a whole name, not a part of "Annual".
    await post('erase', { email: 'ann@example.org', reason: REASON });
    expect((await others()).length).toBe(4);
    expect(
      await rows(database, `select count(*)::int as n from notification_outbox where subject || body ilike '%annual%'`),
    ).toEqual([{ n: 4 }]);
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

  test('erasing an M-Pesa payer by phone leaves no sponsor name, gift note or account text behind', async () => {
    const [gift] = await rows<{ id: string }>(
      database,
      `insert into gifts (reference, provider, kind, child_id, amount_subunits, currency, method, state, donor_name,
         donor_phone, provider_txn, confirmed_at, receipt_no, recorded_by, note)
       values ('mpesa-QK1ERIN01', 'mpesa', 'sponsorship', 'neema', 350000, 'KES', 'mpesa', 'confirmed', 'Erin Erase',
         '254711222333', 'QK1ERIN01', now(), 40, 'mpesa', 'Account: Erin Erase') returning id::text as id`,
    );
    await rows(
      database,
      `insert into sponsorships (child_id, sponsor_name, amount_subunits, currency, created_by, gift_ref)
       values ('neema', 'Erin Erase', 350000, 'KES', 'mpesa', $1)`,
      [gift!.id],
    );
    await rows(
      database,
      `insert into gifts (reference, provider, amount_subunits, currency, method, state, donor_name, donor_phone,
         confirmed_at, receipt_no, recorded_by, note)
       values ('staff-erin-1', 'staff', 200000, 'KES', 'cash', 'confirmed', 'Erin Erase', '0711-222-333', now(), 41,
         'staff:staff', 'Cash from Erin Erase at the gala')`,
    );
    expect((await post('erase', { phone: '0711 222 333', reason: REASON })).status).toBe(200);
    expect(await columnsHolding(database, ['Erin Erase'])).toEqual([]);
    expect(await rows(database, 'select sponsor_name from sponsorships')).toEqual([{ sponsor_name: 'Erased sponsor' }]);
    expect(await rows(database, 'select amount_subunits::int as amount, note from gifts order by id')).toEqual([
      { amount: 350000, note: null },
      { amount: 200000, note: null },
    ]);
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

  test('after erasure no text column of any table holds their email, name or phone; amounts stay; it is audited', async () => {
    await seedPerson(database);
    await rows(
      database,
      `insert into events (type, payload) values ('admin.db.backup', '{"actor":"staff","file":"backup-1.json"}')`,
    );
    expect(await columnsHolding(database, [EMAIL, NAME, PHONE])).not.toEqual([]);
    // Staff confirm the phone and the name found beside her as hers.
    expect((await confirm({ email: EMAIL }, `phone:${PHONE_KEY}`)).status).toBe(200);
    expect((await confirm({ email: EMAIL }, `name:${NAME.toLowerCase()}`)).status).toBe(200);
    expect((await search({ email: EMAIL })).possibly).toEqual([]);

    const res = await post('erase', { email: EMAIL, reason: REASON });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as {
      erased: Record<string, { deleted: number; anonymised: number; redacted?: number }>;
      backupsStillHolding: { file: string }[];
    };
    expect(answer.erased['contacts']).toEqual({ deleted: 1, anonymised: 0, redacted: 1 });
    expect(answer.erased['donations']).toEqual({ deleted: 0, anonymised: 1 });
    expect(answer.erased['gifts']).toEqual({ deleted: 0, anonymised: 3, redacted: 1 });
    expect(answer.erased['sponsorships']).toEqual({ deleted: 0, anonymised: 2 });
    expect(answer.erased['commitments']).toEqual({ deleted: 0, anonymised: 1, redacted: 0 });
    expect(answer.backupsStillHolding.map((backup) => backup.file)).toEqual(['backup-1.json']);

    const left = await columnsHolding(database, [EMAIL, NAME, PHONE]);
    expect(
      left.map(
        (column) =>
          `${column} still holds the erased person: register the column in netlify/functions/_shared/people/person-tables.ts`,
      ),
    ).toEqual([]);

    expect(await rows(database, 'select donor_name, amount::text as amount, currency from donations')).toEqual([
      { donor_name: null, amount: '40.00', currency: 'USD' },
    ]);
    expect(
      await rows(
        database,
        `select amount_subunits::int as amount, receipt_no::int as receipt, state, donor_name, donor_email, donor_phone,
           note
         from gifts order by receipt_no`,
      ),
    ).toEqual([
      {
        amount: 4000,
        receipt: 17,
        state: 'confirmed',
        donor_name: null,
        donor_email: null,
        donor_phone: null,
        note: null,
      },
      {
        amount: 350000,
        receipt: 18,
        state: 'confirmed',
        donor_name: null,
        donor_email: null,
        donor_phone: null,
        note: null,
      },
      {
        amount: 500000,
        receipt: 19,
        state: 'confirmed',
        donor_name: null,
        donor_email: null,
        donor_phone: null,
        note: null,
      },
      {
        amount: 100000,
        receipt: 20,
        state: 'confirmed',
        donor_name: 'Baraka Otieno',
        donor_email: 'baraka@example.org',
        donor_phone: null,
        note: 'Given on behalf of [erased], [erased]',
      },
    ]);
    expect(
      await rows(
        database,
        'select child_id, amount_subunits, sponsor_name, sponsor_email from sponsorships order by id',
      ),
    ).toEqual([
      { child_id: 'amani', amount_subunits: 3500, sponsor_name: 'Erased sponsor', sponsor_email: null },
      { child_id: 'neema', amount_subunits: 350000, sponsor_name: 'Erased sponsor', sponsor_email: null },
    ]);
    expect(
      await rows(
        database,
        `select amount_subunits::int as amount, account, state, donor_name, donor_email, donor_phone, end_reason
         from commitments`,
      ),
    ).toEqual([
      {
        amount: 100000,
        account: 'TUMPEOP1',
        state: 'ended',
        donor_name: null,
        donor_email: null,
        donor_phone: null,
        end_reason: null,
      },
    ]);
    expect(await rows(database, 'select name, message from contacts')).toEqual([
      { name: 'Baraka Otieno', message: 'Hello, my friend [erased] ([erased]) told me about you' },
    ]);
    expect(await rows(database, `select body from notification_outbox where kind = 'digest'`)).toEqual([
      { body: '1 newsletter sign-up:\n- [erased]\n- Baraka Otieno' },
    ]);
    const [erasure] = (await auditEvents()).filter((event) => event.type === 'admin.person.erase');
    expect(erasure?.payload).toMatchObject({
      actor: 'staff',
      reason: REASON,
    });
    expect(String(erasure?.payload['subject'])).toMatch(/^[0-9a-f]{64}$/);

    // Searching again finds nothing.
    const again = await search({ email: EMAIL });
    expect(Object.values(again.tables).flat()).toEqual([]);
    expect(again.possibly).toEqual([]);
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
