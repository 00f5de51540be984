/**
 * What the tests of a person's page share: one person across every kind of record (and someone else whose free text
 * mentions her), the staff calls of the page over one database, and a scan of every text column of the schema.
 */
import { beforeEach, expect } from 'vitest';
import people from '../../netlify/functions/admin-people.ts';
import { PersonAnswer } from '../../src/schemas/people.ts';
import { ADMIN_TABLES, call, staffToken, useEnv, useJwtSecret } from './admin.ts';
import { rows, truncate, useDatabase, type TestDatabase } from './databases.ts';
import { submitForm } from './submit.ts';

export const EMAIL = 'Amina.Erase@Example.org';
export const NAME = 'Amina Wanjiru Kerubo';
export const PHONE = '+254 711 222 333';
export const PHONE_KEY = '254711222333';
/** The national number: found in a column's digits whatever the spelling (0711…, +254711…, 254711…). */
export const PHONE_NATIONAL = '711222333';
export const REASON = 'Her request of 3 June to be forgotten';
const now = new Date().toISOString();

/** One person across every kind of record, free text included, and someone else who must be left alone. */
export async function seedPerson(database: TestDatabase): Promise<void> {
  await submitForm('contact_submit', { name: NAME, email: EMAIL, subject: 'School visit', message: 'Can I visit?' });
  await submitForm('volunteer_application', {
    name: NAME,
    email: EMAIL.toLowerCase(),
    phone: PHONE,
    age: 30,
    nationality: 'Kenyan',
    availability: 'Weekends',
    motivation: 'To help',
  });
  await submitForm('donation_intent', {
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
  await submitForm('contact_submit', {
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
export async function columnsHolding(database: TestDatabase, needles: string[]): Promise<string[]> {
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

/**
 * The person page's calls as staff over `database`, for the enclosing describe block: `post` one action, `search` as
 * the dashboard reads the answer, `confirm` an identifier as the same person.
 */
export function usePersonPage(database: TestDatabase) {
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
  const search = async (who: Record<string, string>) => {
    const res = await post('search', who);
    expect(res.status).toBe(200);
    // Read as the dashboard reads it: an answer that drifts from the shared schema fails here.
    return PersonAnswer.parse(await res.json()).person;
  };
  const confirm = (who: Record<string, string>, identifier: string) =>
    post('link', { ...who, identifier, reason: 'She confirmed it on the phone' });
  return { post, search, confirm };
}

/** How many rows of `table` a search answer holds. */
export const count = (tables: Record<string, unknown[]> | undefined, table: string) => tables?.[table]?.length ?? 0;
