/**
 * The registry of every table holding a person (an email address, a name, a phone number), so that a person's page,
 * export, correction and erasure (people.ts) cannot miss one. A table added to the schema must be listed here: in
 * {@link PERSON_TABLES} when it can hold a member of the public, or in {@link TABLES_WITHOUT_PEOPLE} with the reason it
 * is not searched. tests/unit/people.test.ts reads the schema itself and fails for a table in neither list, and for
 * any text column still holding an erased person's email, name or phone.
 */
import { phoneKeySql } from '../../../../src/lib/phone.ts';

/**
 * One identifier: `email:<address, lower-cased>`, `phone:<its phoneKey>` or `name:<name, lower-cased, single
 * spaces>`.
 */
export type Identifier = string;

/** How erasure treats a table's rows: deleted, or kept with the person's details removed (records the law keeps). */
export type Erasure = { kind: 'delete' } | { kind: 'anonymise'; set: string };

/** SQL on a table alias (`t`, …). */
type OnAlias = (alias: string) => string;

/** One table that can hold a member of the public. */
export interface PersonTable {
  /** Table name (a constant, never input). */
  readonly table: string;
  /** What staff call its rows. */
  readonly label: string;
  /** The identifier of who the row is from, or null (see the module comment). */
  readonly owner: OnAlias;
  /** Other identifiers the row holds (null when absent). */
  readonly holds?: readonly OnAlias[];
  /**
   * A condition on the row true whenever its owner or one of its holds may be among the identifiers searched for,
   * written so that indexes answer it (PERSON_SEARCH_PARAMETERS): the search reads only the rows it selects.
   */
  readonly find: OnAlias;
  /** Free-text columns that may mention anyone: the person's identifiers are removed from them on erasure. */
  readonly mentions?: readonly string[];
  /** JSON columns whose text values may mention anyone (a form as received): treated as {@link mentions}. */
  readonly jsonMentions?: readonly string[];
  readonly erase: Erasure;
  /** Columns staff may correct, by kind of value. */
  readonly correctable?: Readonly<Record<string, 'name' | 'email' | 'text'>>;
  /**
   * A file of the row kept in the blob store: the column naming its key, and the column its bytes are shown in (and
   * were kept in before the blob store). The export carries the bytes; erasure deletes the file with the row.
   */
  readonly file?: { readonly key: string; readonly bytes: string };
}

/** Names that stand for nobody (what erasure and anonymous gifts leave behind). */
export const PLACEHOLDER_NAMES = ['erased sponsor', 'anonymous sponsor', 'anonymous donor', 'anonymous'];

/** An address, a name, as compared: the expressions the person-search indexes are on (their migration). */
const emailKey = (expression: string) => `lower(trim(${expression}))`;
const nameKey = (expression: string) => `lower(regexp_replace(trim(${expression}), '\\s+', ' ', 'g'))`;

const emailOf = (expression: string) =>
  `(case when nullif(trim(${expression}), '') is not null then 'email:' || ${emailKey(expression)} end)`;
const phoneOf = (expression: string) => `('phone:' || ${phoneKeySql(expression)})`;
const nameOf = (expression: string) =>
  `(case when nullif(trim(${expression}), '') is not null
         and lower(trim(${expression})) <> all (array[${PLACEHOLDER_NAMES.map((name) => `'${name}'`).join(', ')}])
    then 'name:' || ${nameKey(expression)} end)`;

/**
 * The parameters a {@link PersonTable.find} condition reads: `$2` the addresses searched for (lower-cased), `$3` the
 * phone keys, `$4` the names (lower-cased, single spaces). Each is compared to an indexed expression; `phone_key` is
 * {@link phoneKeySql} as a database function (an index cannot hold a subquery).
 */
export const PERSON_SEARCH_PARAMETERS = ['emails', 'phones', 'names'] as const;
const byEmail = (expression: string) => `${emailKey(expression)} = any($2::text[])`;
const byPhone = (expression: string) => `phone_key(${expression}) = any($3::text[])`;
const byName = (expression: string) => `${nameKey(expression)} = any($4::text[])`;
/** Any of the conditions (each an index probe, or-ed into one bitmap scan). */
const anyOf = (...conditions: string[]) => `(${conditions.join(' or ')})`;

/**
 * Who a gift or commitment is from: the address Paystack or staff took, else the M-Pesa payer's phone, else the name
 * staff wrote.
 */
const giftOwner: OnAlias = (g) =>
  `coalesce(${emailOf(`${g}.donor_email`)}, ${phoneOf(`${g}.donor_phone`)}, ${nameOf(`${g}.donor_name`)})`;
