/**
 * The one module that knows every table holding a person (an email address, a name, a phone number), so that a
 * person's page, export, correction and erasure cannot miss one. A table added to the schema must be listed here:
 * in {@link PERSON_TABLES} when it can hold a member of the public found by email or phone, or in
 * {@link TABLES_WITHOUT_PEOPLE} with the reason it is not searched. tests/unit/people.test.ts reads the schema itself
 * and fails for a table in neither list, and for any column still holding an erased person's email, name or phone.
 *
 * Matching: `$1` the person's lower-cased email addresses, `$2` their phone numbers as digits only, `$3` their names.
 * A search starts from one email or phone, and takes in the other addresses, phones and names of the rows it finds.
 */
import { hashAddress } from './client.ts';
import type { Queryable } from './db.ts';

/** How erasure treats a table's rows: deleted, or kept with the person's details removed (records the law keeps). */
export type Erasure = { kind: 'delete' } | { kind: 'anonymise'; set: string };

/** One table that can hold a member of the public. */
export interface PersonTable {
  /** Table name (a constant, never input). */
  readonly table: string;
  /** What staff call its rows. */
  readonly label: string;
  /** SQL condition on alias `t` selecting the person's rows (parameters: see the module comment). */
  readonly match: string;
  /** SQL expressions on `t` giving the person's names, addresses and phones, to widen the search. */
  readonly names?: readonly string[];
  readonly emails?: readonly string[];
  readonly phones?: readonly string[];
  readonly erase: Erasure;
  /** Columns staff may correct, by kind of value. */
  readonly correctable?: Readonly<Record<string, 'name' | 'email' | 'text'>>;
}

const digits = (expression: string) => `regexp_replace(coalesce(${expression}, ''), '[^0-9]', '', 'g')`;
const emailIs = (expression: string) => `lower(${expression}) = any($1::text[])`;
const phoneIs = (expression: string) => `${digits(expression)} = any($2::text[])`;

/**
 * Every table that can hold a member of the public, in erasure order: a table whose rows are found through another
 * (donations through their event) comes before it.
 */
export const PERSON_TABLES: readonly PersonTable[] = [
  {
    table: 'donations',
    label: 'Donations',
    // A donation is stored in the transaction of its event, so both carry the same `ts`.
    match: `exists (select 1 from events e where e.type = 'donation_intent' and e.ts = t.ts
                    and (${emailIs(`e.payload->>'email'`)} or ${phoneIs(`e.payload->>'phone'`)}))`,
    names: ['t.donor_name'],
    // The amount and date stay for the accounts.
    erase: { kind: 'anonymise', set: 'donor_name = null' },
    correctable: { donor_name: 'name' },
  },
  {
    table: 'sponsorships',
    label: 'Sponsorships',
    match: emailIs('t.sponsor_email'),
    names: ['t.sponsor_name'],
    emails: ['t.sponsor_email'],
    // Which child was sponsored, when and for how much stays for the accounts and the child's file.
    erase: { kind: 'anonymise', set: `sponsor_name = 'Erased sponsor', sponsor_email = null, updated_at = now()` },
    correctable: { sponsor_name: 'name', sponsor_email: 'email' },
  },
  {
    table: 'gifts',
    label: 'Gifts',
    match: `(${emailIs('t.donor_email')} or ${phoneIs('t.donor_phone')})`,
    names: ['t.donor_name'],
    emails: ['t.donor_email'],
    phones: ['t.donor_phone'],
    // The amount, date, method, receipt number and what it supported stay for the accounts.
    erase: {
      kind: 'anonymise',
      set: `donor_name = null, donor_email = null, donor_phone = null, anonymous = true, updated_at = now()`,
    },
    correctable: { donor_name: 'name', donor_email: 'email' },
  },
  {
    table: 'contacts',
    label: 'Contact messages',
    match: emailIs('t.email'),
    names: ['t.name'],
    emails: ['t.email'],
    erase: { kind: 'delete' },
    correctable: { name: 'name', email: 'email', subject: 'text' },
  },
  {
    // Notes on an application and the emails sent to its applicant; found through the application, so erased first.
    table: 'application_history',
    label: 'Application notes and emails',
    match: `(${emailIs('t.recipient')} or exists (select 1 from volunteers v where v.id = t.application_id
             and (${emailIs('v.email')} or ${phoneIs(`v.details->>'phone'`)})))`,
    emails: ['t.recipient'],
    erase: { kind: 'delete' },
  },
  {
    table: 'volunteers',
    label: 'Applications',
    match: `(${emailIs('t.email')} or ${phoneIs(`t.details->>'phone'`)})`,
    names: ['t.name'],
    emails: ['t.email'],
    phones: [`t.details->>'phone'`],
    erase: { kind: 'delete' },
    correctable: { name: 'name', email: 'email' },
  },
  {
    table: 'newsletter_subscribers',
    label: 'Newsletter subscription',
    match: emailIs('t.email'),
    names: ['t.name'],
    emails: ['t.email'],
    erase: { kind: 'delete' },
    correctable: { name: 'name', email: 'email' },
  },
  {
    table: 'consent_records',
    label: 'Consent records',
    match: emailIs('t.email'),
    emails: ['t.email'],
    erase: { kind: 'delete' },
  },
  {
    table: 'notification_outbox',
    label: 'Emails (sent to the person, or to staff about them)',
    match: `(exists (select 1 from unnest($1::text[]) a where strpos(lower(t.recipients || ' ' || coalesce(t.reply_to, '') || ' ' || t.body), a) > 0)
             or exists (select 1 from unnest($3::text[]) n where length(n) >= 3 and strpos(lower(t.subject || ' ' || t.body), lower(n)) > 0))`,
    erase: { kind: 'delete' },
  },
  {
    table: 'events',
    label: 'Submitted forms (as received)',
    match: `t.type not like 'admin.%' and (${emailIs(`t.payload->>'email'`)} or ${phoneIs(`t.payload->>'phone'`)})`,
    names: [`t.payload->>'name'`],
    emails: [`t.payload->>'email'`],
    phones: [`t.payload->>'phone'`],
    erase: { kind: 'delete' },
  },
];

