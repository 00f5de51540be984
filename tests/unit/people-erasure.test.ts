/**
 * Erasing a person on both databases: no text column of any table (read from the schema itself) holds their email,
 * name or phone afterwards, free text included; nobody else's rows are deleted; the gift's amount stays for the
 * accounts; the backups made before are listed; it is audited; without a reason nothing changes.
 */
import { describe, expect, test } from 'vitest';
import { ErasureAnswer } from '../../src/schemas/people.ts';
import { databases, rows } from '../support/databases.ts';
import { auditEvents } from '../support/admin.ts';
import { submitForm } from '../support/submit.ts';
import {
  columnsHolding,
  count,
  EMAIL,
  NAME,
  PHONE,
  PHONE_KEY,
  REASON,
  seedPerson,
  usePersonPage,
} from '../support/person-records.ts';

describe.each(databases)('erasing a person on $name', (database) => {
  const { post, search, confirm } = usePersonPage(database);

  test('an application giving its sender’s address and a stranger’s phone exports and erases only the sender', async () => {
    const VICTIM = 'victim.wairimu@example.org';
    const SECRET = 'My address is Plot 12, Kileleshwa; please call me after six';
    await submitForm('contact_submit', { name: 'Wairimu Victim', email: VICTIM, subject: 'Private', message: SECRET });
    await submitForm('volunteer_application', {
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
    await submitForm('volunteer_application', {
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
      await submitForm('contact_submit', {
        name,
        email: `other${index}@example.org`,
        subject: 'The annual report',
        message: 'Where is the annual report? Together with the others.',
      });
    }
    await submitForm('contact_submit', {
      name: 'the',
      email: 'the@example.org',
      subject: 'Hello',
      message: 'Hi there',
    });
    await submitForm('contact_submit', { name: 'Ann', email: 'ann@example.org', subject: 'Annual', message: 'Hi' });
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
});