/** The identifiers a gift or commitment holds: its donor's name, email and phone columns. */
const donorHolds: readonly OnAlias[] = [
  (t) => nameOf(`${t}.donor_name`),
  (t) => emailOf(`${t}.donor_email`),
  (t) => phoneOf(`${t}.donor_phone`),
];
/** Who an application is from: the address it gives (every application form asks for one), else its phone. */
const applicationOwner: OnAlias = (v) => `coalesce(${emailOf(`${v}.email`)}, ${phoneOf(`${v}.details->>'phone'`)})`;
/** A row id held as text (an outbox row's record, a sponsorship's gift) as the bigint its table's key is, or null. */
const idFrom = (expression: string) => `(case when ${expression} ~ '^[0-9]{1,18}$' then (${expression})::bigint end)`;
/** Who sent a form: its address, else its phone. Staff actions (`admin.*`) are nobody's form. */
const formOwner: OnAlias = (e) =>
  `(case when ${e}.type not like 'admin.%'
    then coalesce(${emailOf(`${e}.payload->>'email'`)}, ${phoneOf(`${e}.payload->>'phone'`)}) end)`;

/** Gifts and commitments whose donor may be the person: by address, phone or name. */
const giftFind: OnAlias = (g) =>
  anyOf(byEmail(`${g}.donor_email`), byPhone(`${g}.donor_phone`), byName(`${g}.donor_name`));
/** Applications that may be the person's: by address or phone. */
const applicationFind: OnAlias = (v) => anyOf(byEmail(`${v}.email`), byPhone(`${v}.details->>'phone'`));
/** The times of the donation forms that may be the person's (a donation carries its form's `ts`). */
const donationFormTimes = `array(select e.ts from events e where e.type = 'donation_intent'
  and ${anyOf(byEmail(`e.payload->>'email'`), byPhone(`e.payload->>'phone'`))})`;
/** `expression` among the ids of `table` rows `find` selects (an array an index is probed with). */
const idIn = (expression: string, table: string, find: OnAlias) =>
  `${expression} = any(array(select r.id from ${table} r where ${find('r')}))`;

/**
 * Every table that can hold a member of the public, in erasure order (a table pointing at another comes first).
 */