/** Every other table, and why a person's page does not search it. */
export const TABLES_WITHOUT_PEOPLE: Readonly<Record<string, string>> = {
  schema_migrations: 'the applied migrations',
  programs: 'published content',
  blog_posts: 'published content',
  media: 'published content',
  uploads: 'files staff upload for the site',
  content_files: 'paths of committed content',
  site_builds: 'build outcomes',
  form_submissions: 'random ids of submissions only',
  rate_limits: 'keyed hashes of client addresses, kept a day',
  admin_users: 'staff accounts',
  admin_sessions: 'staff sessions',
  login_failures: 'staff sign-in attempts',
  staff_preferences: "staff members' own notification address",
  staff_seen: 'what each staff member has seen',
  staff_invitations: "one-time links to staff members' own addresses",
  retention_runs: 'counts only',
  payment_events: 'provider event keys and outcomes, pointing at a gift',
  paystack_plans: 'Paystack plan codes per amount',
  receipt_counter: 'the last receipt number',
  breaches: 'descriptions of incidents, written without listing people',
  children:
    "children of the programme, shown only as their guardian's consent allows; kept and removed through the child's own record in /samu, never found by an email or phone",
  child_consents:
    "guardians' consents (name and relation), the proof the law asks for while the child's record exists; managed with the child's record",
  site_events: "published events; the contact is the charity's own event coordinator (work address and phone)",
  team_members:
    "the charity's own staff on the About page (name, photo, work email and phone, shown with their agreement); a person is removed in the Team tab of /samu",
  team_seed_copies: 'ids of the members of src/content/team.json already copied into team_members',
  reply_templates:
    "the texts staff start replies to applicants from; no person's details, only placeholders filled when a reply is written (the reply itself is in application_history)",
};

/** Who a search is for. */
export interface PersonQuery {
  email?: string | undefined;
  phone?: string | undefined;
}

/** The person's identifiers found, and their rows by table. */
export interface PersonRecords {
  emails: string[];
  phones: string[];
  names: string[];
  tables: Record<string, Record<string, unknown>[]>;
}

/** A phone number as digits only; shorter than 6 digits matches nothing (it would match too many). */
export function phoneDigits(phone: string): string | undefined {
  const only = phone.replace(/[^0-9]/g, '');
  return only.length >= 6 ? only : undefined;
}

interface Keys {
  emails: Set<string>;
  phones: Set<string>;
  names: Set<string>;
}

const params = (keys: Keys) => [[...keys.emails], [...keys.phones], [...keys.names]];

/** A table's condition, naming all three parameters so every statement takes the same three. */
const where = (spec: PersonTable) =>
  `(${spec.match}) and cardinality($1::text[]) + cardinality($2::text[]) + cardinality($3::text[]) > 0`;