export const PERSON_TABLES: readonly PersonTable[] = [
  {
    table: 'donations',
    label: 'Donations',
    // A donation is stored in the transaction of its form, so both carry the same `ts`.
    owner: (t) =>
      `(select ${formOwner('e')} from events e where e.type = 'donation_intent' and e.ts = ${t}.ts limit 1)`,
    holds: [(t) => nameOf(`${t}.donor_name`)],
    find: (t) => anyOf(byName(`${t}.donor_name`), `${t}.ts = any(${donationFormTimes})`),
    // The amount and date stay for the accounts.
    erase: { kind: 'anonymise', set: 'donor_name = null' },
    correctable: { donor_name: 'name' },
  },
  {
    table: 'sponsor_letters',
    label: 'Letters to a sponsored child',
    owner: (t) => emailOf(`${t}.sponsor_email`),
    holds: [(t) => emailOf(`${t}.sponsor_email`)],
    find: (t) => byEmail(`${t}.sponsor_email`),
    // A letter is the sponsor's own words: it goes whole, photo and all.
    erase: { kind: 'delete' },
    file: { key: 'photo_key', bytes: 'photo' },
  },
  {
    table: 'sponsorships',
    label: 'Sponsorships',
    // The sponsor's address; a sponsorship started by an M-Pesa payment has none and is the payer's (its gift's).
    owner: (t) =>
      `coalesce(${emailOf(`${t}.sponsor_email`)},
                (select ${giftOwner('g')} from gifts g where g.id = ${idFrom(`${t}.gift_ref`)} or g.reference = ${t}.gift_ref
                 limit 1),
                ${nameOf(`${t}.sponsor_name`)})`,
    holds: [(t) => nameOf(`${t}.sponsor_name`), (t) => emailOf(`${t}.sponsor_email`)],
    find: (t) =>
      anyOf(
        byEmail(`${t}.sponsor_email`),
        byName(`${t}.sponsor_name`),
        `${t}.gift_ref = any(array(select r.reference from gifts r where ${giftFind('r')}))`,
        idIn(idFrom(`${t}.gift_ref`), 'gifts', giftFind),
      ),
    // Which child was sponsored, when and for how much stays for the accounts and the child's file.
    erase: { kind: 'anonymise', set: `sponsor_name = 'Erased sponsor', sponsor_email = null, updated_at = now()` },
    correctable: { sponsor_name: 'name', sponsor_email: 'email' },
  },
  {
    table: 'commitments',
    label: 'Monthly gifts and sponsorships (commitments)',
    owner: giftOwner,
    holds: donorHolds,
    find: giftFind,
    // Staff's reason for ending it.
    mentions: ['end_reason'],
    // What was promised, the instalments paid and the account number stay for the accounts and for staff to decide
    // on a sponsorship; who promised goes (without an address no reminder is sent). Staff's notes go too.
    erase: {
      kind: 'anonymise',
      set: `donor_name = null, donor_email = null, donor_phone = null, anonymous = true, end_reason = null,
        updated_at = now()`,
    },
    correctable: { donor_name: 'name', donor_email: 'email' },
  },
  {
    table: 'gifts',
    label: 'Gifts',
    owner: giftOwner,
    holds: donorHolds,
    find: giftFind,
    // Staff notes and the M-Pesa account text ("Cash from … at the gala", "Account: <what the payer typed>").
    mentions: ['note'],
    // The amount, date, method, receipt number and what it supported stay for the accounts; the note goes whole,
    // as it may describe the donor in words no pattern finds.
    erase: {
      kind: 'anonymise',
      set: `donor_name = null, donor_email = null, donor_phone = null, note = null, anonymous = true,
            updated_at = now()`,
    },
    correctable: { donor_name: 'name', donor_email: 'email' },
  },
  {
    // Notes on a contact message and the replies sent to its writer: the writer's, so erased before the message.
    table: 'contact_history',
    label: 'Contact message notes and replies',
    owner: (t) =>
      `coalesce((select ${emailOf('c.email')} from contacts c where c.id = ${t}.contact_id), ${emailOf(`${t}.recipient`)})`,
    holds: [(t) => emailOf(`${t}.recipient`)],
    find: (t) =>
      anyOf(
        byEmail(`${t}.recipient`),
        idIn(`${t}.contact_id`, 'contacts', (c) => byEmail(`${c}.email`)),
      ),
    mentions: ['subject', 'body'],
    erase: { kind: 'delete' },
  },
  {
    table: 'contacts',
    label: 'Contact messages',
    owner: (t) => emailOf(`${t}.email`),
    holds: [(t) => nameOf(`${t}.name`)],
    find: (t) => anyOf(byEmail(`${t}.email`), byName(`${t}.name`)),
    mentions: ['subject', 'message'],
    erase: { kind: 'delete' },
    correctable: { name: 'name', email: 'email', subject: 'text' },
  },
  {
    // Notes on an application and the emails sent to its applicant: the applicant's, so erased before it.
    table: 'application_history',
    label: 'Application notes and emails',
    owner: (t) =>
      `coalesce((select ${applicationOwner('v')} from volunteers v where v.id = ${t}.application_id),
                ${emailOf(`${t}.recipient`)})`,
    holds: [(t) => emailOf(`${t}.recipient`)],
    find: (t) => anyOf(byEmail(`${t}.recipient`), idIn(`${t}.application_id`, 'volunteers', applicationFind)),
    mentions: ['subject', 'body'],
    erase: { kind: 'delete' },
  },
  {
    table: 'volunteers',
    label: 'Applications',
    owner: applicationOwner,
    holds: [(t) => nameOf(`${t}.name`), (t) => phoneOf(`${t}.details->>'phone'`)],
    find: (t) => anyOf(applicationFind(t), byName(`${t}.name`)),
    jsonMentions: ['details'],
    erase: { kind: 'delete' },
    correctable: { name: 'name', email: 'email' },
  },
  {
    table: 'newsletter_subscribers',
    label: 'Newsletter subscription',
    owner: (t) => emailOf(`${t}.email`),
    holds: [(t) => nameOf(`${t}.name`)],
    find: (t) => anyOf(byEmail(`${t}.email`), byName(`${t}.name`)),
    erase: { kind: 'delete' },
    correctable: { name: 'name', email: 'email' },
  },
  // My giving's one-time sign-in links and donor sessions: the address they were for.
  ...(
    [
      ['donor_sign_in_links', 'My giving sign-in links'],
      ['donor_sessions', 'My giving sessions'],
    ] as const
  ).map(([table, label]) => ({
    table,
    label,
    owner: (t: string) => emailOf(`${t}.email`),
    find: (t: string) => byEmail(`${t}.email`),
    erase: { kind: 'delete' } as const,
  })),
  {
    table: 'consent_records',
    label: 'Consent records',
    owner: (t) => emailOf(`${t}.email`),
    find: (t) => byEmail(`${t}.email`),
    erase: { kind: 'delete' },
  },
  {
    // An email to the person is theirs by the address it went to; an email to staff about one submission is the
    // submitter's, through the record it links to. A daily digest belongs to nobody: names in it are redacted.
    table: 'notification_outbox',
    label: 'Emails (sent to the person, or to staff about them)',
    owner: (t) => `(case
        when ${t}.kind = 'message' then ${emailOf(`${t}.recipients`)}
        when ${t}.kind = 'submission' then case ${t}.resource
          when 'contacts' then (select ${emailOf('r.email')} from contacts r where r.id = ${idFrom(`${t}.record_id`)})
          when 'volunteers' then (select ${applicationOwner('r')} from volunteers r where r.id = ${idFrom(`${t}.record_id`)})
          when 'donations' then (select ${formOwner('e')} from donations r join events e
                                   on e.type = 'donation_intent' and e.ts = r.ts where r.id = ${idFrom(`${t}.record_id`)}
                                 limit 1)
          when 'gifts' then (select ${giftOwner('r')} from gifts r where r.id = ${idFrom(`${t}.record_id`)})
          end
      end)`,
    // Each branch names the kind, so that each is answered by its partial index.
    find: (t) => {
      const about = (resource: string, ids: string) =>
        `(${t}.kind = 'submission' and ${t}.resource = '${resource}' and ${idFrom(`${t}.record_id`)} = any(${ids}))`;
      const ids = (table: string, find: OnAlias) => `array(select r.id from ${table} r where ${find('r')})`;
      return anyOf(
        `(${t}.kind = 'message' and ${byEmail(`${t}.recipients`)})`,
        about(
          'contacts',
          ids('contacts', (c) => byEmail(`${c}.email`)),
        ),
        about('volunteers', ids('volunteers', applicationFind)),
        about('donations', `array(select r.id from donations r where r.ts = any(${donationFormTimes}))`),
        about('gifts', ids('gifts', giftFind)),
      );
    },
    mentions: ['subject', 'body'],
    erase: { kind: 'delete' },
  },
  {
    table: 'events',
    label: 'Submitted forms (as received)',
    owner: formOwner,
    holds: [
      (t) => `(case when ${t}.type not like 'admin.%' then ${nameOf(`${t}.payload->>'name'`)} end)`,
      (t) => `(case when ${t}.type not like 'admin.%' then ${phoneOf(`${t}.payload->>'phone'`)} end)`,
    ],
    find: (t) =>
      anyOf(byEmail(`${t}.payload->>'email'`), byPhone(`${t}.payload->>'phone'`), byName(`${t}.payload->>'name'`)),
    // Other people's forms as received, and the reasons staff wrote in the audit trail.
    jsonMentions: ['payload'],
    erase: { kind: 'delete' },
  },
];

/** Every other table, and why a person's page does not search it. */
export const TABLES_WITHOUT_PEOPLE: Readonly<Record<string, string>> = {
  schema_migrations: 'the applied migrations',
  programs: 'published content',
  blog_posts: 'published content',
  blog_slug_history: "stories' earlier addresses",
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
  staff_visits: 'when each staff member last looked at the inbox',
  staff_invitations: "one-time links to staff members' own addresses",
  retention_runs: 'counts only',
  row_counts: 'how many rows a table gained or lost, by table name',
  backup_jobs: 'which staff member asked for a backup, and how far it has come',
  payment_events:
    "provider event keys and outcomes, pointing at a gift; a Paystack charge's body (the donor's name and email) only until it is settled, seconds after it arrived",
  paystack_plans: 'Paystack plan codes per amount',
  commitment_instalments: 'dates and the gift that paid each period of a commitment; the person is on the commitment',
  receipt_counter: 'the last receipt number',
  exchange_rates: 'the KES per USD rate staff set for the totals, and which staff member set it',
  breaches: 'descriptions of incidents, written without listing people',
  children:
    "children of the programme, shown only as their guardian's consent allows; kept and removed through the child's own record in /samu, never found by an email or phone",
  child_consents:
    "guardians' consents (name and relation), the proof the law asks for while the child's record exists; managed with the child's record",
  child_exits:
    "a child's exit from the programme (planned or not, the day, and a reason for staff only); managed with the child's record",
  exit_offers:
    'what the sponsor of a child who left chose (waiting, moved, ended), pointing at the commitment; the person is on the commitment',
  child_updates:
    "news of a sponsored child for their sponsor (first name only, pictures from Media), shown as the guardian's consent of the day allows; managed with the child's record",
  site_events: "published events; the contact is the charity's own event coordinator (work address and phone)",
  team_members:
    "the charity's own staff on the About page (name, photo, work email and phone, shown with their agreement); a person is removed in the Team tab of /samu",
  team_seed_copies: 'ids of the members of src/content/team.json already copied into team_members',
  blog_seed_copies: 'addresses of the stories that shipped with the site, already copied into blog_posts',
  program_seed_copies: 'addresses of the programs that shipped with the site, already copied into programs',
  event_seed_copies: 'ids of the events that shipped with the site, already copied into site_events',
  site_settings: "the charity's own contact details, links, figures and hero slides shown on every page",
  reply_templates:
    "the texts staff start replies to applicants from; no person's details, only placeholders filled when a reply is written (the reply itself is in application_history or contact_history)",
};