/** Adds the addresses, phones and names the person's rows hold; true when any was new. */
async function widen(db: Queryable, keys: Keys): Promise<boolean> {
  const before = keys.emails.size + keys.phones.size + keys.names.size;
  for (const spec of PERSON_TABLES) {
    const parts = [
      ...(spec.emails ?? []).map(
        (e) => `select 'email' as kind, ${e} as value from ${spec.table} t where ${where(spec)}`,
      ),
      ...(spec.phones ?? []).map(
        (e) => `select 'phone' as kind, ${e} as value from ${spec.table} t where ${where(spec)}`,
      ),
      ...(spec.names ?? []).map(
        (e) => `select 'name' as kind, ${e} as value from ${spec.table} t where ${where(spec)}`,
      ),
    ];
    if (parts.length === 0) continue;
    const found = await db.query<{ kind: string; value: string | null }>(parts.join(' union '), params(keys));
    for (const { kind, value } of found) {
      if (!value?.trim()) continue;
      if (kind === 'email') keys.emails.add(value.trim().toLowerCase());
      else if (kind === 'phone') {
        const phone = phoneDigits(value);
        if (phone) keys.phones.add(phone);
      } else if (value.trim() !== 'Erased sponsor') keys.names.add(value.trim());
    }
  }
  return keys.emails.size + keys.phones.size + keys.names.size > before;
}

async function keysOf(db: Queryable, who: PersonQuery): Promise<Keys> {
  const keys: Keys = { emails: new Set(), phones: new Set(), names: new Set() };
  if (who.email?.trim()) keys.emails.add(who.email.trim().toLowerCase());
  const phone = who.phone ? phoneDigits(who.phone) : undefined;
  if (phone) keys.phones.add(phone);
  // Twice at most: a phone finds an address, the address finds the rest.
  for (let round = 0; round < 2 && (await widen(db, keys)); round += 1);
  return keys;
}

/** Everything held about one person, found from an email address or a phone number. */
export async function findPerson(db: Queryable, who: PersonQuery): Promise<PersonRecords> {
  const keys = await keysOf(db, who);
  const tables: PersonRecords['tables'] = {};
  for (const spec of PERSON_TABLES) {
    const rows = await db.query(
      `select t.*, t.id::text as id from ${spec.table} t where ${where(spec)} order by t.id`,
      params(keys),
    );
    tables[spec.table] = rows.map(plainRow);
  }
  return { emails: [...keys.emails], phones: [...keys.phones], names: [...keys.names], tables };
}

/** What an erasure did, per table: rows deleted or anonymised. */
export type ErasureCounts = Record<string, { deleted: number; anonymised: number }>;

/** Erases one person on `tx` (the caller's transaction): every registered table, in order. */
export async function erasePerson(tx: Queryable, who: PersonQuery): Promise<ErasureCounts> {
  const keys = await keysOf(tx, who);
  const counts: ErasureCounts = {};
  for (const spec of PERSON_TABLES) {
    const statement =
      spec.erase.kind === 'delete'
        ? `delete from ${spec.table} t where ${where(spec)} returning 1`
        : `update ${spec.table} t set ${spec.erase.set} where ${where(spec)} returning 1`;
    const changed = (await tx.query(statement, params(keys))).length;
    counts[spec.table] =
      spec.erase.kind === 'delete' ? { deleted: changed, anonymised: 0 } : { deleted: 0, anonymised: changed };
  }
  return counts;
}

/** The registered table staff may correct `column` of, or undefined. */
export function correctableColumn(
  table: string,
  column: string,
): { spec: PersonTable; kind: 'name' | 'email' | 'text' } | undefined {
  const spec = PERSON_TABLES.find((candidate) => candidate.table === table);
  const kind = spec?.correctable?.[column];
  return spec && kind ? { spec, kind } : undefined;
}

/**
 * How the audit trail names a person: a keyed hash of their address (or phone), so a later erasure leaves nothing
 * that identifies them, while staff holding the address can still show the request was handled.
 */
export function auditSubject(who: PersonQuery): string {
  const key = who.email?.trim().toLowerCase() || phoneDigits(who.phone ?? '') || '';
  return hashAddress(`person:${key}`);
}

function plainRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === 'attachments' && Array.isArray(value)) {
      // File contents are listed by name; the files themselves are in the emails.
      out[key] = value.map((file: { filename?: unknown }) => ({ filename: file.filename }));
    } else out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}
